#pragma once

#include "core/costrow.h"
#include "core/flatindex.h"
#include "labelchunks.h"
#include "sqlitedb.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief Stores label sets (schema v7: v5 bodies in chunks, labelchunks.h) inside one write
/// transaction.
///
/// Strings are found in memory, then through the text index of `label_strings`. A set is
/// the same set when its body is the same, byte for byte: a new set is looked up among the
/// last kWindow sets stored (the ledger's own, read at the first intern, then this writer's)
/// and otherwise gets the next id. A set that comes back after more than kWindow others may
/// be stored twice, under two ids; readers fold sets by their labels (the cube, filters), so
/// that costs bytes, never a different result, and the memory stays bounded. Ids are handed
/// out at once; the chunk they land in is written when it is full and at flush().
class LabelSetWriter final
{
public:
    /// Sets remembered for de-duplication (two generations of this many).
    static constexpr size_t kWindow = 65536;

    explicit LabelSetWriter(sql::Db &db)
        : m_db(db)
    {}
    /// Inside the transaction, before the first intern: prepares and sees what is stored.
    Result<void> prepare();
    /// The id of the set (labels, raw, collisions), stored now if it is new: store(encode()).
    Result<std::int64_t>
    intern(const LabelMap &labels, const RawLabels &raw, const std::vector<Collision> &collisions);
    /// The set's body as it is stored (its strings get their ids, stored now if new), without
    /// storing the set.
    Result<void> encode(const LabelMap &labels,
                        const RawLabels &raw,
                        const std::vector<Collision> &collisions,
                        std::string &body);
    /// The id of the set whose body encode() gave, stored now if it is new.
    Result<std::int64_t> store(std::string_view body);
    /// The id of a string of the dictionary, stored now if it is new.
    Result<std::int64_t> internString(std::string_view s);
    /// internString given hashText(s).
    Result<std::int64_t> internString(std::string_view s, std::uint64_t hash);
    /// Writes the new strings and the chunk being filled. Before anything reads the sets or
    /// strings of this transaction.
    Result<void> flush();
    /// Forgets what it read of the stored sets (a batch removal in this transaction may
    /// have removed some): they are read again at the next intern.
    void forgetStored();
    /// Gives back the memory of what was found so far (strings, sets, shapes), after a flush:
    /// later interns look strings up in the ledger and read its sets again, as a writer that
    /// met none would. For the end of an import, before the work that follows its rows.
    void release();
    /// Sets this writer stored.
    size_t setsAdded() const { return m_added; }
    /// Strings kept in memory (kStrings unless a test asks for fewer). 4M: a month of 10M
    /// realistic gateway requests has ~2.4M distinct texts (sessions, IPs, users, end users),
    /// all of which stay. With 1M they were forgotten from the 800,000th row on and looked up
    /// again in the text index, a page read from the file for most (session 29, alternated
    /// runs: the 10M import took 145-151 s against 87-89 s). 40-50 bytes a string.
    static constexpr size_t kStrings = size_t{1} << 22;
    void setStringBound(size_t strings) { m_stringBound = std::max<size_t>(1, strings); }

private:
    struct Remembered
    {
        std::int64_t id = 0;
        size_t offset = 0, size = 0; ///< the body in the generation's arena
    };
    struct Generation
    {
        std::string arena;
        std::vector<Remembered> sets;
        FlatIndex index;
        void clear()
        {
            arena.clear();
            sets.clear();
            index.clear();
        }
        std::string_view body(std::uint32_t i) const
        {
            return std::string_view(arena).substr(sets[i].offset, sets[i].size);
        }
    };
    /// A set without collisions encoded as labelsetcodec::encode does, its keys' ids taken
    /// from its shape (the keys of its labels and raw labels, in order).
    Result<void> encodeByShape(const LabelMap &labels, const RawLabels &raw, std::string &body);
    Result<void> readStored();
    void remember(std::uint64_t hash, std::string_view body, std::int64_t id);
    std::int64_t findRemembered(std::uint64_t hash, std::string_view body) const;

    std::string_view stringAt(std::uint32_t i) const
    {
        return std::string_view(m_arena).substr(m_offsets[i], m_offsets[i + 1] - m_offsets[i]);
    }

    /// Starts loading what looking up `hashes`' strings will read: their index slots first,
    /// then the texts those slots point at (per-request values miss the cache on both).
    void prefetchStrings(std::span<const std::uint64_t> hashes) const;

    /// Inserts the new strings, in text order, under the ids they were given.
    Result<void> flushStrings();

    sql::Db &m_db;
    std::vector<std::uint64_t> m_valueHashes; ///< encodeByShape's, per label
    bool m_storedStrings = false, m_readStored = false;
    bool m_forgotStrings = false; ///< the bound made this writer forget strings it stored
    /// Every string this writer forgot (the bound), as 3 bits of a Bloom filter (8 MB, made
    /// at the first forgetting): a string neither in memory nor in the filter is new for
    /// certain and needs no lookup in the text index, which at 10M rows read a page from the
    /// file for most new strings (on a fresh ledger; one with strings before is looked up as
    /// always).
    std::vector<std::uint64_t> m_storedFilter;
    static constexpr size_t kFilterBits = size_t{1} << 26;
    void addToFilter(std::uint64_t hash);
    bool mayHaveStored(std::uint64_t hash) const;
    sql::Stmt m_findString, m_insertString;
    /// The strings met so far, one after another in an arena (a node per string was most of
    /// the import's time on per-request metadata), with their ledger ids.
    std::string m_arena;
    /// String i is [m_offsets[i], m_offsets[i + 1]): 32 bits, the arena is kept under
    /// kArenaBytes (forgotten like the strings past the bound).
    std::vector<std::uint32_t> m_offsets{0};
    static constexpr size_t kArenaBytes = size_t{1} << 30;
    std::vector<std::int64_t> m_stringIds;
    FlatIndex m_stringIndex;
    /// New strings (indices into the arena), given their ids at once and inserted in text
    /// order by flushStrings: with each chunk of sets written (store(), every kSlots sets), at
    /// the bound and at flush(). A month's per-request values (sessions, IPs, users) come in
    /// random order; sorted, a batch's inserts into the text index of `label_strings` go to
    /// neighbouring pages. (Keeping them all until the bound or flush(), which an earlier
    /// comment here described, was measured in session 28: at 1M rows the inserts go into an
    /// empty index in order, but then all at the commit, after the parser has finished: the
    /// import took 8.07–8.26 s against 8.24–9.01 s, no clear gain, so the per-chunk batches
    /// stay.)
    std::vector<std::uint32_t> m_pendingStrings;
    std::int64_t m_nextStringId = 0;
    size_t m_stringBound = kStrings;
    /// The sets remembered: the current generation and the one before it.
    Generation m_generations[2];
    size_t m_current = 0;
    /// Key ids by shape (keys of the labels, then of the raw labels, each followed by NUL),
    /// and for each raw label the label whose value it held last.
    struct KeyShape
    {
        std::vector<std::int64_t> keyIds;
        std::vector<std::uint32_t> rawSource;
    };
    static constexpr size_t kShapes = 4096;
    std::unordered_map<std::string, KeyShape> m_shapes;
    std::string m_signature; ///< scratch
    std::string m_body;      ///< intern's scratch
    labelchunks::ChunkBuilder m_chunk;
    std::int64_t m_chunkFirst = 0, m_nextId = 0;
    size_t m_added = 0;
};

} // namespace unalloc::core
