#include "unallocatedtree.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// The grouping label of a label set: index into drillGroupKeys() (-1 = none) and value.
std::pair<int, std::string> groupOf(const LabelSetRef &labels)
{
    const auto &keys = drillGroupKeys();
    for (size_t k = 0; k < keys.size(); ++k) {
        if (const std::string *v = labels.find(keys[k]); v != nullptr && !v->empty())
            return {static_cast<int>(k), *v};
    }
    return {-1, {}};
}

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

std::vector<DrillNode> unallocatedTree(const Backlog &backlog)
{
    // Each label set's group is resolved once; groups are (source, group) pairs.
    std::unordered_map<std::uint32_t, std::uint32_t> groupOfSet;
    std::map<std::pair<int, std::string>, std::uint32_t> groupIds;
    std::vector<const std::pair<const std::pair<int, std::string>, std::uint32_t> *> groupById;
    std::unordered_map<std::uint64_t, size_t> nodeOf; // (source, group id) → groups index
    std::vector<DrillNode> groups;
    for (size_t i = 0; i < backlog.size(); ++i) {
        const SliceObject &o = backlog.at(i);
        auto set = groupOfSet.find(o.labelSet);
        if (set == groupOfSet.end()) {
            auto [it, inserted] = groupIds.try_emplace(
                groupOf(backlog.labels(i)), static_cast<std::uint32_t>(groupById.size()));
            if (inserted)
                groupById.push_back(&*it);
            set = groupOfSet.emplace(o.labelSet, it->second).first;
        }
        const std::uint64_t key = static_cast<std::uint64_t>(o.source) << 32 | set->second;
        auto [node, inserted] = nodeOf.try_emplace(key, groups.size());
        if (inserted) {
            const std::pair<int, std::string> &group = groupById[set->second]->first;
            DrillNode g;
            g.level = DrillNode::Level::Group;
            g.groupKey = group.first < 0 ? std::string() : drillGroupKeys()[group.first];
            g.text = group.second;
            groups.push_back(std::move(g));
        }
        DrillNode &g = groups[node->second];
        g.amount += o.amount;
        g.rows += o.rows;
        g.objects.push_back(static_cast<std::uint32_t>(i));
    }
    std::map<std::string, DrillNode> sources;
    for (size_t g = 0; g < groups.size(); ++g) {
        const std::string &name = backlog.source(groups[g].objects.front());
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
