#include "costcube.h"

#include "seams/gatewayidentity.h"

#include <algorithm>
#include <tuple>

namespace unalloc::core {

std::uint64_t CostCube::hashOf(const CostGroup &g)
{
    const std::uint64_t h = mixHash(g.labelSet, static_cast<std::uint64_t>(g.object) << 32 |
                                                    static_cast<std::uint32_t>(g.day));
    return mixHash(h, g.context);
}

std::uint64_t CostCube::hashOf(const GroupContext &c)
{
    std::uint64_t h = mixHash(static_cast<std::uint64_t>(c.batch),
                              static_cast<std::uint64_t>(c.source) << 32 | c.currency.packed());
    h = mixHash(h, static_cast<std::uint64_t>(c.usageProvider) << 32 | c.usageModel);
    return mixHash(h, static_cast<std::uint32_t>(c.days));
}

std::uint32_t CostCube::contextId(const GroupContext &c)
{
    const std::uint64_t hash = hashOf(c);
    std::uint32_t &recent = m_recentContext[hash >> 56];
    if (recent < m_contexts.size() && m_contexts[recent] == c)
        return recent;
    const auto [id, inserted] =
        m_contextIndex.findOrInsert(hash, static_cast<std::uint32_t>(m_contexts.size()),
                                    [&](std::uint32_t i) { return m_contexts[i] == c; });
    if (inserted)
        m_contexts.push_back(c);
    return recent = id;
}

std::int32_t spanDays(TimeUs start, TimeUs end)
{
    constexpr TimeUs kDay = TimeUs{86'400} * 1'000'000;
    if (end <= start)
        return 1;
    return static_cast<std::int32_t>(std::max<TimeUs>(1, (end - start + kDay - 1) / kDay));
}

void CostCube::addRow(const CostRow &row)
{
    if (row.usage && isTelemetryOnly(row.usage->provider, row.amount.amount.isZero()))
        return;
    static const std::string kNone;
    const auto day = static_cast<std::int32_t>(dayIndex(row.start));
    const size_t group =
        addGroup(row.labels, row.source, row.name, day, row.amount.currency, row.batchId,
                 row.amount.amount, 1, row.usage ? row.usage->provider : kNone,
                 row.usage ? row.usage->model : kNone, spanDays(row.start, row.end));
    const std::uint32_t context = m_groups[group].context;
    for (const Collision &c : row.collisions) {
        CollisionTotal t;
        t.canonicalKey = c.canonicalKey;
        for (const std::string &k : c.rawKeys) {
            if (!t.rawKeys.empty())
                t.rawKeys += ", ";
            t.rawKeys += k;
        }
        t.winnerRawKey = c.winnerRawKey;
        t.currency = row.amount.currency;
        t.amount = row.amount.amount;
        t.rows = 1;
        addCollision(t, context, day);
    }
}

size_t CostCube::addGroup(const LabelMap &labels,
                          std::string_view source,
                          std::string_view object,
                          std::int32_t day,
                          Currency currency,
                          std::int64_t batch,
                          Decimal amount,
                          std::int64_t rows,
                          std::string_view usageProvider,
                          std::string_view usageModel,
                          std::int32_t days)
{
    return addGroup(m_labelSets.intern(labels), source, object, day, currency, batch, amount, rows,
                    usageProvider, usageModel, days);
}

void CostCube::addGroupFrom(const CostCube &from, const CostGroup &g, Decimal amount)
{
    std::vector<LabelSetPool::Pair> pairs;
    for (const LabelSetPool::Pair &p : from.labelSets().pairs(g.labelSet))
        pairs.push_back({m_labelSets.internKey(from.labelSets().keyText(p.key)),
                         m_labelSets.internValue(from.labelSets().valueText(p.value))});
    const GroupContext &c = from.context(g);
    addGroup(m_labelSets.internPairs(pairs), from.sources().at(c.source),
             from.objects().at(g.object), g.day, c.currency, c.batch, amount, g.rows,
             from.usageName(c.usageProvider), from.usageName(c.usageModel), c.days);
}

void CostCube::keepLabelSets(const std::vector<char> &keep)
{
    const std::vector<std::uint32_t> newId = m_labelSets.keepSets(keep);
    for (CostGroup &g : m_groups)
        g.labelSet = newId[g.labelSet];
    m_index.clear(); // keyed by the old ids: rebuilt at the next addGroup()
    m_indexed = 0;
}

void CostCube::keepGroups(const std::vector<char> &keep, KeptCollisions collisions)
{
    // The (context, day) of each collision total, marked when a kept group has it: a few
    // thousand at most, looked up only when the cube has collisions.
    const auto cellOf = [](std::uint32_t context, std::int32_t day) {
        return static_cast<std::uint64_t>(context) << 32 | static_cast<std::uint32_t>(day);
    };
    std::unordered_map<std::uint64_t, char> cells;
    if (collisions == KeptCollisions::OfKeptGroups)
        for (const auto &[key, total] : m_collisions)
            cells.emplace(cellOf(std::get<3>(key), std::get<4>(key)), 0);
    size_t kept = 0;
    m_rows = 0;
    std::vector<char> setUsed(m_labelSets.size(), 0);
    for (size_t i = 0; i < m_groups.size(); ++i) {
        if (i >= keep.size() || !keep[i])
            continue;
        const CostGroup &g = m_groups[i];
        setUsed[g.labelSet] = 1;
        m_rows += g.rows;
        if (!cells.empty())
            if (auto it = cells.find(cellOf(g.context, g.day)); it != cells.end())
                it->second = 1;
        m_groups[kept++] = g; // a subsequence: objectsClustered() still holds if it held
    }
    m_groups.resize(kept);
    if (collisions == KeptCollisions::OfKeptGroups)
        std::erase_if(m_collisions, [&](const auto &entry) {
            return cells.at(cellOf(std::get<3>(entry.first), std::get<4>(entry.first))) == 0;
        });
    keepLabelSets(setUsed); // renumbers the groups' sets and drops the group index
}

void CostCube::reserve(size_t groups)
{
    m_index.reserve(groups);
    m_groups.reserve(groups);
}

size_t CostCube::addGroup(std::uint32_t labelSet,
                          std::string_view source,
                          std::string_view object,
                          std::int32_t day,
                          Currency currency,
                          std::int64_t batch,
                          Decimal amount,
                          std::int64_t rows,
                          std::string_view usageProvider,
                          std::string_view usageModel,
                          std::int32_t days)
{
    const CostGroup key{.amount = amount,
                        .rows = rows,
                        .labelSet = labelSet,
                        .object = m_objects.intern(object),
                        .day = day,
                        .context =
                            contextId({.batch = batch,
                                       .source = m_sources.intern(source),
                                       .usageProvider = usageId(usageProvider, m_lastProvider),
                                       .usageModel = usageId(usageModel, m_lastModel),
                                       .days = days,
                                       .currency = currency})};
    // Groups appended unindexed are indexed now, once.
    for (; m_indexed < m_groups.size(); ++m_indexed)
        m_index.findOrInsert(hashOf(m_groups[m_indexed]), static_cast<std::uint32_t>(m_indexed),
                             [](std::uint32_t) { return false; });
    m_clustered = false; // an indexed add can land anywhere
    const auto [id, inserted] = m_index.findOrInsert(
        hashOf(key), static_cast<std::uint32_t>(m_groups.size()), [&](std::uint32_t i) {
            const CostGroup &g = m_groups[i];
            return g.labelSet == key.labelSet && g.object == key.object && g.day == key.day &&
                   g.context == key.context;
        });
    m_rows += rows;
    if (inserted) {
        m_groups.push_back(key);
        m_indexed = m_groups.size();
        return m_groups.size() - 1;
    }
    CostGroup &g = m_groups[id];
    g.amount += amount;
    g.rows += rows;
    return id;
}

void CostCube::appendNewGroup(std::uint32_t labelSet,
                              std::string_view source,
                              std::string_view object,
                              std::int32_t day,
                              Currency currency,
                              std::int64_t batch,
                              Decimal amount,
                              std::int64_t rows,
                              std::string_view usageProvider,
                              std::string_view usageModel,
                              std::int32_t days)
{
    m_groups.push_back(
        CostGroup{.amount = amount,
                  .rows = rows,
                  .labelSet = labelSet,
                  .object = m_objects.intern(object),
                  .day = day,
                  .context = contextId({.batch = batch,
                                        .source = m_sources.intern(source),
                                        .usageProvider = usageId(usageProvider, m_lastProvider),
                                        .usageModel = usageId(usageModel, m_lastModel),
                                        .days = days,
                                        .currency = currency})});
    m_rows += rows;
}

void CostCube::addCollision(const CollisionTotal &c, std::uint32_t context, std::int32_t day)
{
    auto key = std::make_tuple(c.canonicalKey, c.rawKeys, c.winnerRawKey, context, day);
    auto it = m_collisions.find(key);
    if (it == m_collisions.end()) {
        it = m_collisions.emplace(std::move(key), c).first;
        it->second.currency = m_contexts.at(context).currency;
    } else {
        it->second.amount += c.amount;
        it->second.rows += c.rows;
    }
}

std::vector<CostGroup> CostCube::groups() const
{
    std::vector<CostGroup> out = m_groups;
    std::sort(out.begin(), out.end(), [this](const CostGroup &a, const CostGroup &b) {
        if (const auto c = m_labelSets.compare(a.labelSet, b.labelSet); c != 0)
            return c < 0;
        const GroupContext &x = context(a), &y = context(b);
        return std::make_tuple(m_sources.at(x.source), m_objects.at(a.object), a.day, x.currency,
                               x.batch, usageName(x.usageProvider), usageName(x.usageModel),
                               x.days) < std::make_tuple(m_sources.at(y.source),
                                                         m_objects.at(b.object), b.day, y.currency,
                                                         y.batch, usageName(y.usageProvider),
                                                         usageName(y.usageModel), y.days);
    });
    return out;
}

std::uint32_t CostCube::usageId(std::string_view s, std::uint32_t &last)
{
    // Providers and models alternate in one pool, so the pool's own last-hit cache misses:
    // each keeps its own (a loaded gateway ledger repeats both from group to group).
    if (s.empty())
        return 0;
    if (last != 0 && m_usageNames.at(last - 1) == s)
        return last;
    return last = m_usageNames.intern(s) + 1;
}

std::string_view CostCube::usageName(std::uint32_t id) const
{
    return id == 0 ? std::string_view() : m_usageNames.at(id - 1);
}

std::vector<CollisionTotal> CostCube::collisions(std::optional<std::int32_t> fromDay,
                                                 std::optional<std::int32_t> toDay,
                                                 const std::set<std::string> *sources) const
{
    std::vector<char> sourceWanted(m_sources.size(), 1); // by source id
    if (sources && !sources->empty())
        for (std::uint32_t s = 0; s < sourceWanted.size(); ++s)
            sourceWanted[s] = sources->contains(std::string(m_sources.at(s)));
    std::map<std::tuple<std::string_view, std::string_view, std::string_view, Currency>,
             CollisionTotal>
        merged;
    for (const auto &[key, total] : m_collisions) {
        const auto &[canonical, raw, winner, context, day] = key;
        if ((fromDay && day < *fromDay) || (toDay && day >= *toDay) ||
            !sourceWanted[m_contexts[context].source])
            continue;
        auto [it, added] = merged.try_emplace({canonical, raw, winner, total.currency}, total);
        if (!added) {
            it->second.amount += total.amount;
            it->second.rows += total.rows;
        }
    }
    std::vector<CollisionTotal> out;
    out.reserve(merged.size());
    for (auto &[k, v] : merged)
        out.push_back(std::move(v));
    return out;
}

} // namespace unalloc::core
