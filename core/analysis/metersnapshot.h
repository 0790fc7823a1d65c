#pragma once

#include "core/ledger/ledgerstore.h"
#include "core/meters/metercompare.h"
#include "core/meters/simmeters.h"
#include "core/meters/telemetrymeters.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// A ledger row that looks like a shared inference pod and has request telemetry in its window.
struct PodCandidate
{
    std::int64_t rowId = 0;
    CostRow row;
    std::int64_t requests = 0;        ///< usable telemetry records in the window
    std::optional<SplitRecord> split; ///< the meter split applied to it, if any
};

/// True for the labels of a cluster cost object (an OpenCost allocation, a FOCUS row of a
/// Kubernetes cluster): a `namespace`, `controller` or `pod` label. A provider's bill line
/// (Anthropic, OpenAI, a LiteLLM report) has none and is never a pod.
bool isClusterWorkload(const LabelMap &labels);

/// The pods of a ledger: cluster workloads (isClusterWorkload) that are not split parts, carry
/// no request usage, are labelled as inference (a `model` label — OpenCost's modelName — or
/// unalloc_layer=inference), and
/// whose window holds usable request telemetry (of the same model when the pod names one).
/// Ordered by amount descending, then row id. Reads the label sets and two brief row scans
/// (request telemetry, then the rows of pod label sets), never a whole row that is no pod.
/// `tenantKey` does not decide which requests are usable; it is kept for the callers.
Result<std::vector<PodCandidate>> findPodCandidates(const LedgerStore &store,
                                                    std::string_view tenantKey);

/// The telemetry of `pod`: the ledger's rows with request usage whose start lies in the pod's
/// window [start, end) and, when the pod has a `model` label, whose model (after any
/// "provider/" prefix) is that model. The tenant of a request is its `tenantKey` label.
Result<TelemetryRecords>
podTelemetry(const LedgerStore &store, const CostRow &pod, std::string_view tenantKey);

/// @brief What the Meter comparison view shows for one pod: every telemetry meter's split,
/// the gaps between them, and the cost per month.
struct MeterSnapshot
{
    PodCandidate pod;
    std::string tenantKey;
    OverheadPolicy policy = OverheadPolicy::Keep;
    std::int64_t requests = 0;
    std::int64_t skipped = 0;
    std::vector<MeterSplit> splits; ///< telemetryMeterKinds() order
    MeterComparison comparison;

    const MeterSplit *split(MeterKind kind) const;
    /// The rows to show: tenants plus the overhead row when it is kept; otherwise tenants.
    size_t shownRows() const;
    /// The share shown for `row` of `kind`: of the whole pod when the overhead is kept, the
    /// redistributed share otherwise. Shown rows sum to exactly 1 per meter.
    Decimal shownShare(MeterKind kind, size_t row) const;
    /// The row's amount scaled to a month (exact for a calendar-month pod), cents half-even.
    Money monthlyAmount(MeterKind kind, size_t row) const;
    /// (a − b) in points of redistributed share, and its dollars per month (cents half-even);
    /// nothing for the overhead row.
    std::optional<TenantGap> gap(MeterKind a, MeterKind b, size_t row) const;
};

/// The meters of `pod` over telemetry already read (`requests` and `skipped` come from it).
Result<MeterSnapshot> meterSnapshot(const TelemetryRecords &telemetry,
                                    const PodCandidate &pod,
                                    std::string_view tenantKey,
                                    OverheadPolicy policy,
                                    const TelemetryOptions &options = {});

/// A pod's telemetry as read from the ledger and the meters computed over it.
struct PodMeters
{
    TelemetryRecords telemetry; ///< kept by a caller that recomputes for another policy
    MeterSnapshot snapshot;
};

/// The one way a pod of a ledger is split under the telemetry meters: podTelemetry (the pod's
/// window and model), then meterSnapshot. `unalloc meters --ledger` and the Meter comparison
/// view both call it, so that they cannot select different requests for one pod.
Result<PodMeters> podMeters(const LedgerStore &store,
                            const PodCandidate &pod,
                            std::string_view tenantKey,
                            OverheadPolicy policy,
                            const TelemetryOptions &options = {});

/// The load sweep the view shows: the simulator's default tenants over a short window per
/// rate (same seed), so that it runs in a few seconds.
SimConfig meterSweepConfig();
/// The load sweep over a pod's own measured traffic mix (tenantsFromRequests) at the same
/// duration and seed; the studies' reference tenants when `measured` is empty.
SimConfig meterSweepConfig(const std::vector<RequestRecord> &measured);
const std::vector<double> &meterSweepRates();

} // namespace unalloc::core
