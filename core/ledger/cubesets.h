#pragma once
// The stored label sets of a load (SqliteLedger::loadCube): read and added to the cube's pool
// by one thread, chunk by chunk, while the thread that builds the cube's groups reads what it
// needs of each set (SetAdder::View).

#include "core/costcube.h"
#include "core/result.h"
#include "labelchunks.h"
#include "labelsetcodec.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace unalloc::core::cubesets {

/// @brief Stored label sets as string ids, decoded by the reading thread: each set's id, values
/// and shape (SetMeetings), the keys of a shape given once, before its first set.
struct SetChunk
{
    struct Stored
    {
        std::int64_t id;
        std::uint32_t shape;     ///< SetMeetings::Note::shape
        std::uint32_t valuesEnd; ///< end of its value ids in values
        bool mayMeet;            ///< SetMeetings::Note::mayMeet
        std::uint64_t hash;      ///< LabelSetPool::hashOfValues of its values (if mayMeet)
    };
    struct NewShape
    {
        std::uint32_t shape;
        std::int64_t firstSet;           ///< the id of its first set (for errors)
        std::vector<std::uint64_t> keys; ///< stored string ids, in key order
    };
    std::vector<Stored> sets;          ///< every stored set of the chunk, in id order
    std::vector<std::uint32_t> values; ///< the sets' value ids (string ids), one after another
    std::vector<NewShape> newShapes;
    std::vector<std::pair<size_t, std::string>> collisionBodies; ///< (index into sets, its body)
    /// Empties the chunk, keeping its buffers.
    void clear()
    {
        sets.clear();
        values.clear();
        newShapes.clear();
        collisionBodies.clear();
    }
};

/// @brief Adds stored sets to a cube's pool, chunk by chunk in id order, and keeps what the
/// aggregate's groups need of each: the cube's set, whether it was new, its collisions.
///
/// A value's id in the pool is its stored string id: the caller adopts the ledger's dictionary
/// as the pool's values (LabelSetPool::adoptValues), before or after the sets, and checks the
/// value ids against it. Key texts (a few) are read through `keyText`, a set with collisions
/// through `collisionText`. Every stored set goes in; sets that carry no cost are the caller's to
/// drop (CostCube::keepLabelSets).
///
/// One thread adds; another may read the entries of the sets added so far through a View taken
/// (by the adding thread) after them, and collisions(), while more are added: a View's array
/// stays valid and unchanged through the last id it covers until the adder is destroyed (a
/// sparse ledger's ids past the room reserved move the entries to a larger array, and the old
/// one is kept).
class SetAdder final
{
public:
    /// Per stored id: the cube's set in the low 30 bits (kMissing: the ledger holds no set of
    /// this id), kCollides when it records key collisions, kFresh when the cube's set was new at
    /// it (the aggregate's key order then makes every group of it new: appendNewGroup).
    static constexpr std::uint32_t kCubeId = 0x3fffffffU, kMissing = kCubeId;
    static constexpr std::uint32_t kCollides = 1U << 30, kFresh = 1U << 31;

    /// `storedSets` sets are stored, with ids below `idsRoom` (room reserved up front).
    SetAdder(CostCube &cube,
             size_t storedSets,
             size_t idsRoom,
             labelsetcodec::StringLookup keyText,
             labelsetcodec::StringLookup collisionText);
    /// Adds the chunk's sets; "ledger-corrupt" (naming the set) when one is damaged.
    Result<void> add(const SetChunk &chunk);
    /// The entries of the sets added so far, and the pool's size after them.
    struct View
    {
        const std::uint32_t *sets = nullptr;
        size_t count = 0;    ///< entries: one past the highest stored id added
        size_t poolSize = 0; ///< the cube's sets
        std::int64_t lastId = 0;
        /// The entry of stored id `id` (kMissing when none was added).
        std::uint32_t at(std::int64_t id) const
        {
            return id >= 0 && static_cast<std::uint64_t>(id) < count ? sets[static_cast<size_t>(id)]
                                                                     : kMissing;
        }
    };
    /// Taken by the adding thread, for the other to read.
    View view() const { return {m_sets.data(), m_sets.size(), m_pool.size(), m_lastId}; }
    /// The collisions of stored set `id` (an entry with kCollides); any thread.
    std::vector<CollisionTotal> collisions(std::int64_t id) const
    {
        const std::lock_guard lock(m_collisionsLock);
        return m_collisions.at(id);
    }

private:
    struct Shape
    {
        std::uint32_t poolShape = 0;
        std::vector<std::uint32_t> keys; ///< the cube's key ids
    };
    std::uint32_t keyId(std::uint64_t stored);
    CostCube &m_cube;
    LabelSetPool &m_pool;
    labelsetcodec::StringLookup m_keyText, m_collisionText;
    size_t m_storedSets;
    std::vector<std::uint32_t> m_sets;                 ///< per stored id (above)
    std::vector<std::vector<std::uint32_t>> m_retired; ///< m_sets' earlier arrays (View)
    mutable std::mutex m_collisionsLock;
    std::unordered_map<std::int64_t, std::vector<CollisionTotal>> m_collisions;
    std::unordered_map<std::uint64_t, std::uint32_t> m_keyIds; ///< stored id → key id (a few)
    std::vector<Shape> m_shapes;                               ///< by SetMeetings number
    std::vector<LabelSetPool::Pair> m_pairs;                   ///< scratch
    bool m_valuesReserved = false;
    std::int64_t m_lastId = 0;
};

/// What readSets() found: the first fault, and the range of the value ids it gave `take`
/// (checked against the dictionary once that is read: checkValues).
struct SetReading
{
    std::optional<Error> error;
    std::uint64_t lowest = ~std::uint64_t{0}, highest = 0;
};

/// Reads every stored set of `scan` in id order, a chunk at a time into one SetChunk given to
/// `take` (its buffers reused for the next), until `take` returns false or a set is damaged.
/// Errors name `file`. A value id is not checked here: the dictionary may still be being read.
SetReading readSets(labelchunks::SetScan &scan,
                    const std::function<bool(const SetChunk &)> &take,
                    const std::string &file);

/// Whether every value id in [reading.lowest, reading.highest] is one `holds` marks, and if
/// not, the first stored set that names a string the ledger does not hold ("ledger-corrupt",
/// naming `file`), found by reading the sets again from `db`.
Result<void> checkValues(const sql::Db &db,
                         const SetReading &reading,
                         const std::vector<bool> &holds,
                         const std::string &file);

} // namespace unalloc::core::cubesets
