#pragma once

#include "attribution.h"
#include "ownerrule.h"

#include <memory>

namespace unalloc::core {

/// @brief Exact sums of one ledger slice per (label set, source).
///
/// Computed once per slice (period, sources, batches); attribution with any owner key or
/// fallback list then costs per distinct label set, not per group or row.
struct SliceSums
{
    struct Cell
    {
        Decimal amount; // first: 32 bytes a cell, not 48
        std::int64_t rows = 0;
        std::uint32_t labelSet = 0;
        std::uint32_t source = 0;
    };
    std::vector<Cell> cells;          ///< by (label set, source)
    std::optional<Currency> currency; ///< of the slice; unset when it is empty
    std::optional<Error> error;       ///< the slice mixes currencies
};

/// Sums the groups of `cube` in the slice of `options` (owner key and fallbacks unused).
SliceSums sliceSums(const CostCube &cube, const AttributionOptions &options);

/// @brief Whether a slice's sums are worth keeping for `cube`: true when they hold at most
/// half as many cells as the cube has groups, false when label sets are that many (a
/// per-request ledger, where a cell per group would copy the groups: 320 MB at ten million).
/// Cells are never fewer than the sets, so the count of sets decides. Attribution over the
/// groups (attributeGroups) gives the same report either way; only speed and memory differ.
bool sliceSumsPayOff(const CostCube &cube);

/// @brief The owner rule resolved for every label set of one cube (resolveSetOwners): computed
/// once per owner key and fallbacks and shared by the report, the backlog and the fallback
/// exposure (each a scan over a million sets on a per-request ledger).
struct SetResolution
{
    const CostCube *cube = nullptr; ///< the cube the set ids belong to
    std::vector<SetOwner> ofSet;
    std::vector<std::string> owners; ///< SetOwner::owner indexes these
};
SetResolution resolveSets(const CostCube &cube, const AttributionOptions &options);

/// One bit per label set of a cube.
class SetBits final
{
public:
    SetBits() = default;
    explicit SetBits(size_t sets)
        : m_words((sets + 63) / 64, 0)
        , m_size(sets)
    {}
    size_t size() const { return m_size; }
    bool test(size_t set) const { return (m_words[set / 64] >> (set % 64) & 1) != 0; }
    void set(size_t set) { m_words[set / 64] |= std::uint64_t{1} << (set % 64); }
    /// The word holding `set`'s bit (to prefetch it).
    const std::uint64_t *word(size_t set) const { return m_words.data() + set / 64; }
    /// Sets the bits `other` has (same size; threads filling halves join this way).
    void merge(const SetBits &other);

private:
    std::vector<std::uint64_t> m_words;
    size_t m_size = 0;
};

/// @brief What the backlog and the fallback exposure need of a SetResolution: a bit per set
/// where the rule takes 8 bytes (80 MB at ten million sets), so the rule can go before they
/// are built (an owner change computes beside the snapshot on screen).
struct ResolutionSummary
{
    const CostCube *cube = nullptr;
    SetBits unowned;                 ///< the sets that resolve to no owner
    std::vector<std::string> owners; ///< SetResolution::owners
    /// Per owner text: true when some set takes it through the owner key itself (via 0).
    std::vector<char> ownerKeyValue;
};
/// The summary of `resolved` (a large one is read on two threads); the owner texts are copied.
ResolutionSummary summarise(const SetResolution &resolved);
/// The same, taking the owner texts from `resolved`, which is left empty.
ResolutionSummary summarise(SetResolution &&resolved);

/// An exact amount and the rows it sums.
struct AmountRows
{
    Decimal amount;
    std::int64_t rows = 0;
    void add(const AmountRows &o)
    {
        amount += o.amount;
        rows += o.rows;
    }
};

/// @brief What each fallback key brought to each owner in one attribution (the fallback
/// exposure's sums), gathered in the attribution's own pass over the slice.
struct FallbackOwnerSums
{
    size_t owners = 0;            ///< the resolution's owners (SetResolution::owners)
    std::vector<AmountRows> sums; ///< at [fallback index × owners + owner]
};

/// attribute() over precomputed sums of the same cube and slice.
Result<AttributionReport>
attributeSums(const CostCube &cube, const SliceSums &sums, const AttributionOptions &options);
/// The same with the sets already resolved under `options` (resolveSets of `cube`);
/// `viaFallbacks` (optional) receives what each fallback brought to each owner.
Result<AttributionReport> attributeSums(const CostCube &cube,
                                        const SliceSums &sums,
                                        const AttributionOptions &options,
                                        const SetResolution &resolved,
                                        FallbackOwnerSums *viaFallbacks = nullptr);

/// attribute() over the cube's groups, with the sets resolved under `options` (resolveSets of
/// `cube`): the groups of the slice are summed per bucket straight away, no per-set sums held
/// (what a one-off report needs; 320 MB less to allocate on a 10M-request ledger).
/// `viaFallbacks` as for attributeSums.
Result<AttributionReport> attributeGroups(const CostCube &cube,
                                          const AttributionOptions &options,
                                          const SetResolution &resolved,
                                          FallbackOwnerSums *viaFallbacks = nullptr);

/// One cost object of a slice: the exact sum of its groups with one label set.
struct SliceObject
{
    Decimal amount;
    std::uint32_t object = 0;
    std::uint32_t labelSet = 0;
    std::uint64_t rows : 48 = 0;   ///< 2.8 × 10^14 rows at most: no ledger holds that many
    std::uint64_t source : 16 = 0; ///< sliceObjects() refuses a cube of more sources
};
// 32 bytes (40 with the source and rows apart): one per request on a per-request ledger, and
// a 32-byte object never straddles two cache lines of the backlog's random reads.
static_assert(sizeof(SliceObject) == 32);

/// @brief Every (source, cost object, label set) of a slice, in backlog order: amount
/// descending, ties by source, object name and labels.
struct SliceObjects
{
    const CostCube *cube = nullptr;
    std::shared_ptr<const void> keepAlive; ///< owns *cube when the objects outlive the caller
    std::vector<SliceObject> items;
    std::optional<Error> error; ///< the slice mixes currencies
};

SliceObjects sliceObjects(const CostCube &cube, const AttributionOptions &options);

/// @brief The labeling backlog of one attribution: the slice's objects whose label set
/// resolves to no owner, costliest first, with the unallocated amount left after fixing
/// each one and every one above it (the fix plan). Refers to the objects, copies nothing.
class Backlog
{
public:
    Backlog() = default;
    /// `unallocated` is the report's U in money (the start of the fix plan).
    /// `resolved` (optional) is resolveSets() under `options`; used when it is of the objects'
    /// cube.
    Backlog(std::shared_ptr<const SliceObjects> objects,
            const AttributionOptions &options,
            Decimal unallocated,
            const SetResolution *resolved = nullptr);
    /// `resolved` is summarise() of resolveSets() under `options`; used when it is of the
    /// objects' cube (else the sets are resolved again).
    Backlog(std::shared_ptr<const SliceObjects> objects,
            const AttributionOptions &options,
            Decimal unallocated,
            const ResolutionSummary &resolved);

    size_t size() const { return m_order.size(); }
    bool empty() const { return m_order.empty(); }
    const SliceObject &at(size_t i) const { return m_objects->items[m_order[i]]; }
    std::string_view source(size_t i) const;
    std::string_view name(size_t i) const;
    LabelSetRef labels(size_t i) const;
    /// The cube the items' ids (source, object, label set) refer to; null when empty.
    const CostCube *cube() const { return m_objects ? m_objects->cube : nullptr; }
    Decimal amount(size_t i) const { return at(i).amount; }
    std::int64_t rows(size_t i) const { return static_cast<std::int64_t>(at(i).rows); }
    /// U in money once items 0..i are labelled (at most kStride − 1 additions).
    Decimal unallocatedAfter(size_t i) const;
    /// The item as a value (strings and labels copied).
    BacklogItem item(size_t i) const;
    /// Fix step i with its U in percent of `total` (0.1, half-even).
    FixStep step(size_t i, Decimal total) const;

private:
    std::shared_ptr<const SliceObjects> m_objects;
    static constexpr size_t kStride = 64;
    std::vector<std::uint32_t> m_order; ///< indices into m_objects->items
    std::vector<Decimal> m_after;       ///< U after steps kStride − 1, 2 × kStride − 1, …
    void build(const SetBits &unowned, Decimal unallocated);
};

/// Per label set of `cube`: set when it resolves to no owner under `options`.
SetBits unallocatedSets(const CostCube &cube, const AttributionOptions &options);

} // namespace unalloc::core
