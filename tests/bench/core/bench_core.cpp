// bench_core [ROWS]: generates ROWS rows (default 1,000,000) over a few thousand distinct raw
// label maps and prints rows/s for LabelNormaliser::normalise and for CostCube::addRow +
// attribute, then the time to re-attribute with another owner key and fallbacks.
#include "core/allocatorarenas.h"
#include "core/attribution.h"
#include "core/costcube.h"
#include "core/hugepages.h"
#include "core/labels.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

using namespace unalloc::core;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// Raw label maps shaped like the real sources: Kubernetes path keys, camelCase, team/owner/
/// squad variants, provider prefixes, gateway tags.
std::vector<RawLabels> labelTemplates(size_t count, std::mt19937_64 &rng)
{
    const char *teams[] = {"search", "ml-platform", "ads",      "growth",
                           "infra",  "research",    "payments", "support"};
    const char *ownerKeys[] = {"team",
                               "Team",
                               "owner",
                               "squad",
                               "teamID",
                               "label_team",
                               "label_tag_team",
                               "labels_label_team",
                               "requestTag_team",
                               "owning_team",
                               ""};
    const char *charts[] = {"vllm", "tgi", "triton", "sglang", "llama-cpp"};
    std::vector<RawLabels> out;
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        RawLabels r;
        const auto pick = [&rng](auto &arr) {
            return arr[rng() % std::size(arr)];
        };
        const std::string ownerKey = pick(ownerKeys);
        if (!ownerKey.empty())
            r.push_back({ownerKey, pick(teams)});
        if (rng() % 4 == 0)
            r.push_back({"owner", pick(teams)}); // a collision with the key above
        r.push_back({"app.kubernetes.io/name", pick(charts)});
        r.push_back({"app.kubernetes.io/instance",
                     std::string(pick(charts)) + "-" + std::to_string(i % 97)});
        if (rng() % 3 == 0)
            r.push_back({"leaderworkerset.sigs.k8s.io/name", std::string("lws-") + pick(charts)});
        r.push_back(
            {"helm.sh/chart", std::string(pick(charts)) + "-0." + std::to_string(rng() % 9)});
        r.push_back({"namespace", "ns-" + std::to_string(i % 211)});
        r.push_back({rng() % 2 ? "costCenter" : "cost-centre", "cc-" + std::to_string(rng() % 40)});
        if (rng() % 2)
            r.push_back({"project_id", "proj_" + std::to_string(i % 53)});
        if (rng() % 5 == 0)
            r.push_back({"workspaceId", "wrk_" + std::to_string(rng() % 17)});
        r.push_back({"pod-template-hash", std::to_string(rng() % 100000)});
        r.push_back({"env", rng() % 3 ? "prod" : "staging"});
        out.push_back(std::move(r));
    }
    return out;
}

double benchNormalise(const std::vector<RawLabels> &templates, size_t rows, size_t &collisions)
{
    LabelNormaliser n;
    collisions = 0;
    const auto t0 = Clock::now();
    for (size_t i = 0; i < rows; ++i)
        collisions +=
            n.normalise(templates[(i * 2654435761u) % templates.size()]).collisions.size();
    return secondsSince(t0);
}

void printAttribution(const char *what, double seconds, const AttributionReport &r)
{
    std::printf("%-44s %9.2f ms  (total %s, U %s%%, F %s, %zu owners)\n", what, seconds * 1e3,
                r.total.toFixed(2).c_str(), r.unallocatedPct().toFixed(1).c_str(),
                r.fallbackTotal.toFixed(2).c_str(), r.ownerCount());
}

} // namespace

int main(int argc, char **argv)
{
    unalloc::core::keepFreedMemory();   // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise(); // as the programs do
    const size_t rows = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1'000'000;
    if (rows == 0) {
        std::fprintf(stderr, "usage: bench_core [ROWS]\n");
        return 64;
    }
    std::mt19937_64 rng(42);
    const auto templates = labelTemplates(3000, rng);

    size_t collisions = 0;
    const double tn = benchNormalise(templates, rows, collisions);
    std::printf("rows %zu, distinct raw label maps %zu\n", rows, templates.size());
    std::printf(
        "normalise                                    %9.0f rows/s  (%.3f s, %zu collisions)\n",
        static_cast<double>(rows) / tn, tn, collisions);

    // One prepared row per template; each generated row mutates amount, day, name, source.
    LabelNormaliser n;
    std::vector<CostRow> prepared(templates.size());
    const char *sources[] = {"opencost", "litellm", "openai", "anthropic"};
    for (size_t i = 0; i < templates.size(); ++i) {
        auto norm = n.normalise(templates[i]);
        prepared[i].labels = std::move(norm.labels);
        prepared[i].collisions = std::move(norm.collisions);
        // A label set belongs to one workload of one source, as in real exports.
        prepared[i].source = sources[i % 4];
        prepared[i].name = "workload-" + std::to_string(i % 700);
    }
    CostCube cube;
    const auto t0 = Clock::now();
    for (size_t i = 0; i < rows; ++i) {
        CostRow &r = prepared[rng() % prepared.size()];
        r.amount.amount =
            Decimal::fromUnits(static_cast<Decimal::Units>(rng() % 100'000'000'000'000'000ULL));
        r.start = static_cast<TimeUs>(rng() % 30) * kUsPerDay;
        cube.addRow(r);
    }
    const double tAdd = secondsSince(t0);
    AttributionOptions o;
    o.ownerKey = "team";
    const auto t1 = Clock::now();
    const auto report = attribute(cube, o).value();
    const double tAttr = secondsSince(t1);
    std::printf("addRow + attribute                           %9.0f rows/s  (add %.3f s, attribute "
                "%.2f ms)\n",
                static_cast<double>(rows) / (tAdd + tAttr), tAdd, tAttr * 1e3);
    std::printf("cube: %zu groups, %zu label sets, %zu collision totals\n", cube.groupCount(),
                cube.labelSets().size(), cube.collisions().size());
    printAttribution("attribute -D team", tAttr, report);

    o.ownerKey = "cost_center";
    o.fallbacks = {"project", "name"};
    auto t2 = Clock::now();
    const auto again = attribute(cube, o).value();
    printAttribution("re-attribute -D cost_center -f project,name", secondsSince(t2), again);
    o.ownerKey = "team";
    o.fallbacks = {"workspace", "namespace"};
    t2 = Clock::now();
    const auto third = attribute(cube, o).value();
    printAttribution("re-attribute -D team -f workspace,namespace", secondsSince(t2), third);
    return 0;
}
