#include "periodrecon.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace unalloc::core {

namespace {

/// (source, period start, period end); undated lines sort first.
using LineKey = std::tuple<std::string, std::optional<TimeUs>, std::optional<TimeUs>>;

struct Accum
{
    Decimal ledger;
    std::int64_t rows = 0;
    std::optional<Decimal> invoice;
    int invoices = 0;
    std::optional<Currency> currency;
};

/// [first day, end day) an invoice period covers; an open side is unbounded.
struct DayRange
{
    std::int64_t first = std::numeric_limits<std::int64_t>::min();
    std::int64_t end = std::numeric_limits<std::int64_t>::max();
    bool contains(std::int64_t day) const { return day >= first && day < end; }
};

DayRange daysOf(const LineKey &k)
{
    DayRange r;
    if (const auto &s = std::get<1>(k))
        r.first = dayIndex(*s);
    if (const auto &e = std::get<2>(k))
        r.end = dayIndex(*e - 1) + 1; // a period ending mid-day still covers that day
    return r;
}

Result<void> addCurrency(Accum &a, Currency c, std::string_view source)
{
    if (a.currency && *a.currency != c)
        return fail("currency-mismatch", "reconciliation of " + std::string(source) + " mixes " +
                                             a.currency->code() + " and " + c.code());
    a.currency = c;
    return {};
}

} // namespace

bool PeriodReconciliation::hasMismatch() const
{
    return std::any_of(lines.begin(), lines.end(), [](const PeriodReconLine &l) {
        // A zero invoice against a non-zero ledger does not tie out either.
        return l.line.status == ReconStatus::Over || l.line.status == ReconStatus::Under ||
               l.line.status == ReconStatus::ZeroInvoice;
    });
}

Result<PeriodReconciliation> reconcileByPeriod(const CostCube &cube,
                                               const std::vector<Invoice> &invoices,
                                               const PeriodReconOptions &options)
{
    const auto wanted = [&options](const std::string &s) {
        return options.sources.empty() || options.sources.contains(s);
    };
    std::map<LineKey, Accum> lines;
    std::map<std::string, std::vector<std::pair<DayRange, LineKey>>> dated;
    for (const Invoice &inv : invoices) {
        if (!wanted(inv.source))
            continue;
        const LineKey key{inv.source, inv.periodStart, inv.periodEnd};
        Accum &a = lines[key];
        if (auto ok = addCurrency(a, inv.amount.currency, inv.source); !ok)
            return fail(ok.error());
        a.invoice = a.invoice.value_or(Decimal()) + inv.amount.amount;
        if (a.invoices++ == 0 && (inv.periodStart || inv.periodEnd))
            dated[inv.source].emplace_back(daysOf(key), key);
    }
    for (auto &[source, periods] : dated)
        std::sort(periods.begin(), periods.end(),
                  [](const auto &a, const auto &b) { return a.second < b.second; });

    // Per source: whether it is wanted, its dated periods and, per period (last: undated),
    // the line it adds to, found once instead of once per group.
    struct SourceSlot
    {
        bool wanted = false;
        const std::vector<std::pair<DayRange, LineKey>> *periods = nullptr;
        std::vector<Accum *> accum;
    };
    static const std::vector<std::pair<DayRange, LineKey>> kNoPeriods;
    std::vector<SourceSlot> slots(cube.sources().size());
    for (size_t i = 0; i < slots.size(); ++i) {
        const std::string source(cube.sources().at(static_cast<std::uint32_t>(i)));
        SourceSlot &slot = slots[i];
        slot.wanted = wanted(source);
        const auto it = dated.find(source);
        slot.periods = it != dated.end() ? &it->second : &kNoPeriods;
        slot.accum.assign(slot.periods->size() + 1, nullptr);
    }
    for (const CostGroup &g : cube.rawGroups()) {
        SourceSlot &slot = slots[cube.context(g).source];
        if (!slot.wanted || (options.fromDay && g.day < *options.fromDay) ||
            (options.toDay && g.day >= *options.toDay))
            continue;
        const std::string_view source = cube.sources().at(cube.context(g).source);
        const size_t undated = slot.periods->size();
        size_t p = undated;
        for (size_t i = 0; i < undated; ++i) {
            if ((*slot.periods)[i].first.contains(g.day)) {
                p = i;
                break;
            }
        }
        Accum *&a = slot.accum[p];
        if (a == nullptr)
            a = &lines[p == undated ? LineKey{std::string(source), std::nullopt, std::nullopt}
                                    : (*slot.periods)[p].second];
        if (auto ok = addCurrency(*a, cube.context(g).currency, source); !ok)
            return fail(ok.error());
        a->ledger += g.amount;
        a->rows += g.rows;
    }

    PeriodReconciliation out;
    out.tolerancePct = options.tolerancePct;
    Decimal ledgerTotal, invoiceTotal;
    std::optional<Currency> only;
    bool mixed = false;
    for (const auto &[key, a] : lines) {
        PeriodReconLine l;
        l.periodStart = std::get<1>(key);
        l.periodEnd = std::get<2>(key);
        l.currency = a.currency.value_or(Currency::usd());
        l.line = reconcileLine(std::get<0>(key), a.ledger, a.invoice, options.tolerancePct);
        l.rows = a.rows;
        l.invoiceCount = a.invoices;
        ledgerTotal += a.ledger;
        invoiceTotal += a.invoice.value_or(Decimal());
        mixed = mixed || (only && *only != l.currency);
        only = l.currency;
        out.lines.push_back(std::move(l));
    }
    if (!mixed) {
        out.ledgerTotal = ledgerTotal;
        out.invoiceTotal = invoiceTotal;
    }
    return out;
}

} // namespace unalloc::core
