#include "trafficmix.h"

#include <algorithm>
#include <map>

namespace unalloc::core {

namespace {

// Bounds that keep one simulated request inside the default engine (a 192k-token KV pool):
// a measured outlier must not stall the whole sweep.
constexpr std::int64_t kMaxMessage = 32'000;
constexpr std::int64_t kMaxOutput = 4'096;

/// The value at `percent` of sorted `v` (nearest rank).
std::int64_t rank(const std::vector<std::int64_t> &v, int percent)
{
    const size_t k = (v.size() * size_t(percent) + 99) / 100; // ceil(n × p / 100)
    return v[k == 0 ? 0 : k - 1];
}

int clamp(std::int64_t v, std::int64_t hi)
{
    return static_cast<int>(std::clamp<std::int64_t>(v, 1, hi));
}

SimTenant tenantOf(const std::string &name, const std::vector<const RequestRecord *> &records)
{
    std::vector<std::int64_t> message, output, cached;
    for (const RequestRecord *r : records) {
        const std::int64_t hit = std::clamp<std::int64_t>(r->cachedTokens, 0, r->promptTokens);
        message.push_back(r->promptTokens - hit);
        output.push_back(r->completionTokens);
        cached.push_back(hit);
    }
    std::sort(message.begin(), message.end());
    std::sort(output.begin(), output.end());
    std::sort(cached.begin(), cached.end());
    SimTenant t;
    t.name = name.empty() ? std::string("<unlabeled>") : name;
    t.team = name;
    t.weight = static_cast<double>(records.size());
    t.messageMin = clamp(rank(message, 10), kMaxMessage);
    t.messageMax = std::max(t.messageMin, clamp(rank(message, 90), kMaxMessage));
    t.outputMin = clamp(rank(output, 10), kMaxOutput);
    t.outputMax = std::max(t.outputMin, clamp(rank(output, 90), kMaxOutput));
    t.systemPrefix = static_cast<int>(std::min(rank(cached, 50), kMaxMessage));
    t.prefixGroups = 1;
    return t;
}

} // namespace

std::vector<SimTenant> tenantsFromRequests(const std::vector<RequestRecord> &records)
{
    std::map<std::string, std::vector<const RequestRecord *>> byTenant;
    for (const RequestRecord &r : records)
        byTenant[r.tenant].push_back(&r);
    std::vector<std::pair<std::string, std::vector<const RequestRecord *>>> ordered(
        byTenant.begin(), byTenant.end());
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto &a, const auto &b) {
        return a.second.size() > b.second.size(); // names already ascending
    });
    std::vector<SimTenant> out;
    std::vector<const RequestRecord *> rest;
    for (size_t i = 0; i < ordered.size(); ++i) {
        if (i + 1 < kTrafficMixTenants || ordered.size() == kTrafficMixTenants)
            out.push_back(tenantOf(ordered[i].first, ordered[i].second));
        else
            rest.insert(rest.end(), ordered[i].second.begin(), ordered[i].second.end());
    }
    if (!rest.empty()) {
        SimTenant other = tenantOf({}, rest);
        other.name = "<other tenants>";
        out.push_back(std::move(other));
    }
    return out;
}

} // namespace unalloc::core
