#include "unallocatedtree.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

namespace {

std::pair<std::string, std::string> groupOf(const LabelMap &labels)
{
    for (const std::string &key : drillGroupKeys()) {
        if (const std::string *v = labels.find(key); v != nullptr && !v->empty())
            return {key, *v};
    }
    return {};
}

void finish(std::vector<DrillNode> &nodes, const AttributionReport &report)
{
    for (DrillNode &n : nodes) {
        n.shareOfUnallocatedPct = Decimal::percent(n.amount, report.unallocated, 1);
        n.shareOfTotalPct = Decimal::percent(n.amount, report.total, 1);
        finish(n.children, report);
    }
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

std::vector<DrillNode> unallocatedTree(const std::vector<BacklogItem> &backlog,
                                       const AttributionReport &report)
{
    std::map<std::string, DrillNode> sources;
    std::map<std::tuple<std::string, std::string, std::string>, DrillNode> groups;
    for (const BacklogItem &item : backlog) {
        DrillNode &src = sources[item.source];
        src.level = DrillNode::Level::Source;
        src.text = item.source;
        src.amount += item.amount;
        src.rows += item.rows;
        const auto [key, value] = groupOf(item.labels);
        DrillNode &grp = groups[{item.source, key, value}];
        grp.level = DrillNode::Level::Group;
        grp.groupKey = key;
        grp.text = value;
        grp.amount += item.amount;
        grp.rows += item.rows;
        DrillNode obj;
        obj.level = DrillNode::Level::Object;
        obj.text = item.name;
        obj.amount = item.amount;
        obj.rows = item.rows;
        obj.labels = item.labels;
        grp.children.push_back(std::move(obj));
    }
    for (auto &[k, grp] : groups)
        sources[std::get<0>(k)].children.push_back(std::move(grp));
    std::vector<DrillNode> out;
    for (auto &[name, src] : sources)
        out.push_back(std::move(src));
    finish(out, report);
    return out;
}

} // namespace unalloc::core
