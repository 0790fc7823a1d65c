#include "opencostjson.h"

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"
#include "adapters/common/labelsetmemo.h"

#include <algorithm>

namespace unalloc::adapters {

using core::Decimal;
using core::TimeUs;

namespace {

constexpr std::string_view kComponents[] = {"cpuCost",    "ramCost",     "gpuCost",
                                            "pvCost",     "networkCost", "loadBalancerCost",
                                            "sharedCost", "externalCost"};
constexpr std::string_view kStructural[] = {"namespace", "controller", "controllerKind", "cluster",
                                            "node"};
constexpr std::string_view kModelKeys[] = {"model", "modelName", "llmModel", "inferenceModel"};

struct StepWindow
{
    TimeUs start = 0, end = 0;
};

/// Streams allocation sets; each allocation is one record.
class Visitor final : public JsonVisitor
{
public:
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        m_b.warnDuplicateKey(where, key);
    }
    Visitor(BatchBuilder &b, core::Currency currency)
        : m_b(b)
        , m_currency(currency)
        , m_labels(b.normaliser(), b.options().elideRepeatedLabels)
    {}

    bool wantsRecord(const JsonPath &p) const override
    {
        // {data:[{name: alloc}]}, {data:{name: alloc}} and a bare [{name: alloc}].
        if (p.size() == 3 && p.isKey(0, "data") && p.isIndex(1))
            return true;
        if (p.size() == 2 && p.isKey(0, "data") && !p.isIndex(1))
            return true;
        return p.size() == 2 && p.isIndex(0) && !p.isIndex(1);
    }
    core::Result<void> enter(const JsonPath &p, JValue::Kind kind) override
    {
        const bool setInList = (p.size() == 2 && p.isKey(0, "data") && p.isIndex(1)) ||
                               (p.size() == 1 && p.isIndex(0));
        const bool singleSet = p.size() == 1 && p.isKey(0, "data") && kind == JValue::Kind::Object;
        if (setInList || singleSet) {
            if (kind != JValue::Kind::Object) {
                return std::unexpected(m_b.error("wrong-type",
                                                 "an allocation set must be an "
                                                 "object",
                                                 p.toString(), {}));
            }
            ++m_steps;
            m_stepOpen = true;
            m_setDepth = p.size();
            m_stepWindow.reset();
        }
        return {};
    }
    core::Result<void> leave(const JsonPath &p) override
    {
        if (m_stepOpen && p.size() == m_setDepth) {
            if (m_stepWindow)
                m_windows.push_back(*m_stepWindow);
            m_stepOpen = false;
        }
        return {};
    }
    core::Result<void> scalar(const JsonPath &p, const JValue &v) override
    {
        if (p.size() == 1 && p.isKey(0, "code") && v.isNumber() && v.text() != "200")
            m_code = v.text();
        if (p.size() == 1 && p.isKey(0, "message") && v.isString())
            m_message = v.text();
        return {};
    }
    core::Result<void> endDocument(int) override
    {
        if (m_code.empty())
            return {};
        return std::unexpected(m_b.error("upstream-error",
                                         "OpenCost answered code " + m_code + ": " +
                                             (m_message.empty() ? "(no message)" : m_message),
                                         "code", {}));
    }
    core::Result<void> record(const JsonPath &p, JValue &&a) override
    {
        return m_b.guardRecord([&] { return allocation(p, a); });
    }
    void finishEvidence();

private:
    core::Result<Decimal> amountOf(const JValue &a, const std::string &where);
    core::Result<void> allocation(const JsonPath &p, const JValue &a);

    BatchBuilder &m_b;
    core::Currency m_currency;
    /// An hourly month repeats each pod's labels 720 times: normalised once per distinct set.
    LabelSetMemo m_labels;
    std::string m_code, m_message;
    std::int64_t m_steps = 0;
    bool m_stepOpen = false;
    size_t m_setDepth = 0;
    std::optional<StepWindow> m_stepWindow;
    std::vector<StepWindow> m_windows;
};

core::Result<Decimal> Visitor::amountOf(const JValue &a, const std::string &where)
{
    if (const JValue *total = a.get("totalCost"))
        return m_b.decimalField(total, where, "totalCost");
    // OpenCost writes null for a NaN/Inf total; the parts are the best exact evidence left.
    Decimal sum;
    int parts = 0;
    for (std::string_view k : kComponents) {
        const JValue *v = a.get(k);
        if (!v)
            continue;
        auto d = m_b.decimalField(v, where, std::string(k));
        if (!d)
            return d;
        sum += *d;
        ++parts;
    }
    if (parts == 0) {
        return std::unexpected(m_b.error("missing-amount",
                                         "totalCost is null and no cost component is set", where,
                                         "totalCost"));
    }
    m_b.warn("amount-from-components", where, "totalCost",
             "totalCost is null; used the exact sum of the cost components");
    return sum;
}

core::Result<void> Visitor::allocation(const JsonPath &p, const JValue &a)
{
    const std::string where = p.toString();
    if (!a.isObject()) {
        return std::unexpected(m_b.error("wrong-type",
                                         std::string("an allocation must be an "
                                                     "object, got ") +
                                             JValue::kindName(a.kind()),
                                         where, {}));
    }
    core::CostRow row;
    const JValue *name = a.get("name");
    row.name = (name && name->isString() && !name->text().empty()) ? name->text() : p.back().key;

    // The amount first: a record left out by --skip-invalid counts its dollars when it has them.
    auto amount = amountOf(a, where);
    if (!amount)
        return std::unexpected(amount.error());
    row.amount = core::Money{*amount, m_currency};
    m_b.noteAmount(row.amount);

    const JValue *window = a.get("window");
    auto bound = [&](const char *own, const char *inWindow) -> const JValue * {
        const JValue *v = a.get(own);
        if (v && !(v->isString() && v->text() == "null"))
            return v;
        v = window ? window->get(inWindow) : nullptr;
        return (v && !(v->isString() && v->text() == "null")) ? v : nullptr;
    };
    auto start = m_b.timeField(bound("start", "start"), where, "start");
    if (!start)
        return std::unexpected(start.error());
    auto end = m_b.timeField(bound("end", "end"), where, "end");
    if (!end)
        return std::unexpected(end.error());
    row.start = *start;
    row.end = *end;
    // The step window identifies the record across pulls; the running interval may be shorter.
    TimeUs keyStart = row.start, keyEnd = row.end;
    if (window) {
        const JValue *ws = window->get("start");
        const JValue *we = window->get("end");
        if (ws && we && ws->text() != "null" && we->text() != "null") {
            auto s = m_b.timeField(ws, where, "window.start");
            auto e = m_b.timeField(we, where, "window.end");
            if (!s || !e)
                return std::unexpected(s ? e.error() : s.error());
            keyStart = *s;
            keyEnd = *e;
        }
    }
    if (m_stepOpen && !m_stepWindow)
        m_stepWindow = StepWindow{keyStart, keyEnd};
    row.recordKey =
        joinKey({core::formatTimestamp(keyStart), core::formatTimestamp(keyEnd), row.name});

    // RawLabelBuilder's rules, through the memo (the views stay valid until fill: they point
    // into `a` and at constants).
    m_labels.clear();
    auto add = [this](std::string_view key, const JValue *value) {
        if (value && value->isScalar() && !value->isNull())
            m_labels.add(key, value->text());
    };
    auto addObject = [&add](const JValue *object) {
        if (object && object->isObject()) {
            for (const auto &[k, v] : object->members())
                add(k, &v);
        }
    };
    const JValue *props = a.get("properties");
    if (props && props->isObject()) {
        addObject(props->get("labels"));
        addObject(props->get("annotations"));
        for (std::string_view k : kStructural)
            add(k, props->get(k));
    }
    const JValue *model = nullptr;
    for (const JValue *holder : {static_cast<const JValue *>(&a), props}) {
        for (std::string_view k : kModelKeys) {
            const JValue *v = (holder && holder->isObject()) ? holder->get(k) : nullptr;
            if (!model && v && v->isScalar() && !core::trimmed(v->text()).empty())
                model = v;
        }
    }
    if (model) {
        m_labels.add("model", model->text());
        m_labels.add("unalloc_layer", "inference");
    }
    m_labels.fill(row);

    if (const JValue *gpuHours = a.get("gpuHours")) {
        auto hours = m_b.decimalField(gpuHours, where, "gpuHours");
        if (!hours)
            return std::unexpected(hours.error());
        if (!hours->isZero()) {
            row.quantity = *hours;
            row.unit = "gpu-hours";
        }
    }
    return m_b.submitLabelled(std::move(row), where);
}

void Visitor::finishEvidence()
{
    core::Completeness &ev = m_b.evidence();
    ev.stepsRead = m_steps;
    std::sort(m_windows.begin(), m_windows.end(),
              [](const StepWindow &x, const StepWindow &y) { return x.start < y.start; });
    for (size_t i = 1; i < m_windows.size(); ++i) {
        if (m_windows[i].start > m_windows[i - 1].end) {
            ev.gaps.push_back(core::formatTimestamp(m_windows[i - 1].end) + "/" +
                              core::formatTimestamp(m_windows[i].start));
        }
    }
    const ReadOptions &o = m_b.options();
    if (o.requestedStart && o.requestedEnd && *o.requestedEnd > *o.requestedStart) {
        const TimeUs span = *o.requestedEnd - *o.requestedStart;
        const TimeUs step = (o.requestedStep && *o.requestedStep > 0) ? *o.requestedStep : span;
        ev.stepsExpected = (span + step - 1) / step;
        if (!m_windows.empty() && m_windows.front().start > *o.requestedStart) {
            ev.gaps.insert(ev.gaps.begin(), core::formatTimestamp(*o.requestedStart) + "/" +
                                                core::formatTimestamp(m_windows.front().start));
        }
        if (!m_windows.empty() && m_windows.back().end < *o.requestedEnd) {
            ev.gaps.push_back(core::formatTimestamp(m_windows.back().end) + "/" +
                              core::formatTimestamp(*o.requestedEnd));
        }
    }
    if (ev.stepsExpected && m_steps < *ev.stepsExpected) {
        ev.reason = "read " + std::to_string(m_steps) + " of " + std::to_string(*ev.stepsExpected) +
                    " steps of the requested window";
    } else if (!ev.gaps.empty()) {
        ev.reason = "steps missing from the window: " + ev.gaps.front() +
                    (ev.gaps.size() > 1 ? " and " + std::to_string(ev.gaps.size() - 1) + " more"
                                        : std::string());
    }
}

} // namespace

bool OpenCostJsonAdapter::canRead(std::string_view head, std::string_view) const
{
    const char c = firstSignificant(head);
    // /cloudCost answers share the envelope but are a different report; leave them unknown.
    if ((c != '{' && c != '[') || contains(head, "\"cloudCosts\""))
        return false;
    return contains(head, "\"totalCost\"") || contains(head, "\"cpuCost\"") ||
           (contains(head, "\"code\"") && contains(head, "\"properties\"") &&
            contains(head, "\"window\""));
}

core::Result<ReadResult> OpenCostJsonAdapter::read(std::string_view bytes,
                                                   const ReadOptions &options,
                                                   const RowSink &sink,
                                                   const Progress &progress) const
{
    BatchBuilder b(source(), id(), options, sink);
    auto currency = b.parseCurrency(options.defaultCurrency, {}, "currency");
    if (!currency)
        return std::unexpected(currency.error());
    b.windowFields("start", "end");
    Visitor v(b, *currency);
    if (auto r = streamJson(bytes, b.file(), v, progress); !r)
        return std::unexpected(r.error());
    v.finishEvidence();
    return b.finish();
}

} // namespace unalloc::adapters
