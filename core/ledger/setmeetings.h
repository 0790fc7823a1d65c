#pragma once
// Where two stored label sets may be one set of a loaded cube (SqliteLedger::loadCube).

#include "labelchunks.h"
#include "labelsetcodec.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief The shapes of the stored sets a load meets, and where two sets may be one.
///
/// Stored sets are unique by body: labels, raw labels and collisions. The cube keeps the
/// labels only, so two stored sets meet there when their labels are equal and their raw
/// labels or collisions differ: same keys, different shapes (labelchunks.h). The load sees
/// each key sequence's shapes in set order; while a key sequence has shown one shape, its sets
/// cannot meet and are appended to the cube unsought (LabelSetPool::appendNewSet).
class SetMeetings
{
public:
    struct Note
    {
        std::uint32_t shape = 0; ///< the set's shape, numbered over the whole load
        bool firstSeen = false;  ///< this set is the first of its shape
        bool mayMeet = false;    ///< a set before it may have equal labels
    };
    /// Notes the set `scan` returned last, whose key ids are `keys`.
    Note note(const labelchunks::SetScan &scan, const std::vector<std::uint64_t> &keys)
    {
        if (scan.chunkSerial() != m_chunk) {
            m_chunk = scan.chunkSerial();
            m_chunkShapes.clear();
        }
        const std::uint32_t n = scan.chunk().shapeNumber();
        if (n >= m_chunkShapes.size())
            m_chunkShapes.resize(n + 1, kUnseen);
        std::uint32_t &shape = m_chunkShapes[n];
        bool firstSeen = false;
        if (shape == kUnseen) {
            const auto [it, inserted] = m_shapes.try_emplace(
                scan.chunk().shapeBytes(), static_cast<std::uint32_t>(m_shapes.size()));
            shape = it->second;
            if (inserted) {
                firstSeen = true;
                std::string sequence;
                for (const std::uint64_t k : keys)
                    labelsetcodec::putVarint(sequence, k);
                const auto [seq, newSequence] = m_sequenceIndex.try_emplace(
                    std::move(sequence), static_cast<std::uint32_t>(m_mixed.size()));
                if (newSequence)
                    m_mixed.push_back(false);
                else
                    m_mixed[seq->second] = true; // a second shape of these keys
                m_sequenceOf.push_back(seq->second);
            }
        }
        return {shape, firstSeen, m_mixed[m_sequenceOf[shape]]};
    }

private:
    static constexpr std::uint32_t kUnseen = 0xffffffffU;
    std::unordered_map<std::string, std::uint32_t> m_shapes;        ///< shape bytes → number
    std::unordered_map<std::string, std::uint32_t> m_sequenceIndex; ///< key ids → sequence
    std::vector<std::uint32_t> m_sequenceOf;  ///< per shape number: its key sequence
    std::vector<bool> m_mixed;                ///< per key sequence: a second shape was seen
    std::vector<std::uint32_t> m_chunkShapes; ///< this chunk's shape numbers → load's
    std::uint64_t m_chunk = 0;
};

} // namespace unalloc::core
