#include "chargeback.h"

#include "focusexport.h"

#include "core/ownerrule.h"
#include "core/slicefilter.h"

#include <algorithm>
#include <charconv>

namespace unalloc::core {

Result<Chargeback> chargebackMonth(const std::string &month)
{
    int year = 0, m = 0;
    const char *p = month.data();
    const bool ok =
        month.size() == 7 && month[4] == '-' && std::from_chars(p, p + 4, year).ptr == p + 4 &&
        std::from_chars(p + 5, p + 7, m).ptr == p + 7 && m >= 1 && m <= 12 && year >= 1970;
    if (!ok)
        return fail("usage", "--month expects YYYY-MM, got '" + month + "'");
    Chargeback c;
    c.month = month;
    c.fromDay = static_cast<std::int32_t>(daysFromCivil(year, unsigned(m), 1));
    c.toDay = static_cast<std::int32_t>(m == 12 ? daysFromCivil(year + 1, 1, 1)
                                                : daysFromCivil(year, unsigned(m + 1), 1));
    c.previousDay = static_cast<std::int32_t>(m == 1 ? daysFromCivil(year - 1, 12, 1)
                                                     : daysFromCivil(year, unsigned(m - 1), 1));
    return c;
}

Result<Chargeback> buildChargeback(const CostCube &cube, AttributionOptions options, Chargeback c)
{
    AttributionOptions before = options;
    before.fromDay = c.previousDay;
    before.toDay = c.fromDay;
    options.fromDay = c.fromDay;
    options.toDay = c.toDay;
    auto current = attribute(cube, options);
    if (!current)
        return fail(current.error());
    auto previous = attribute(cube, before);
    if (!previous)
        return fail(previous.error());
    c.current = std::move(*current);
    c.previous = std::move(*previous);
    for (const Bucket &b : c.current.buckets) {
        ChargebackLine line{b.key, b.unallocated,  b.amount, b.viaFallback,
                            {},    b.sourceList(), b.rows};
        for (const Bucket &p : c.previous.buckets)
            if (p.key == b.key)
                line.previous = p.amount;
        c.owners.push_back(std::move(line));
    }

    // Statements: the month's groups by owner, source and cost object.
    std::map<std::string, std::map<std::pair<std::string, std::string>, StatementLine>> by;
    std::vector<std::string> owners;
    const std::vector<SetOwner> ownerOf = resolveSetOwners(cube.labelSets(), options, owners);
    const std::string unallocated(kUnallocated);
    const SliceFilter inSlice(cube, options);
    for (const CostGroup &g : cube.rawGroups()) {
        if (!inSlice(g))
            continue;
        const std::int32_t o = ownerOf[g.labelSet].owner;
        const std::string &owner = o >= 0 ? owners[static_cast<size_t>(o)] : unallocated;
        const std::string_view source = cube.sources().at(cube.context(g).source);
        const std::string_view object = cube.objects().at(g.object);
        StatementLine &line = by[owner][{std::string(source), std::string(object)}];
        line.source = source;
        line.object = object;
        line.amount += g.amount;
        line.rows += g.rows;
    }
    for (auto &[owner, lines] : by) {
        std::vector<StatementLine> list;
        for (auto &[key, line] : lines)
            list.push_back(std::move(line));
        std::stable_sort(list.begin(), list.end(),
                         [](const StatementLine &a, const StatementLine &b) {
                             if (a.amount != b.amount)
                                 return b.amount < a.amount;
                             return std::tie(a.source, a.object) < std::tie(b.source, b.object);
                         });
        c.statements[owner] = std::move(list);
    }

    auto items = backlog(cube, options, 20);
    if (!items)
        return fail(items.error());
    c.backlog = std::move(*items);
    c.fixPlan = fixPlan(c.current, c.backlog);
    return c;
}

} // namespace unalloc::core
