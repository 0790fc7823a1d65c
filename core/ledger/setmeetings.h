#pragma once
// Where two stored label sets may be one set of a loaded cube (SqliteLedger::loadCube).

#include "labelchunks.h"
#include "labelsetcodec.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief Where two stored sets may be one set of the cube.
///
/// Stored sets are unique by body: labels, raw labels and collisions. The cube keeps the
/// labels only, so two stored sets meet there when their labels are equal and their raw
/// labels or collisions differ: same keys, different shapes (labelchunks.h). The load sees
/// each key sequence's shapes in set order; while a key sequence has shown one shape, its sets
/// cannot meet and are appended to the cube unsought (LabelSetPool::appendNewSet).
class SetMeetings
{
public:
    /// Whether the set `scan` returned last, with labels `labels`, may equal a set before it.
    bool mayMeet(const labelchunks::SetScan &scan, const labelsetcodec::BodyIds &labels)
    {
        if (scan.chunkSerial() != m_chunk) {
            m_chunk = scan.chunkSerial();
            m_groupOfShape.clear();
        }
        const std::uint32_t n = scan.chunk().shapeNumber();
        if (n >= m_groupOfShape.size())
            m_groupOfShape.resize(n + 1, kUnseen);
        std::uint32_t &group = m_groupOfShape[n];
        if (group == kUnseen) {
            std::string keys;
            for (const auto &label : labels.labels)
                labelsetcodec::putVarint(keys, label.first);
            const auto [g, inserted] =
                m_groups.try_emplace(std::move(keys), Group{scan.chunk().shapeBytes(), false});
            if (!inserted && !g->second.mixed && g->second.firstShape != scan.chunk().shapeBytes())
                g->second.mixed = true;
            group = static_cast<std::uint32_t>(m_order.size());
            m_order.push_back(&g->second);
        }
        return m_order[group]->mixed;
    }

private:
    static constexpr std::uint32_t kUnseen = 0xffffffffU;
    struct Group
    {
        std::string firstShape; ///< ChunkReader::shapeBytes of the key sequence's first set
        bool mixed = false;     ///< a second shape has been seen
    };
    std::unordered_map<std::string, Group> m_groups; ///< by key ids
    std::vector<Group *> m_order;                    ///< the groups met, by note
    std::vector<std::uint32_t> m_groupOfShape;       ///< this chunk's shapes: index into m_order
    std::uint64_t m_chunk = 0;
};

} // namespace unalloc::core
