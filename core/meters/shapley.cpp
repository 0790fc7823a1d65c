#include "shapley.h"

#include "exactmeter.h"
#include "workload.h"

#include <atomic>
#include <bit>
#include <mutex>
#include <thread>

namespace unalloc::core {

namespace {

std::int64_t factorial(int n)
{
    std::int64_t f = 1;
    for (int k = 2; k <= n; ++k)
        f *= k;
    return f;
}

/// Replays every coalition on up to two threads; results land by mask, so the outcome does
/// not depend on scheduling.
bool replayAll(const SimConfig &config,
               ShapleyResult &out,
               const std::function<bool(int, int)> &progress)
{
    const int n = static_cast<int>(config.tenants.size());
    const int total = (1 << n) - 1;
    std::atomic<int> next{1};
    std::atomic<bool> cancelled{false};
    std::mutex mutex;
    int done = 0;
    auto worker = [&] {
        for (int mask = next++; mask <= total && !cancelled; mask = next++) {
            SimOptions only;
            only.tenantMask = static_cast<std::uint32_t>(mask);
            const SimResult r = simulate(config, only);
            std::lock_guard lock(mutex);
            out.busyNs[size_t(mask)] = r.busyNs();
            out.wallNs[size_t(mask)] = r.wallNs;
            ++done;
            if (progress && !progress(done, total))
                cancelled = true;
        }
    };
    const unsigned hw = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
    std::vector<std::thread> helpers;
    for (unsigned k = 1; k < hw; ++k)
        helpers.emplace_back(worker);
    worker();
    for (std::thread &t : helpers)
        t.join();
    return !cancelled;
}

} // namespace

Decimal ShapleyResult::phiSeconds(size_t tenant) const
{
    return ratioToDecimal(toBig(phiTimesFactorial[tenant]),
                          BigInt(factorial) * BigInt(1'000'000'000));
}

Result<ShapleyResult> shapleyByReplay(const SimConfig &config,
                                      const std::function<bool(int, int)> &progress)
{
    const int n = static_cast<int>(config.tenants.size());
    if (n < 1 || n > 8)
        return fail("bad-coalition-size", "the Shapley reference needs 1 to 8 tenants");
    ShapleyResult out;
    for (const SimTenant &t : config.tenants) {
        out.tenants.push_back(t.name);
        out.owners.push_back(t.team);
    }
    const size_t masks = size_t(1) << n;
    out.busyNs.assign(masks, 0);
    out.wallNs.assign(masks, 0);
    if (!replayAll(config, out, progress))
        return fail("cancelled", "the coalition replay was cancelled");
    out.factorial = factorial(n);
    out.phiTimesFactorial.assign(size_t(n), 0);
    for (int i = 0; i < n; ++i) {
        for (size_t s = 0; s < masks; ++s) {
            if (s & (size_t(1) << i))
                continue;
            const int size = std::popcount(s);
            const __int128 weight = __int128(factorial(size)) * factorial(n - size - 1);
            const std::int64_t delta = out.busyNs[s | (size_t(1) << i)] - out.busyNs[s];
            out.phiTimesFactorial[size_t(i)] += weight * delta;
        }
    }
    return out;
}

MeterSplit shapleyMeter(const ShapleyResult &s, const Money &cost, OverheadPolicy policy)
{
    ExactMeter m;
    m.kind = MeterKind::Shapley;
    m.tenants = s.tenants;
    m.owners = s.owners;
    const size_t grand = s.busyNs.size() - 1;
    for (size_t i = 0; i < s.tenants.size(); ++i) {
        m.weights.push_back(toBig(s.phiTimesFactorial[i]));
        m.quantities.push_back(s.phiSeconds(i));
    }
    const std::int64_t idle = s.wallNs[grand] - s.busyNs[grand];
    m.overhead = BigInt(idle) * s.factorial;
    m.quantities.push_back(Decimal::fromInt(idle).dividedByPow10(9));
    return finishMeter(std::move(m), cost, policy);
}

} // namespace unalloc::core
