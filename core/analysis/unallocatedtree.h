#pragma once

#include "core/slice.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace unalloc::core {

/// @brief Backlog positions in ascending order, held as runs of consecutive positions where
/// that is smaller: a per-request ledger's one group per source is millions of positions in
/// a few runs (a list of them was 4 bytes each: 40 MB at ten million, in every snapshot).
class BacklogPositions final
{
public:
    BacklogPositions() = default;

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// The i-th position (runs: a binary search over them).
    std::uint32_t operator[](size_t i) const;
    std::uint32_t front() const { return (*this)[0]; }
    std::vector<std::uint32_t> toVector() const;
    /// Runs held (0 when held as a list).
    size_t runs() const { return m_runs.size(); }

    /// start() with the count of positions and of runs, then add() each position in ascending
    /// order: held at its size, as runs when they are at most a third of the positions.
    void start(size_t positions, size_t runs);
    void add(std::uint32_t position);

    class Iterator
    {
    public:
        using value_type = std::uint32_t;
        using difference_type = std::ptrdiff_t;
        Iterator() = default;
        Iterator(const BacklogPositions *p, size_t i)
            : m_p(p)
            , m_i(i)
        {}
        std::uint32_t operator*() const { return (*m_p)[m_i]; }
        Iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        Iterator operator++(int)
        {
            Iterator old = *this;
            ++m_i;
            return old;
        }
        bool operator==(const Iterator &o) const { return m_i == o.m_i; }

    private:
        const BacklogPositions *m_p = nullptr;
        size_t m_i = 0;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, m_size}; }

private:
    struct Run
    {
        std::uint32_t first = 0;  ///< the run's first position
        std::uint32_t before = 0; ///< positions in the runs before it
    };
    bool m_asRuns = true;
    std::vector<Run> m_runs;           ///< when m_asRuns
    std::vector<std::uint32_t> m_list; ///< otherwise
    size_t m_size = 0;
};

/// @brief One node of the unallocated drill-down: a source, or a grouping label value
/// (namespace, project, workspace, …) under it. The cost objects of a group are backlog
/// positions, so that a backlog of a million objects is not copied into the tree.
struct DrillNode
{
    enum class Level { Source, Group };
    Level level = Level::Source;
    std::string text;     ///< source name, or group value ("" = no grouping label)
    std::string groupKey; ///< for Group nodes: the label key used ("namespace")
    Decimal amount;
    std::int64_t rows = 0;
    std::vector<DrillNode> children; ///< Source: its groups, amount desc, ties by key, value
    BacklogPositions objects;        ///< Group: backlog positions (amount desc, ties by name)
};

/// Label keys tried, in order, to group a source's unallocated objects.
const std::vector<std::string> &drillGroupKeys();

/// @brief The drill-down group of every label set of a cube: the first of drillGroupKeys()
/// with a non-empty value. It does not depend on the owner key, so a slice computes it once.
struct DrillGroups
{
    std::vector<std::uint32_t> ofSet;                ///< index into groups, per label set id
    std::vector<std::pair<int, std::string>> groups; ///< (drillGroupKeys() index or -1, value)
};
DrillGroups drillGroups(const CostCube &cube);

/// Source → group → cost object tree over the backlog (every unallocated object); `groups`
/// must be drillGroups() of the backlog's cube.
std::vector<DrillNode> unallocatedTree(const Backlog &backlog, const DrillGroups &groups);
/// The same, computing the groups first.
std::vector<DrillNode> unallocatedTree(const Backlog &backlog);

} // namespace unalloc::core
