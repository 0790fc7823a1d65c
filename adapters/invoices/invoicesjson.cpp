#include "invoiceadapters.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"

namespace unalloc::adapters {

namespace {

struct Period
{
    std::optional<core::TimeUs> start, end;
};

/// Invoice files are small, but they go through the same streaming reader and checks.
class Visitor final : public JsonVisitor
{
public:
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        m_b.warnDuplicateKey(where, key);
    }
    explicit Visitor(BatchBuilder &b)
        : m_b(b)
    {}

    bool wantsRecord(const JsonPath &p) const override
    {
        return (p.size() == 1 && p.isKey(0, "period")) ||
               (p.size() == 2 && p.isKey(0, "invoices") && p.isIndex(1));
    }
    core::Result<void> record(const JsonPath &p, JValue &&v) override
    {
        const std::string where = p.toString();
        if (!v.isObject()) {
            return std::unexpected(m_b.error("wrong-type", "expected an object", where, {}));
        }
        if (p.size() == 1) {
            auto r = periodOf(v, where, "start", "end");
            if (!r)
                return std::unexpected(r.error());
            m_period = *r;
            return {};
        }
        return invoice(v, where);
    }
    std::vector<core::Invoice> take()
    {
        for (auto &[inv, own] : m_invoices) {
            if (!own.start)
                inv.periodStart = m_period.start;
            if (!own.end)
                inv.periodEnd = m_period.end;
        }
        std::vector<core::Invoice> out;
        for (auto &[inv, own] : m_invoices)
            out.push_back(std::move(inv));
        return out;
    }
    Period period() const { return m_period; }

private:
    core::Result<Period>
    periodOf(const JValue &v, const std::string &where, const char *s, const char *e)
    {
        Period p;
        for (const char *k : {s, e}) {
            if (const JValue *t = v.get(k)) {
                auto time = m_b.timeField(t, where, k);
                if (!time)
                    return std::unexpected(time.error());
                (k == s ? p.start : p.end) = *time;
            }
        }
        // The same rule as a cost row's charge window.
        if (p.start && p.end && *p.end < *p.start)
            return std::unexpected(m_b.error("bad-window",
                                             "the period ends (" + core::formatTimestamp(*p.end) +
                                                 ") before it starts (" +
                                                 core::formatTimestamp(*p.start) + ")",
                                             where, e));
        return p;
    }
    core::Result<void> invoice(const JValue &v, const std::string &where)
    {
        core::Invoice inv;
        const JValue *source = v.get("source");
        if (!source || !source->isString() || source->text().empty())
            return std::unexpected(
                m_b.error("missing-field", "the invoice has no source", where, "source"));
        inv.source = source->text();
        const bool usd = v.find("amount_usd") != nullptr;
        const char *field = usd ? "amount_usd" : "amount";
        auto amount = m_b.decimalField(v.find(field), where, field);
        if (!amount)
            return std::unexpected(amount.error());
        std::string code = "USD";
        if (const JValue *c = v.get("currency"); c && !usd)
            code = c->text();
        auto currency = m_b.parseCurrency(code, where, "currency");
        if (!currency)
            return std::unexpected(currency.error());
        if (amount->isNegative())
            m_b.warn("negative-amount", where, field, "the invoice amount is negative");
        inv.amount = core::Money{*amount, *currency};
        if (const JValue *note = v.get("note"))
            inv.note = note->text();
        auto own = periodOf(v, where, "period_start", "period_end");
        if (!own)
            return std::unexpected(own.error());
        if (const JValue *nested = v.get("period"); nested && nested->isObject()) {
            own = periodOf(*nested, where + ".period", "start", "end");
            if (!own)
                return std::unexpected(own.error());
        }
        inv.periodStart = own->start;
        inv.periodEnd = own->end;
        m_invoices.emplace_back(std::move(inv), *own);
        return {};
    }

    BatchBuilder &m_b;
    Period m_period;
    std::vector<std::pair<core::Invoice, Period>> m_invoices;
};

} // namespace

bool InvoicesJsonAdapter::canRead(std::string_view head, std::string_view) const
{
    return firstSignificant(head) == '{' && contains(head, "\"invoices\"");
}

core::Result<ReadResult> InvoicesJsonAdapter::read(std::string_view bytes,
                                                   const ReadOptions &options,
                                                   const RowSink &sink,
                                                   const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    Visitor v(b);
    if (auto r = streamJson(bytes, b.file(), v, progress); !r)
        return std::unexpected(r.error());
    ReadResult result = b.finish();
    result.invoices = v.take();
    for (const core::Invoice &inv : result.invoices) {
        if (inv.periodStart &&
            (!result.batch.windowStart || *inv.periodStart < *result.batch.windowStart))
            result.batch.windowStart = inv.periodStart;
        if (inv.periodEnd && (!result.batch.windowEnd || *inv.periodEnd > *result.batch.windowEnd))
            result.batch.windowEnd = inv.periodEnd;
    }
    return result;
}

} // namespace unalloc::adapters
