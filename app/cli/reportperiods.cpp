#include "reportperiods.h"

#include "textformat.h"

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

/// The period's largest owner that is not <unallocated>, or nullptr.
const core::Bucket *largestOwner(const core::AttributionReport &r)
{
    for (const core::Bucket &b : r.buckets) // amount descending, <unallocated> last
        if (!b.unallocated)
            return &b;
    return nullptr;
}

} // namespace

Json periodsJson(const std::vector<core::TrendPeriod> &periods, core::TrendStep step)
{
    Json out = Json::array();
    for (const core::TrendPeriod &p : periods) {
        const core::AttributionReport &r = p.report;
        Json owners = Json::array();
        for (const core::Bucket &b : r.buckets)
            owners.push_back(Json{{"key", b.key},
                                  {"amount_usd", b.amount.toString()},
                                  {"via_fallback_usd", b.viaFallback.toString()},
                                  {"row_count", b.rows}});
        out.push_back(
            Json{{"period", core::periodLabel(p, step)},
                 {"from", core::dayText(p.fromDay)},
                 {"to", core::dayText(p.toDay)}, // exclusive
                 {"total_usd", r.total.toString()},
                 {"unallocated_usd", r.unallocated.toString()},
                 {"unallocated_pct", r.rowCount > 0 ? Json(r.unallocatedPct().toFixed(1)) : Json()},
                 {"fallback_usd", r.fallbackTotal.toString()},
                 {"fallback_pct", r.rowCount > 0 ? Json(r.fallbackPct().toFixed(1)) : Json()},
                 {"row_count", r.rowCount},
                 {"owners", owners}});
    }
    return out;
}

void printPeriods(const std::vector<core::TrendPeriod> &periods,
                  core::TrendStep step,
                  const core::AttributionReport &whole,
                  Io &io)
{
    const auto m = [&whole](core::Decimal d) {
        return money(d, whole.currency);
    };
    std::string title =
        std::string("Spend by ") + core::toString(step) + ", owner key " + whole.dimension;
    if (!whole.fallbacks.empty()) {
        std::string keys;
        for (const std::string &f : whole.fallbacks)
            keys += (keys.empty() ? "" : ", ") + f;
        title += " (fallbacks: " + keys + ")";
    }
    TextTable t(title + " — a row counts in the period its charge starts in");
    t.addColumn("Period");
    for (const char *h : {"Total", "Unallocated", "U", "Via fallback", "F", "Rows"})
        t.addColumn(h, TextTable::Align::Right);
    t.addColumn("Largest owner");
    for (const core::TrendPeriod &p : periods) {
        const core::AttributionReport &r = p.report;
        if (r.rowCount == 0) {
            t.addRow({core::periodLabel(p, step), m({}), m({}), "—", m({}), "—", "0", "no rows"});
            continue;
        }
        const core::Bucket *top = largestOwner(r);
        t.addRow({core::periodLabel(p, step), m(r.total), m(r.unallocated),
                  percent(r.unallocatedPct()), m(r.fallbackTotal), percent(r.fallbackPct()),
                  std::to_string(r.rowCount),
                  top ? top->key + " " + m(top->amount) : std::string("—")});
    }
    t.addSeparator();
    const core::Bucket *top = largestOwner(whole);
    t.addRow({"Total", m(whole.total), m(whole.unallocated), percent(whole.unallocatedPct()),
              m(whole.fallbackTotal), percent(whole.fallbackPct()), std::to_string(whole.rowCount),
              top ? top->key + " " + m(top->amount) : std::string("—")});
    t.print(io.out);
}

} // namespace unalloc::cli
