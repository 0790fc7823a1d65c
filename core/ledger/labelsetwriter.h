#pragma once

#include "core/costrow.h"
#include "core/flatindex.h"
#include "sqlitedb.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief Stores label sets (schema v4, see labelsetcodec.h) inside one write transaction.
///
/// Strings and sets this writer stored are found in memory; those the ledger held before it
/// began are found through the text index of `label_strings` and the hash index of
/// `label_sets`, and only when the ledger had any. A hash only names candidates: a set is
/// the same set when its body is the same, byte for byte.
class LabelSetWriter final
{
public:
    explicit LabelSetWriter(sql::Db &db)
        : m_db(db)
    {}
    /// Inside the transaction, before the first intern: prepares and sees what is stored.
    Result<void> prepare();
    /// The id of the set (labels, raw, collisions), stored now if it is new. `hash` is
    /// ledgercodec::hashLabelSet of the three.
    Result<std::int64_t> intern(const LabelMap &labels,
                                const RawLabels &raw,
                                const std::vector<Collision> &collisions,
                                std::uint64_t hash);
    /// The id of a string of the dictionary, stored now if it is new.
    Result<std::int64_t> internString(std::string_view s);
    /// Sets this writer stored.
    size_t setsAdded() const { return m_ids.size(); }

private:
    Result<bool> sameBody(std::int64_t id, std::string_view body);
    void index(size_t set);

    std::string_view stringAt(std::uint32_t i) const
    {
        return std::string_view(m_arena).substr(m_offsets[i], m_offsets[i + 1] - m_offsets[i]);
    }

    sql::Db &m_db;
    bool m_storedStrings = false, m_storedSets = false;
    sql::Stmt m_findString, m_insertString, m_findSets, m_body, m_insertSet;
    /// The strings met so far, one after another in an arena (a node per string was most of
    /// the import's time on per-request metadata), with their ledger ids.
    std::string m_arena;
    std::vector<size_t> m_offsets{0}; ///< string i is [m_offsets[i], m_offsets[i + 1])
    std::vector<std::int64_t> m_stringIds;
    FlatIndex m_stringIndex;
    /// Of the sets stored here, parallel to m_ids. Deques: one entry per set of the import
    /// (ten million for a month of per-request sets), grown by blocks without a second copy.
    std::deque<std::uint64_t> m_hashes;
    std::deque<std::int64_t> m_ids;
    std::vector<std::uint32_t> m_slots; ///< open addressing by hash: index + 1, 0 empty
};

} // namespace unalloc::core
