#pragma once

#include "core/result.h"
#include "labelsetcodec.h"
#include "sqlitedb.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core::labelchunks {

/// @brief How schema v7 stores label sets: in chunks of consecutive ids, one row of
/// `label_chunks` per chunk, instead of a row (and a hash index entry) per set.
///
/// A set is still identified by its id and still has its v5 body (labelsetcodec.h); a chunk
/// splits each body into a *shape* (the label keys and everything after the labels: raw
/// labels, which refer to the labels' values by position, and collisions) and the label
/// values. Sets of one chunk share shapes: with per-request metadata (sessions, end users,
/// IPs) nearly every set is new, but nearly every set has one of a few shapes, so a set costs
/// its value ids and one shape number.
///
/// Chunk body: count of shapes; per shape (count of labels n, n key ids, length of the rest,
/// the rest's bytes); then one slot per id of the chunk's span, in id order: 0 for an id with
/// no set (removed with its last row), otherwise the 1-based shape number followed by the n
/// value ids. All numbers are LEB128 varints.
///
/// Table: `label_chunks(first INTEGER PRIMARY KEY, span, sets, body)`: ids first … first +
/// span − 1, of which `sets` hold a set.

/// "ledger-corrupt": "stored label-set chunk FIRST DETAIL".
Error chunkCorrupt(std::int64_t first, const std::string &detail);

/// Ids per chunk a writer fills (a reader of one set decodes at most this many slots).
inline constexpr std::int64_t kSlots = 512;

/// @brief Builds the body of one chunk, slot by slot.
class ChunkBuilder final
{
public:
    /// Appends the set whose v5 body is `body` in the next slot; false when the body is not
    /// a well-formed v5 body.
    bool add(std::string_view body);
    /// Appends a slot with no set.
    void addHole();
    std::int64_t slotCount() const { return m_slots; }
    std::int64_t setCount() const { return m_sets; }
    /// The chunk's body; the builder starts over.
    std::string finish();

private:
    std::unordered_map<std::string, std::uint32_t> m_shapeIndex;
    std::vector<const std::string *> m_shapes;
    std::string m_slotBytes;
    std::int64_t m_slots = 0, m_sets = 0;
    std::vector<std::uint64_t> m_keys; ///< scratch
    std::string m_shape;               ///< scratch
};

/// The lowest and the highest value id a loader read (ChunkReader::nextValues): a ledger's
/// dictionary holds every id from 1 up, so the range tells whether each id names a string.
struct IdRange
{
    std::uint32_t lowest = 0xffffffffU, highest = 0;
};

/// @brief Reads the slots of one chunk in order, rebuilding each set's v5 body.
class ChunkReader final
{
public:
    /// Checks the shapes of `body` (the chunk of ids first … first + span − 1).
    static Result<ChunkReader> open(std::string body, std::int64_t first, std::int64_t span);
    /// The next slot that holds a set: true with its id and body (valid until the next call),
    /// false after the last. A body that ends early is "ledger-corrupt".
    Result<bool> next(std::int64_t &id, std::string_view &body);
    /// As next(), the set as ids (what a loader needs, no body rebuilt): its labels' (key id,
    /// value id) and whether it records collisions. body() then gives its body.
    Result<bool> nextIds(std::int64_t &id, labelsetcodec::BodyIds &ids);
    /// As nextIds(), for a loader: only the set's value ids, appended to `values` (an id past
    /// 2^32 − 2 reads as 2^32 − 1, which no loaded dictionary holds); its key ids are keys().
    /// The range of the ids read is widened to take them in (as they are decoded: a pass over
    /// them after their stores, in 16-byte loads of four 4-byte stores, stalled on each).
    Result<bool> nextValues(std::int64_t &id, std::vector<std::uint32_t> &values, IdRange &range);
    Result<bool> nextValues(std::int64_t &id, std::vector<std::uint32_t> &values)
    {
        IdRange range;
        return nextValues(id, values, range);
    }
    /// The key ids of the set nextIds() or nextValues() returned last, and whether it records
    /// collisions.
    const std::vector<std::uint64_t> &keys() const { return m_shapes[m_current].keys; }
    bool hasCollisions() const { return m_shapes[m_current].hasCollisions; }
    /// The body of the set nextIds() or nextValues() returned last (valid until the next call).
    std::string_view body();
    /// The shape of the set nextIds() returned last: its number in this chunk and what it is
    /// (the key ids, then the bytes after the labels: raw labels and collisions). Two sets of
    /// equal shapes and equal values have equal bodies.
    std::uint32_t shapeNumber() const { return m_current; }
    std::string shapeBytes() const;
    std::int64_t first() const { return m_first; }
    std::int64_t span() const { return m_span; }
    /// Finds where every slot starts (checking each), for reads of single sets by setAt.
    /// Instead of next(): call one or the other.
    Result<void> indexSlots();
    /// The body of set `id` into `out` after indexSlots; false when no set has that id.
    bool setAt(std::int64_t id, std::string &out) const;

private:
    struct Shape
    {
        std::vector<std::uint64_t> keys;
        size_t restAt = 0, restSize = 0; ///< in m_body (offsets: a reader is moved around)
        bool hasCollisions = false;
    };
    std::string m_body;
    std::vector<Shape> m_shapes;
    std::int64_t m_first = 0, m_span = 0, m_slot = 0;
    size_t m_pos = 0;
    std::vector<std::uint32_t> m_slotAt; ///< indexSlots: offset of each slot's shape number
    std::string m_set;                   ///< the body next() returned
    std::vector<std::uint64_t> m_values; ///< body()'s scratch: the set's value ids
    size_t m_valuesAt = 0;               ///< where the set returned last has its value ids
    std::uint32_t m_current = 0;         ///< its shape
    /// Steps to the next slot that holds a set: its id, m_current and m_valuesAt (m_pos there).
    Result<bool> nextSlot(std::int64_t &id);
    labelsetcodec::BodyIds m_ids; ///< next()'s scratch
};

/// @brief Every stored set in id order.
class SetScan final
{
public:
    explicit SetScan(const sql::Db &db)
        : m_db(db)
    {}
    /// The next stored set: true with its id and v5 body (valid until the next call).
    Result<bool> next(std::int64_t &id, std::string_view &body);
    /// The next stored set as ids (ChunkReader::nextIds); body() gives its body.
    Result<bool> nextIds(std::int64_t &id, labelsetcodec::BodyIds &ids);
    /// The next stored set's value ids (ChunkReader::nextValues; chunk().keys() are its keys).
    Result<bool> nextValues(std::int64_t &id, std::vector<std::uint32_t> &values, IdRange &range);
    Result<bool> nextValues(std::int64_t &id, std::vector<std::uint32_t> &values)
    {
        IdRange range;
        return nextValues(id, values, range);
    }
    std::string_view body() { return m_reader->body(); }
    /// Steps the connection only in its turn (a loader's other threads read it too).
    void serialize(sql::Turns &turns) { m_turns = &turns; }
    /// The chunk of the set nextIds() returned last (ChunkReader::shapeNumber and shapeBytes).
    const ChunkReader &chunk() const { return *m_reader; }
    /// Counts the chunks opened so far: a caller's notes on one chunk's shapes are stale when
    /// it changes.
    std::uint64_t chunkSerial() const { return m_serial; }

private:
    const sql::Db &m_db;
    sql::Stmt m_chunks;
    std::optional<ChunkReader> m_reader;
    std::uint64_t m_serial = 0;
    labelsetcodec::BodyIds m_ids; ///< next()'s scratch
    bool m_started = false;
    sql::Turns *m_turns = nullptr;
    /// Opens the next chunk as m_reader: false after the last.
    Result<bool> openNext();
    /// `read` on the chunks in turn until it gives a set or an error (SetScan's readers).
    template<typename Read> Result<bool> fromChunks(Read &&read);
};

/// @brief Bodies read by id (a page of rows), keeping the chunks read last.
class BodyLookup final
{
public:
    explicit BodyLookup(const sql::Db &db)
        : m_db(db)
    {}
    /// The body of set `id`, or nullopt when no set has that id.
    Result<std::optional<std::string>> find(std::int64_t id);
    /// Chunks kept.
    static constexpr size_t kKept = 8;

private:
    const sql::Db &m_db;
    sql::Stmt m_select;
    /// Chunks read last (indexed, each set rebuilt only when asked for), oldest first: a
    /// caller that asks in id order reads each chunk once.
    std::vector<ChunkReader> m_chunks;
};

/// The id after the last stored one (1 in a ledger without sets).
Result<std::int64_t> nextId(const sql::Db &db);
/// Stores one chunk.
Result<void> insertChunk(
    sql::Db &db, std::int64_t first, std::int64_t span, std::int64_t sets, std::string_view body);
/// Removes the sets `ids` (ascending, each stored): the chunks that hold them are rewritten
/// with an empty slot in their place, shortened when their last slots are empty, and dropped
/// when no set is left. Returns how many sets were removed.
Result<std::int64_t> removeSets(sql::Db &db, const std::vector<std::int64_t> &ids);
/// Checks that every set the rows name is stored ("ledger-corrupt" names the first missing).
Result<void> checkRowSets(const sql::Db &db);
/// A text that changes whenever a set is stored or removed (for caches of per-set results).
Result<std::string> extentKey(const sql::Db &db);

/// The schema-v6 → v7 step inside the caller's transaction: `label_sets` rows become chunks
/// with the same ids, the table and its hash index go, and the rows' foreign key to it too.
Result<void> upgradeV6ToV7(sql::Db &db);

} // namespace unalloc::core::labelchunks
