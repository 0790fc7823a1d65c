#include "unallocatedtree.h"

#include <algorithm>
#include <future>
#include <map>
#include <unordered_map>

namespace unalloc::core {

namespace {

void sortNodes(std::vector<DrillNode> &nodes)
{
    std::sort(nodes.begin(), nodes.end(), [](const DrillNode &a, const DrillNode &b) {
        if (a.amount != b.amount)
            return a.amount > b.amount;
        return std::tie(a.groupKey, a.text) < std::tie(b.groupKey, b.text);
    });
}

} // namespace

const std::vector<std::string> &drillGroupKeys()
{
    static const std::vector<std::string> keys{"namespace",     "project", "workspace",
                                               "api_key_alias", "service", "model"};
    return keys;
}

DrillGroups drillGroups(const CostCube &cube)
{
    // By key and value ids (no text per set: per-request sets are about as many as rows), in
    // one pass over the pool in id order; a group's text is looked up once per distinct value.
    DrillGroups out;
    const LabelSetPool &pool = cube.labelSets();
    const std::vector<std::string> &groupKeys = drillGroupKeys();
    std::vector<std::uint32_t> keyIds;
    for (const std::string &k : groupKeys)
        keyIds.push_back(pool.keyId(k));
    std::unordered_map<std::uint64_t, std::uint32_t> groupOfValue; // (key index, value id)
    std::map<std::pair<int, std::string>, std::uint32_t> groupIds; // (key index, text)
    std::uint64_t lastPacked = ~std::uint64_t{0};
    std::uint32_t lastGroup = 0;
    out.ofSet.resize(pool.size());
    for (std::uint32_t set = 0; set < pool.size(); ++set) {
        int k = -1;
        std::uint32_t value = 0;
        for (size_t i = 0; i < keyIds.size() && k < 0; ++i) {
            if (keyIds[i] == LabelSetPool::kAbsent)
                continue;
            const std::uint32_t v = pool.valueId(set, keyIds[i]);
            if (v != LabelSetPool::kAbsent && !pool.valueText(v).empty()) {
                k = static_cast<int>(i);
                value = v;
            }
        }
        const std::uint64_t packed =
            static_cast<std::uint64_t>(static_cast<std::uint32_t>(k + 1)) << 32 | value;
        if (packed != lastPacked) {
            lastPacked = packed;
            auto known = groupOfValue.find(packed);
            if (known != groupOfValue.end()) {
                lastGroup = known->second;
            } else {
                std::pair<int, std::string> g(k, k < 0 ? std::string() : pool.valueText(value));
                auto [it, inserted] =
                    groupIds.try_emplace(g, static_cast<std::uint32_t>(out.groups.size()));
                if (inserted)
                    out.groups.push_back(std::move(g));
                groupOfValue.emplace(packed, it->second);
                lastGroup = it->second;
            }
        }
        out.ofSet[set] = lastGroup;
    }
    return out;
}

void BacklogPositions::start(size_t positions, size_t runs)
{
    m_runs.clear();
    m_list.clear();
    m_size = 0;
    m_asRuns = runs * 3 <= positions; // a run is 8 bytes, a listed position 4
    if (m_asRuns)
        m_runs.reserve(runs);
    else
        m_list.reserve(positions);
}

void BacklogPositions::add(std::uint32_t position)
{
    if (!m_asRuns)
        m_list.push_back(position);
    else if (m_runs.empty() || m_runs.back().first + (m_size - m_runs.back().before) != position)
        m_runs.push_back({position, static_cast<std::uint32_t>(m_size)});
    ++m_size;
}

std::uint32_t BacklogPositions::operator[](size_t i) const
{
    if (!m_asRuns)
        return m_list[i];
    // The last run starting at or before i.
    const auto it =
        std::upper_bound(m_runs.begin(), m_runs.end(), i,
                         [](size_t index, const Run &r) { return index < size_t{r.before}; });
    const Run &r = *(it - 1);
    return r.first + static_cast<std::uint32_t>(i - r.before);
}

std::vector<std::uint32_t> BacklogPositions::toVector() const
{
    std::vector<std::uint32_t> out;
    out.reserve(m_size);
    for (size_t k = 0; k < m_runs.size(); ++k) {
        const size_t end = k + 1 < m_runs.size() ? m_runs[k + 1].before : m_size;
        for (size_t j = m_runs[k].before; j < end; ++j)
            out.push_back(m_runs[k].first + static_cast<std::uint32_t>(j - m_runs[k].before));
    }
    if (!m_asRuns)
        out = m_list;
    return out;
}

std::vector<DrillNode> unallocatedTree(const Backlog &backlog)
{
    if (backlog.empty())
        return {};
    return unallocatedTree(backlog, drillGroups(*backlog.cube()));
}

std::vector<DrillNode> unallocatedTree(const Backlog &backlog, const DrillGroups &drill)
{
    if (backlog.empty())
        return {};
    if (drill.ofSet.size() != backlog.cube()->labelSets().size()) // groups of another cube
        return unallocatedTree(backlog);
    const std::vector<std::string> &groupKeys = drillGroupKeys();
    // A node per (source, group), found in a table of both ids (a few sources, a few thousand
    // groups): a hash lookup per object was most of an owner change at ten million objects.
    const size_t groupCount = drill.groups.size();
    const size_t keys = backlog.cube()->sources().size() * groupCount;
    // Each object's (source, group) and the sums per (source, group). Two loads miss the cache
    // per object: the object itself (the backlog picks every few objects of the slice's list)
    // and its set's group (sets in no order). The object is fetched kFar ahead, so that kAhead
    // ahead its set can be read to fetch the group. A large backlog is scanned on two threads,
    // each summing into a table of its own (integer sums: exact whatever the split).
    struct Sum
    {
        Decimal amount;
        std::int64_t rows = 0;
    };
    std::vector<std::uint32_t> keyOfItem(backlog.size());
    const auto scan = [&](size_t from, size_t to, std::vector<Sum> &sums) {
        sums.assign(keys, Sum{});
        constexpr size_t kAhead = 48, kFar = 96;
        for (size_t i = from; i < to; ++i) {
            if (i + kFar < to) {
                const SliceObject &far = backlog.at(i + kFar); // the address only: not read here
                __builtin_prefetch(&far);                      // 32 bytes: one line
            }
            if (i + kAhead < to)
                __builtin_prefetch(&drill.ofSet[backlog.at(i + kAhead).labelSet]);
            const SliceObject &o = backlog.at(i);
            const auto key =
                static_cast<std::uint32_t>(size_t{o.source} * groupCount + drill.ofSet[o.labelSet]);
            sums[key].amount += o.amount;
            sums[key].rows += static_cast<std::int64_t>(o.rows);
            keyOfItem[i] = key;
        }
    };
    constexpr size_t kParallelObjects = size_t{1} << 18;
    constexpr size_t kParallelKeys = size_t{1} << 16; // two tables of at most 1.5 MB
    std::vector<Sum> sums, upper;
    if (backlog.size() >= kParallelObjects && keys <= kParallelKeys) {
        const size_t half = backlog.size() / 2;
        auto other = std::async(std::launch::async, [&] { scan(half, backlog.size(), upper); });
        scan(0, half, sums);
        other.get();
        for (size_t k = 0; k < keys; ++k) {
            sums[k].amount += upper[k].amount;
            sums[k].rows += upper[k].rows;
        }
    } else {
        scan(0, backlog.size(), sums);
    }
    // The nodes in the order of their first object in the backlog; each object's key becomes
    // its node.
    constexpr std::uint32_t kNoNode = ~std::uint32_t{0};
    std::vector<std::uint32_t> nodeOf(keys, kNoNode);
    std::vector<DrillNode> groups;
    std::vector<std::uint32_t> &nodeOfItem = keyOfItem;
    for (std::uint32_t &item : nodeOfItem) {
        const std::uint32_t key = item;
        std::uint32_t &node = nodeOf[key];
        if (node == kNoNode) {
            node = static_cast<std::uint32_t>(groups.size());
            const std::pair<int, std::string> &g = drill.groups[key % groupCount];
            DrillNode d;
            d.level = DrillNode::Level::Group;
            d.groupKey = g.first < 0 ? std::string() : groupKeys[static_cast<size_t>(g.first)];
            d.text = g.second;
            d.amount = sums[key].amount;
            d.rows = sums[key].rows;
            groups.push_back(std::move(d));
        }
        item = node;
    }
    // Each node's objects in backlog order, each held at its size, as runs where that is
    // smaller (BacklogPositions).
    std::vector<std::uint32_t> count(groups.size(), 0), runs(groups.size(), 0);
    for (size_t i = 0; i < nodeOfItem.size(); ++i) {
        const std::uint32_t node = nodeOfItem[i];
        ++count[node];
        runs[node] += i == 0 || nodeOfItem[i - 1] != node ? 1 : 0;
    }
    for (size_t n = 0; n < groups.size(); ++n)
        groups[n].objects.start(count[n], runs[n]);
    for (size_t i = 0; i < nodeOfItem.size(); ++i)
        groups[nodeOfItem[i]].objects.add(static_cast<std::uint32_t>(i));
    std::map<std::string, DrillNode> sources;
    for (size_t g = 0; g < groups.size(); ++g) {
        const std::string name(backlog.source(groups[g].objects.front()));
        DrillNode &src = sources[name];
        src.level = DrillNode::Level::Source;
        src.text = name;
        src.amount += groups[g].amount;
        src.rows += groups[g].rows;
        src.children.push_back(std::move(groups[g]));
    }
    std::vector<DrillNode> out;
    out.reserve(sources.size());
    for (auto &[name, src] : sources) {
        sortNodes(src.children);
        out.push_back(std::move(src));
    }
    sortNodes(out);
    return out;
}

} // namespace unalloc::core
