#include "metercompare.h"

#include <algorithm>

namespace unalloc::core {

namespace {

bool isCalendarMonth(TimeUs start, TimeUs end)
{
    if (start % kUsPerDay != 0 || end <= start)
        return false;
    const std::string s = formatDate(start);
    if (s.size() < 10 || s.substr(8, 2) != "01")
        return false;
    const int year = std::stoi(s.substr(0, s.size() - 6));
    const int month = std::stoi(s.substr(s.size() - 5, 2));
    const int nextYear = month == 12 ? year + 1 : year;
    const unsigned nextMonth = month == 12 ? 1u : unsigned(month + 1);
    return end == daysFromCivil(nextYear, nextMonth, 1) * kUsPerDay;
}

const MeterRow *tenantRow(const MeterSplit &s, std::string_view tenant)
{
    return s.find(tenant);
}

} // namespace

Money PodCost::monthly() const
{
    if (end <= start || isCalendarMonth(start, end))
        return cost;
    // average month = 365.25 / 12 days = 30.4375 days; µs count is exact
    const Decimal monthUs = Decimal::fromInt(30'4375LL * kUsPerDay / 10'000);
    return Money{Decimal::mulDiv(cost.amount, monthUs, Decimal::fromInt(end - start)),
                 cost.currency};
}

Decimal gapPoints(const MeterSplit &a, const MeterSplit &b, std::string_view tenant)
{
    const MeterRow *ra = tenantRow(a, tenant);
    const MeterRow *rb = tenantRow(b, tenant);
    const Decimal sa = ra ? ra->redistributedShare : Decimal();
    const Decimal sb = rb ? rb->redistributedShare : Decimal();
    return (sa - sb).times(100);
}

MeterComparison compareMeters(const std::vector<MeterSplit> &splits, const PodCost &pod)
{
    MeterComparison out;
    out.monthlyCost = pod.monthly();
    if (splits.empty())
        return out;
    for (const MeterRow &row : splits.front().rows) {
        if (row.overhead)
            continue;
        TenantGap best;
        best.tenant = row.tenant;
        bool found = false;
        for (size_t i = 0; i < splits.size(); ++i) {
            for (size_t j = 0; j < splits.size(); ++j) {
                const Decimal g = gapPoints(splits[i], splits[j], row.tenant);
                if (i != j && (!found || g > best.points)) {
                    best.points = g;
                    best.high = splits[i].kind;
                    best.low = splits[j].kind;
                    found = true;
                }
            }
        }
        if (!found)
            continue;
        const Decimal perMonth =
            Decimal::mulDiv(best.points, out.monthlyCost.amount, Decimal::fromInt(100));
        best.perMonth = Money{perMonth.roundedHalfEven(2), out.monthlyCost.currency};
        if (!out.largest || best.points > out.largest->points)
            out.largest = best;
        out.perTenant.push_back(std::move(best));
    }
    return out;
}

std::vector<CostRow>
splitRows(const CostRow &pod, const MeterSplit &split, std::string_view ownerKey)
{
    std::vector<CostRow> out;
    const std::string meter(meterId(split.kind));
    for (const MeterRow &row : split.rows) {
        if (row.overhead && (split.policy == OverheadPolicy::Redistribute || row.share.isZero()))
            continue;
        CostRow r = pod;
        const std::string part =
            row.overhead ? "__overhead__" : (row.tenant.empty() ? "__unlabeled__" : row.tenant);
        r.name = pod.name + "/" + part;
        r.recordKey = pod.recordKey + "/" + meter + "/" + part;
        r.amount = row.amount;
        r.quantity = row.quantity;
        r.unit = std::string(meterUnit(split.kind));
        r.usage.reset();
        r.collisions.clear();
        std::vector<LabelMap::Entry> labels;
        for (const auto &e : pod.labels.entries()) {
            if (e.first != ownerKey)
                labels.push_back(e);
        }
        std::erase_if(r.rawLabels, [ownerKey](const RawLabel &l) { return l.key == ownerKey; });
        if (!row.overhead && !row.owner.empty()) {
            labels.emplace_back(std::string(ownerKey), row.owner);
            r.rawLabels.push_back({std::string(ownerKey), row.owner});
        }
        r.labels = LabelMap(std::move(labels));
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace unalloc::core
