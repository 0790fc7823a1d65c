#pragma once

#include "analysisrequest.h"
#include "exportcaption.h"
#include "fallbackexposure.h"
#include "ledgercatalog.h"
#include "reconciliationsnapshot.h"
#include "spendchart.h"
#include "unallocatedtree.h"

#include "core/attribution.h"
#include "core/rules.h"
#include "core/valuealiases.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

struct SliceData;

/// What completeBacklog() needs to add a deferred backlog: the slice (its objects are being
/// ordered) and the owner rule's summary.
struct PendingBacklog
{
    std::shared_ptr<const SliceData> slice;
    ResolutionSummary summary;
};

/// @brief Everything the explorer's views show for one (ledger, request): computed here,
/// rendered there. A value: workers build it, the GUI thread only reads it.
struct AnalysisSnapshot
{
    AnalysisRequest request;
    std::optional<Error> error; ///< e.g. mixed currencies in the slice
    AttributionReport report;
    Decimal uPct, fPct;                 ///< 0.1, half-even
    std::vector<std::string> topOwners; ///< up to three, by amount
    SpendChart spend;
    Backlog backlog; ///< every unallocated object, $ desc, with the fix plan
    std::vector<DrillNode> unallocatedTree;
    FallbackExposure exposure;
    std::vector<CollisionTotal> collisions;
    ReconciliationSnapshot seams; ///< reconciliation, overlap, batch completeness
    std::string commandLine;
    ExportCaption caption;
    double computeMs = 0; ///< wall time of analyse(), for the status bar and the benchmark
    /// Set when analyse() left the backlog and the drill-down tree (both empty meanwhile) to
    /// completeBacklog(): a large slice's first analysis (BacklogTiming::DeferLarge).
    std::shared_ptr<const PendingBacklog> pendingBacklog;
    bool backlogPending() const { return pendingBacklog != nullptr; }
};

class SliceCache;

/// The immutable inputs of a computation, shared between the GUI thread and workers.
struct AnalysisInput
{
    std::shared_ptr<const CostCube> cube;
    std::shared_ptr<const LedgerCatalog> catalog;
    std::string ledgerPath; ///< for the CLI line; may be empty (demo)
    std::string ledgerName; ///< for captions
    Rules rules;            ///< stored rules; owner key and fallbacks come from the request
    std::shared_ptr<const std::vector<Invoice>> invoices; ///< may be null (no invoices)
    /// Slices already computed for this ledger (may be null: every call computes its own).
    std::shared_ptr<SliceCache> slices;
    /// What each of rules.valueAliases moved, per day and currency (may be null: none).
    std::shared_ptr<const std::vector<AliasMove>> aliasMoves;
};

/// Returns true when the caller no longer wants the result (a newer request superseded it).
using CancelCheck = std::function<bool()>;

/// When analyse() orders the slice's objects into the backlog.
enum class BacklogTiming {
    Now,       ///< always: the snapshot is complete
    DeferLarge ///< a slice it computes of at least deferredBacklogFrom() groups: later
};

/// Computes every figure of every view. Returns nullopt when cancelled part-way. Under
/// BacklogTiming::DeferLarge the backlog of a large new slice is left to completeBacklog():
/// ordering ten million objects is most of the first analysis, and only the Unallocated view
/// shows them.
std::optional<AnalysisSnapshot> analyse(const AnalysisInput &input,
                                        const AnalysisRequest &request,
                                        const CancelCheck &cancelled = {},
                                        BacklogTiming timing = BacklogTiming::Now);

/// `first` with its backlog and drill-down tree (waiting for the slice's objects), the same
/// snapshot analyse() gives with BacklogTiming::Now; `first` itself when it is complete.
/// Returns nullopt when cancelled.
std::optional<AnalysisSnapshot> completeBacklog(const AnalysisSnapshot &first,
                                                const CancelCheck &cancelled = {});

/// Slice groups from which BacklogTiming::DeferLarge defers (2^21 unless a test sets it).
size_t deferredBacklogFrom();
void setDeferredBacklogFrom(size_t groups);

/// Which key resolved a row with `labels`: 0 = owner key, k = fallback k, -1 = none.
struct RowOwner
{
    std::string owner; ///< "<unallocated>" when none
    int via = -1;
    std::string viaKey;
};
RowOwner resolveRowOwner(const LabelMap &labels, const AnalysisRequest &request);

} // namespace unalloc::core
