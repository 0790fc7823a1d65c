#pragma once

// The import's parser-thread numbering of distinct label sets (importer.cpp's only user).

#include "core/costrow.h"
#include "core/flatindex.h"
#include "core/ledger/ledgercodec.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace unalloc::adapters {

/// @brief Numbers the label sets of an import's rows on the parser thread, so that the writer
/// looks each set up once instead of comparing every row's labels with the stored ones: the
/// rows of one reader memo id share an ordinal (the memo compared their raw bytes), and rows
/// without a memo get the ordinal of an equal set met recently (labels, raw labels and
/// collisions compared, not only hashed). An ordinal names one set; a set may have several
/// ordinals, which the writer folds into one stored set.
class LabelSetOrdinals final
{
public:
    std::uint32_t ordinalOf(const core::CostRow &row, std::uint64_t hash)
    {
        // The reader's memo forgot its sets: no later row names one of the memo ids known
        // here (25 MB per million per-request sets, for ever, before this).
        if (row.labelSetMemoRestarted) {
            m_byMemo.clear();
            m_memos.clear();
            m_memoOrdinals.clear();
            m_memoFloor = m_next;
        }
        // A memo's set (the reader compared its raw bytes already): numbered once.
        if (row.labelSetMemo != 0) {
            const std::uint32_t memo = row.labelSetMemo;
            const auto [at, inserted] = m_byMemo.findOrInsert(
                memo * 0x9E3779B97F4A7C15ULL, static_cast<std::uint32_t>(m_memos.size()),
                [&](std::uint32_t i) { return m_memos[i] == memo; });
            if (inserted) {
                // The reader writes a set in full the first time it hands it out.
                if (row.labelsElided)
                    throw std::logic_error("a row without labels names an unknown label set");
                // A new memo id is a set the memo had not met (or forgot): a new ordinal with
                // no comparison and no copy of its labels. Copies of sets that are nearly all
                // new were most of the parser thread's allocations on per-request metadata;
                // a set met again under a new id is found by the writer (hash and body).
                m_memos.push_back(memo);
                m_memoOrdinals.push_back(m_next++);
            }
            return m_memoOrdinals[at];
        }
        return compared(row, hash);
    }

    /// Memo ids the numbering knows (bounded by what the reader's memo holds).
    size_t memosKnown() const { return m_memos.size(); }
    /// The lowest ordinal a later row can still get: the ones below were handed out for sets
    /// both lookups have forgotten (a memo that started over, compared sets that did). With
    /// per-request metadata nearly every row has a set of its own, and the writer's ordinal
    /// table would otherwise keep an entry per row (10M rows: 80 MB).
    std::uint32_t floor() const
    {
        return std::min(m_memos.empty() ? m_next : m_memoFloor,
                        m_entries.empty() ? m_next : m_comparedFloor);
    }

private:
    std::uint32_t compared(const core::CostRow &row, std::uint64_t hash)
    {
        if (!m_slots.empty()) {
            const size_t mask = m_slots.size() - 1;
            for (size_t i = slotOf(hash, mask); m_slots[i] != 0; i = (i + 1) & mask) {
                const std::uint32_t entry = m_slots[i] - 1;
                const Entry &e = m_entries[entry];
                if (e.hash == hash && e.set.labels == row.labels && e.set.raw == row.rawLabels &&
                    e.set.collisions == row.collisions)
                    return e.ordinal;
            }
        }
        // Rows without a memo (readers that have none) are compared here. Past the limit the
        // sets compared start over: a set met again then gets a second ordinal, and the
        // ledger's writer finds it stored by hash and body, so it is still one set. Each copy
        // costs ~2 kB with per-request metadata (65,536 were 147 MB of a 1M-record import).
        if (m_entries.size() >= kMaxComparedSets) {
            m_entries.clear();
            m_slots.clear();
            m_comparedFloor = m_next;
        }
        m_entries.push_back(Entry{hash, m_next++, {row.labels, row.rawLabels, row.collisions}});
        if (m_entries.size() * 10 > m_slots.size() * 7) {
            m_slots.assign(std::max<size_t>(1024, m_slots.size() * 2), 0);
            for (size_t e = 0; e + 1 < m_entries.size(); ++e)
                place(e);
        }
        place(m_entries.size() - 1);
        return m_entries.back().ordinal;
    }

    struct Entry
    {
        std::uint64_t hash;
        std::uint32_t ordinal;
        core::ledgercodec::LabelSetValue set;
    };
    static size_t slotOf(std::uint64_t hash, size_t mask)
    {
        return static_cast<size_t>((hash * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
    }
    void place(size_t entry)
    {
        const size_t mask = m_slots.size() - 1;
        size_t i = slotOf(m_entries[entry].hash, mask);
        while (m_slots[i] != 0)
            i = (i + 1) & mask;
        m_slots[i] = static_cast<std::uint32_t>(entry + 1);
    }

    static constexpr size_t kMaxComparedSets = size_t(1) << 13;
    std::vector<Entry> m_entries;
    std::uint32_t m_next = 0;           ///< the next ordinal handed out
    std::uint32_t m_memoFloor = 0;      ///< m_next when the memo lookup last started over
    std::uint32_t m_comparedFloor = 0;  ///< m_next when the compared sets last started over
    std::vector<std::uint32_t> m_slots; ///< open addressing: entry + 1, 0 empty
    // labelSetMemo → ordinal, flat: looked up for every row, and a node-based map's probes
    // missed the cache on most of them.
    core::FlatIndex m_byMemo;                  ///< into m_memos / m_memoOrdinals
    std::vector<std::uint32_t> m_memos;        ///< labelSetMemo ids seen
    std::vector<std::uint32_t> m_memoOrdinals; ///< parallel to m_memos
};

} // namespace unalloc::adapters
