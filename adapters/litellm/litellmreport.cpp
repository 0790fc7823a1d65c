#include "litellmreport.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"

namespace unalloc::adapters {

namespace {

/// Each top-level element (one day, or one api key) is one record.
class Visitor final : public JsonVisitor
{
public:
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        m_b.warnDuplicateKey(where, key);
    }
    Visitor(BatchBuilder &b, core::Currency c)
        : m_b(b)
        , m_currency(c)
    {}

    bool wantsRecord(const JsonPath &p) const override { return p.size() == 1 && p.isIndex(0); }
    core::Result<void> record(const JsonPath &p, JValue &&v) override
    {
        const std::string where = p.toString();
        if (!v.isObject())
            return std::unexpected(m_b.error("wrong-type", "expected an object", where, {}));
        if (v.find("group_by_day"))
            return day(v, where);
        return apiKey(v, where);
    }

private:
    core::Result<void> checkTotal(const JValue &owner,
                                  const char *totalField,
                                  core::Decimal sum,
                                  const std::string &where)
    {
        const JValue *total = owner.get(totalField);
        if (!total)
            return {};
        auto t = m_b.decimalField(total, where, totalField);
        if (!t)
            return std::unexpected(t.error());
        core::Decimal diff = *t - sum;
        if (diff.isNegative())
            diff = -diff;
        // LiteLLM's totals are float sums; only a real difference is worth a warning.
        if (diff > core::Decimal::fromUnits(1'000'000'000)) {
            m_b.warn("total-mismatch", where, totalField,
                     "the breakdown adds up to " + sum.toString() + ", the stated total is " +
                         t->toString());
        }
        return {};
    }
    core::Result<void> row(std::string team,
                           const std::string &teamKey,
                           const JValue &entry,
                           const char *amountField,
                           const std::string &where,
                           core::TimeUs start,
                           core::TimeUs end,
                           const std::string &apiKey)
    {
        core::CostRow row;
        row.start = start;
        row.end = end;
        auto amount = m_b.decimalField(entry.find(amountField), where, amountField);
        if (!amount)
            return std::unexpected(amount.error());
        row.amount = core::Money{*amount, m_currency};
        const std::string model = scalarText(entry.get("model"));
        RawLabelBuilder labels;
        // "Unassigned Team" is LiteLLM's placeholder, not an owner.
        if (team != "Unassigned Team")
            labels.add(teamKey, team);
        labels.add("api_key", apiKey);
        labels.add("model", model);
        row.rawLabels = labels.take();
        row.name = model.empty() ? std::string("litellm-spend") : model;
        row.recordKey = joinKey({core::formatDate(start), team, apiKey, model});
        m_sum += *amount;
        return m_b.submit(std::move(row), where);
    }
    core::Result<void> day(const JValue &v, const std::string &where)
    {
        auto start = m_b.timeField(v.get("group_by_day"), where, "group_by_day");
        if (!start)
            return std::unexpected(start.error());
        const core::TimeUs end = *start + core::kUsPerDay;
        for (const char *groups : {"teams", "customers"}) {
            const JValue *list = v.get(groups);
            if (!list || !list->isArray())
                continue;
            const bool teams = std::string_view(groups) == "teams";
            for (size_t i = 0; i < list->items().size(); ++i) {
                const JValue &g = list->items()[i];
                const std::string gw = where + "." + groups + "[" + std::to_string(i) + "]";
                const std::string name = scalarText(g.get(teams ? "team_name" : "customer"));
                const JValue *md = g.get("metadata");
                m_sum = core::Decimal();
                if (!md || !md->isArray() || md->items().empty()) {
                    if (auto r = row(name, teams ? "team" : "customer", g, "total_spend", gw,
                                     *start, end, {});
                        !r)
                        return r;
                    continue;
                }
                for (size_t j = 0; j < md->items().size(); ++j) {
                    const JValue &m = md->items()[j];
                    const std::string mw = gw + ".metadata[" + std::to_string(j) + "]";
                    if (auto r = row(name, teams ? "team" : "customer", m, "spend", mw, *start, end,
                                     scalarText(m.get("api_key")));
                        !r)
                        return r;
                }
                if (auto r = checkTotal(g, "total_spend", m_sum, gw); !r)
                    return r;
            }
        }
        return {};
    }
    core::Result<void> apiKey(const JValue &v, const std::string &where)
    {
        const ReadOptions &o = m_b.options();
        if (!o.requestedStart || !o.requestedEnd) {
            return std::unexpected(m_b.error("missing-window",
                                             "the per-key spend report carries no dates; give "
                                             "the window that was requested",
                                             where, {}));
        }
        const std::string key = scalarText(v.get("api_key"));
        const JValue *details = v.get("model_details");
        m_sum = core::Decimal();
        if (!details || !details->isArray() || details->items().empty())
            return row({}, "team", v, "total_cost", where, *o.requestedStart, *o.requestedEnd, key);
        for (size_t j = 0; j < details->items().size(); ++j) {
            const std::string mw = where + ".model_details[" + std::to_string(j) + "]";
            if (auto r = row({}, "team", details->items()[j], "total_cost", mw, *o.requestedStart,
                             *o.requestedEnd, key);
                !r)
                return r;
        }
        return checkTotal(v, "total_cost", m_sum, where);
    }

    BatchBuilder &m_b;
    core::Currency m_currency;
    core::Decimal m_sum;
};

} // namespace

bool LiteLlmSpendReportAdapter::canRead(std::string_view head, std::string_view) const
{
    return firstSignificant(head) == '[' &&
           (contains(head, "\"group_by_day\"") ||
            (contains(head, "\"api_key\"") && contains(head, "\"model_details\"")));
}

core::Result<ReadResult> LiteLlmSpendReportAdapter::read(std::string_view bytes,
                                                         const ReadOptions &options,
                                                         const RowSink &sink,
                                                         const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    auto currency = b.parseCurrency(options.defaultCurrency, {}, "currency");
    if (!currency)
        return std::unexpected(currency.error());
    Visitor v(b, *currency);
    if (auto r = streamJson(bytes, b.file(), v, progress); !r)
        return std::unexpected(r.error());
    return b.finish();
}

} // namespace unalloc::adapters
