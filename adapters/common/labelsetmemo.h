#pragma once

#include "core/costrow.h"
#include "core/labels.h"

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace unalloc::adapters {

/// @brief Raw labels of one record gathered as views into the input, normalised once per
/// distinct set and written into rows from a compact copy.
///
/// Bulk readers see the same few thousand label sets over and over: a repeated set costs a
/// hash of its bytes, a comparison and a copy instead of strings and a normalisation. `add` follows
/// RawLabelBuilder's rules exactly (blank keys and values dropped, the first writer of a raw key
/// wins), so a set read here equals the one the generic path builds. Each distinct set is stored
/// once, packed in one arena (raw keys and values, then the normalised labels, each behind its
/// length), so that a lookup touches a few adjacent cache lines rather than a vector and a string
/// per label.
class LabelSetMemo final
{
public:
    /// With `elideRepeats`, `fill` writes a set's labels only the first time it hands the set
    /// out and marks later rows CostRow::labelsElided (see ReadOptions::elideRepeatedLabels).
    explicit LabelSetMemo(core::LabelNormaliser &normaliser, bool elideRepeats = false)
        : m_normaliser(normaliser)
        , m_elideRepeats(elideRepeats)
    {}

    /// Starts the raw labels of the next record.
    void clear()
    {
        m_views.clear();
        m_hash = kSeed;
    }
    /// Views must stay valid until `fill` returns.
    void add(std::string_view key, std::string_view value);
    /// Start loading what `fill` will read, so that other work can hide the wait: the table
    /// slot once the labels are added, then (a little later) the entry it points to.
    void prefetchSlot() const;
    void prefetchEntry() const;
    /// Writes the set added since `clear` into the row: raw labels, labels, collisions and
    /// labelSetMemo, reusing the strings the row already has. When eliding repeats and the
    /// set was handed out before, only labelSetMemo and labelsElided: the caller must pass
    /// every filled row on (the first one carries the set).
    void fill(core::CostRow &row);

private:
    /// Bounded: a file whose every record has its own label set must not grow this forever.
    /// Such a file gains nothing from the memo, and a gateway's per-request metadata packs to
    /// ~1 kB a set: 24 MB hold ~24k of them (64 MB, grown by doubling, were 118 MB of a
    /// 1M-record import's heap). The arena is reserved once, so it never holds two copies.
    static constexpr size_t kMaxSets = 32768;
    static constexpr size_t kMaxArena = size_t(24) << 20;
    static constexpr std::uint64_t kSeed = 0x243F6A8885A308D3ULL;

    /// Where an arena entry starts; its packed raw labels and labels follow.
    struct Header
    {
        std::uint32_t rawBytes;   ///< packed raw keys and values; the labels follow, sorted
        std::uint32_t labelCount; ///< canonical key and value pairs
        std::uint32_t collisions; ///< index into m_collisions, or kNoCollisions
        std::uint32_t id;         ///< CostRow::labelSetMemo: unique among all memos' sets
        std::uint32_t handedOut;  ///< 1 once `fill` wrote the set into a row in full
    };
    static constexpr std::uint32_t kNoCollisions = ~std::uint32_t(0);
    struct Slot
    {
        std::uint64_t hash = 0;
        std::uint32_t entry = 0; ///< arena offset + 1; 0 = empty
    };

    size_t slotOf(std::uint64_t hash) const { return size_t(hash) & (m_slots.size() - 1); }
    bool matches(const char *packed, size_t bytes) const;
    size_t insert(std::uint64_t hash, size_t slot);
    void grow();
    void reset();

    core::LabelNormaliser &m_normaliser;
    const bool m_elideRepeats;
    std::vector<std::pair<std::string_view, std::string_view>> m_views;
    std::uint64_t m_hash = kSeed; ///< of m_views, fed as they come
    std::vector<char> m_arena;
    std::vector<std::vector<core::Collision>> m_collisions; ///< rare: only sets that have some
    std::vector<Slot> m_slots; ///< open addressing, a power of two, at most half full
    size_t m_sets = 0;
    bool m_restarted = false; ///< reset() ran since fill() last wrote a row: the next says so
    std::vector<std::pair<std::string_view, std::string_view>> m_labelViews; ///< scratch
    std::vector<core::Collision> m_newCollisions;                            ///< scratch
};

} // namespace unalloc::adapters
