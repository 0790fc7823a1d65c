#pragma once

#include "core/decimal.h"
#include "core/money.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// The ways to split a shared inference pod among its tenants (DESIGN §8).
enum class MeterKind {
    Tokens,         ///< prompt + output tokens; no overhead
    ListPrice,      ///< uncached ×1, cached ×0.1, output ×4 (editable); no overhead
    TimeShare,      ///< 50 ms ticks split among requests in flight; idle ticks = overhead
    KvTokenSeconds, ///< prompt×(first−send) + (prompt+output/2)×(done−first)
    StepTime,       ///< simulator: engine step time; idle time = overhead
    KvBlockSeconds, ///< simulator: KV block-seconds; unheld blocks = overhead
    Blended,        ///< simulator: ½ step time + ½ KV block-seconds
    Shapley,        ///< coalition replay: Shapley value of busy GPU time; idle = overhead
};

/// Stable identifiers ("tokens", "list_price", "time_share", "kv_memory", "step_time",
/// "kv_blocks", "blended", "shapley") used by the CLI, JSON and stored splits.
std::string_view meterId(MeterKind kind);
std::optional<MeterKind> meterFromId(std::string_view id);
/// Unit of MeterRow::quantity ("tokens", "list-price tokens", "ticks", "token-s", "s",
/// "block-s", "share").
std::string_view meterUnit(MeterKind kind);

/// What happens to the part of the bill no tenant's meter covers (idle GPU, empty KV).
enum class OverheadPolicy {
    Keep,         ///< a separate unowned row
    Redistribute, ///< spread over the tenants in proportion to their direct shares
};
std::string_view policyId(OverheadPolicy policy); ///< "keep" | "redistribute"
std::optional<OverheadPolicy> policyFromId(std::string_view id);

/// One tenant (or the overhead) under one meter.
struct MeterRow
{
    std::string tenant;         ///< display name; "" = requests without an owner label
    std::string owner;          ///< owner label value written on split rows; "" = none
    bool overhead = false;      ///< the unowned remainder (always the last row)
    Decimal quantity;           ///< in meterUnit(); exact, or rounded half-even at 10^-18
    Decimal share;              ///< of the whole pod, overhead included; rows sum to exactly 1
    Decimal redistributedShare; ///< tenants only (overhead spread); tenants sum to exactly 1
    Money amount;               ///< under the split's policy; rows sum exactly to the cost
};

/// @brief One meter's split of one pod cost: a row per tenant plus the overhead row.
///
/// Shares are computed exactly and rounded once to 10^-18 by largest remainder, so they sum
/// to exactly 1; amounts are split exactly (largest remainder) at the cost's own precision,
/// at least cents, so they sum to the pod cost exactly.
struct MeterSplit
{
    MeterKind kind = MeterKind::Tokens;
    OverheadPolicy policy = OverheadPolicy::Keep;
    Money cost;
    std::vector<MeterRow> rows; ///< tenants by name ("" last), then the overhead row

    const MeterRow &overheadRow() const { return rows.back(); }
    Decimal overheadShare() const { return rows.empty() ? Decimal() : rows.back().share; }
    /// The tenant's row, or nullptr.
    const MeterRow *find(std::string_view tenant) const;
};

} // namespace unalloc::core
