#pragma once

#include "costrow.h"
#include "flatindex.h"
#include "hugepages.h"
#include "labelsetpool.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief What many groups share: source, currency, batch, usage provider and model, and the
/// length of the charge window. A cube holds each distinct context once (8 on the benchmark's
/// ledger of ten million requests: one batch, eight models) and a group refers to it by id.
struct GroupContext
{
    std::int64_t batch = 0;
    std::uint32_t source = 0;
    /// Usage provider and model of the rows (CostRow::usage), as ids for CostCube::usageName;
    /// 0 = none. Gateway rows carry them; the double-counting seam matches on them.
    std::uint32_t usageProvider = 0;
    std::uint32_t usageModel = 0;
    /// Whole days the rows' charge window spans from the group's day (spanDays): 1 for a
    /// request or a daily bucket, 7 for a weekly and 28–31 for a monthly bill line.
    std::int32_t days = 1;
    Currency currency;
    friend bool operator==(const GroupContext &, const GroupContext &) = default;
};

/// One cell of the cube: the exact sum of all rows sharing label set, cost object, UTC day of
/// their window start and context (source, currency, batch, usage provider/model, window).
struct CostGroup
{
    Decimal amount;
    std::int64_t rows = 0;
    std::uint32_t labelSet = 0;
    std::uint32_t object = 0;
    std::int32_t day = 0;      ///< days since 1970-01-01 of the row's start
    std::uint32_t context = 0; ///< CostCube::context(); the fields groups share
};
// 40 bytes: one per request on a per-request ledger (64 while the context was inline).
static_assert(sizeof(CostGroup) == 40);

/// Days a charge window [start, end) spans: ⌈(end − start) ÷ 1 day⌉, at least 1.
std::int32_t spanDays(TimeUs start, TimeUs end);

/// Dollars that passed through one label-key collision (raw keys merged into one key).
struct CollisionTotal
{
    std::string canonicalKey;
    std::string rawKeys; ///< contenders joined with ", ", winner first
    std::string winnerRawKey;
    Currency currency;
    Decimal amount;
    std::int64_t rows = 0;
};

/// @brief The ledger reduced to what attribution needs: exact sums per distinct
/// (label set, source, object, day, currency, batch). Rows fold in; order never matters.
class CostCube final
{
public:
    /// Folds a row in; request telemetry (isTelemetryOnly) is no cost and stays out.
    void addRow(const CostRow &row);
    /// Adds an already-aggregated group (the ledger store loads its aggregate this way).
    /// Gives the index in rawGroups() of the group the amount went to.
    size_t addGroup(const LabelMap &labels,
                    std::string_view source,
                    std::string_view object,
                    std::int32_t day,
                    Currency currency,
                    std::int64_t batch,
                    Decimal amount,
                    std::int64_t rows,
                    std::string_view usageProvider = {},
                    std::string_view usageModel = {},
                    std::int32_t days = 1);
    /// Adds group `g` of cube `from` (another cube) with amount `amount`: its label set,
    /// source, object and usage names are carried over by text (each label's key and value
    /// looked up: for many groups, keepGroups() on a cube one owns does no lookup).
    void addGroupFrom(const CostCube &from, const CostGroup &g, Decimal amount);
    void addGroupFrom(const CostCube &from, const CostGroup &g) { addGroupFrom(from, g, g.amount); }
    /// Interns a label set once, for the id-based addGroup below.
    std::uint32_t internLabelSet(const LabelMap &labels) { return m_labelSets.intern(labels); }
    std::uint32_t internLabelSet(LabelMap &&labels) { return m_labelSets.intern(labels); }
    /// Interns a set given as text ids of labelSets() (LabelSetPool::internPairs).
    std::uint32_t internLabelSet(std::span<const LabelSetPool::Pair> pairs)
    {
        return m_labelSets.internPairs(pairs);
    }
    /// internLabelSet given LabelSetPool::hashOf(pairs).
    std::uint32_t internLabelSet(std::span<const LabelSetPool::Pair> pairs, std::uint64_t hash)
    {
        return m_labelSets.internHashedPairs(pairs, hash);
    }
    /// Keeps the label sets `keep` marks non-zero and renumbers the groups' sets: a loader that
    /// added every stored set drops those no group has (LabelSetPool::keepSets).
    void keepLabelSets(const std::vector<char> &keep);
    /// What keepGroups() does with the collision totals.
    enum class KeptCollisions {
        OfKeptGroups, ///< those of a (context, day) a kept group has: a filter's
        All,          ///< every one: the groups dropped come back (value aliases)
    };
    /// Keeps the groups `keep` marks non-zero (by rawGroups() index, in their order) and the
    /// label sets they name, and the collision totals `collisions` says. Key, value, source
    /// and object texts stay (a loaded cube may already hold texts no group names). What a
    /// filter by source, batch, currency or period does to a cube it owns, instead of copying
    /// the rest.
    void keepGroups(const std::vector<char> &keep,
                    KeptCollisions collisions = KeptCollisions::OfKeptGroups);
    /// The cube's label set pool, for a loader that interns texts itself.
    LabelSetPool &labelSetsForLoading() { return m_labelSets; }
    /// addGroup with an interned label set: what a loader that meets each set many times uses.
    /// Gives the index in rawGroups() of the group the amount went to.
    size_t addGroup(std::uint32_t labelSet,
                    std::string_view source,
                    std::string_view object,
                    std::int32_t day,
                    Currency currency,
                    std::int64_t batch,
                    Decimal amount,
                    std::int64_t rows,
                    std::string_view usageProvider = {},
                    std::string_view usageModel = {},
                    std::int32_t days = 1);
    /// @brief Appends a group that is new to the cube, without looking it up.
    ///
    /// For a loader that reads an aggregate with unique keys in key order: each call's key
    /// must differ from every group's so far, and groups with equal (label set, source, object)
    /// must come one after another. While every group came this way, objectsClustered() holds
    /// and per-object sums need no hashing. A later addGroup() indexes these groups first.
    void appendNewGroup(std::uint32_t labelSet,
                        std::string_view source,
                        std::string_view object,
                        std::int32_t day,
                        Currency currency,
                        std::int64_t batch,
                        Decimal amount,
                        std::int64_t rows,
                        std::string_view usageProvider = {},
                        std::string_view usageModel = {},
                        std::int32_t days = 1);
    /// The ids appendNewGroup(const CostGroup &) takes, for a loader that maps each of its own
    /// text ids once: a source, a cost object, a usage provider or model ("" is 0).
    std::uint32_t sourceId(std::string_view s) { return m_sources.intern(s); }
    std::uint32_t objectId(std::string_view s) { return m_objects.intern(s); }
    std::uint32_t usageNameId(std::string_view s)
    {
        return s.empty() ? 0 : m_usageNames.intern(s) + 1;
    }
    /// The id of context `c` (its ids from sourceId and usageNameId), added when new.
    std::uint32_t contextId(const GroupContext &c);
    /// appendNewGroup() with the group's texts given as those ids.
    void appendNewGroup(const CostGroup &g)
    {
        m_groups.push_back(g);
        m_rows += g.rows;
    }
    /// True when groups with equal (label set, source, object) are adjacent in rawGroups().
    bool objectsClustered() const { return m_clustered; }
    /// Sets the amount of rawGroups()[group]; its key (label set, context, object, day) stays.
    void setGroupAmount(size_t group, Decimal amount) { m_groups[group].amount = amount; }
    /// Sets the amount and rows of rawGroups()[group] (rowCount() follows); its key stays.
    void setGroup(size_t group, Decimal amount, std::int64_t rows)
    {
        m_rows += rows - m_groups[group].rows;
        m_groups[group].amount = amount;
        m_groups[group].rows = rows;
    }
    /// Room for `groups` groups without rehashing.
    void reserve(size_t groups);
    /// Room for `groups` groups appended by appendNewGroup() (no index is built for those),
    /// faulted in on another thread meanwhile (hugepages::prefault): the loader fills it front
    /// to back.
    void reserveAppended(size_t groups)
    {
        m_groups.reserve(groups);
        hugepages::prefaultCapacity(m_groups);
    }
    /// Adds `c` (its amount and rows) to the collision totals of the groups of context
    /// `context` on `day`; the currency is the context's.
    void addCollision(const CollisionTotal &c, std::uint32_t context, std::int32_t day);

    const LabelSetPool &labelSets() const { return m_labelSets; }
    const StringPool &sources() const { return m_sources; }
    const StringPool &objects() const { return m_objects; }
    /// Usage provider or model text of a GroupContext id; "" for 0.
    std::string_view usageName(std::uint32_t id) const;
    /// The context of group `g`; of id `id`.
    const GroupContext &context(const CostGroup &g) const { return m_contexts[g.context]; }
    const GroupContext &context(std::uint32_t id) const { return m_contexts[id]; }
    /// Every context, by id (a pass over many groups reads them from here).
    const std::vector<GroupContext> &contexts() const { return m_contexts; }
    /// Groups in a canonical order (label set content, source, object, day, currency, batch).
    std::vector<CostGroup> groups() const;
    size_t groupCount() const { return m_groups.size(); }
    /// Groups in insertion order: fine for exact sums (integer addition commutes), never
    /// for output.
    const std::vector<CostGroup> &rawGroups() const { return m_groups; }
    /// Collision totals sorted by canonical key, raw keys, winner, currency: of the groups
    /// whose day is in [fromDay, toDay) (either end open) and, when `sources` is given and not
    /// empty, whose source it holds.
    std::vector<CollisionTotal> collisions(std::optional<std::int32_t> fromDay = {},
                                           std::optional<std::int32_t> toDay = {},
                                           const std::set<std::string> *sources = nullptr) const;
    std::int64_t rowCount() const { return m_rows; }

private:
    /// The CostGroup id (0 = none) of usage text `s`; `last` caches the previous answer.
    std::uint32_t usageId(std::string_view s, std::uint32_t &last);
    static std::uint64_t hashOf(const CostGroup &g);
    static std::uint64_t hashOf(const GroupContext &c);

    LabelSetPool m_labelSets;
    StringPool m_sources;
    StringPool m_objects;
    StringPool m_usageNames; ///< id + 1 is stored in CostGroup, so 0 means none
    std::uint32_t m_lastProvider = 0, m_lastModel = 0; ///< usage ids found last (usageId)
    FlatIndex m_index; ///< over m_groups[0, m_indexed) by (set, object, day, context)
    std::vector<CostGroup> m_groups;
    std::vector<GroupContext> m_contexts;
    FlatIndex m_contextIndex;
    /// The context found last per slot of its hash: a loader meets a few contexts in turn, ten
    /// million times.
    std::array<std::uint32_t, 256> m_recentContext{};
    size_t m_indexed = 0;    ///< groups appended by appendNewGroup() are indexed lazily
    bool m_clustered = true; ///< see objectsClustered()
    /// Collision totals by (canonical key, raw keys, winner, context, day): a period or a
    /// source selects among them, and filters keep those of their groups. A few per context
    /// and day even when every row collides.
    std::map<std::tuple<std::string, std::string, std::string, std::uint32_t, std::int32_t>,
             CollisionTotal>
        m_collisions;
    std::int64_t m_rows = 0;
};

} // namespace unalloc::core
