#include "meter.h"

#include <array>
#include <utility>

namespace unalloc::core {

namespace {

struct MeterName
{
    MeterKind kind;
    std::string_view id;
    std::string_view unit;
};

constexpr std::array<MeterName, 8> kMeters{{
    {MeterKind::Tokens, "tokens", "tokens"},
    {MeterKind::ListPrice, "list_price", "list-price tokens"},
    {MeterKind::TimeShare, "time_share", "ticks"},
    {MeterKind::KvTokenSeconds, "kv_memory", "token-s"},
    {MeterKind::StepTime, "step_time", "s"},
    {MeterKind::KvBlockSeconds, "kv_blocks", "block-s"},
    {MeterKind::Blended, "blended", "share"},
    {MeterKind::Shapley, "shapley", "s"},
}};

} // namespace

std::string_view meterId(MeterKind kind)
{
    for (const MeterName &m : kMeters) {
        if (m.kind == kind)
            return m.id;
    }
    return {};
}

std::optional<MeterKind> meterFromId(std::string_view id)
{
    for (const MeterName &m : kMeters) {
        if (m.id == id)
            return m.kind;
    }
    return std::nullopt;
}

std::string_view meterUnit(MeterKind kind)
{
    for (const MeterName &m : kMeters) {
        if (m.kind == kind)
            return m.unit;
    }
    return {};
}

std::string_view policyId(OverheadPolicy policy)
{
    return policy == OverheadPolicy::Keep ? "keep" : "redistribute";
}

std::optional<OverheadPolicy> policyFromId(std::string_view id)
{
    if (id == "keep")
        return OverheadPolicy::Keep;
    if (id == "redistribute")
        return OverheadPolicy::Redistribute;
    return std::nullopt;
}

const MeterRow *MeterSplit::find(std::string_view tenant) const
{
    for (const MeterRow &r : rows) {
        if (!r.overhead && r.tenant == tenant)
            return &r;
    }
    return nullptr;
}

} // namespace unalloc::core
