#pragma once

#include "labels.h"
#include "money.h"
#include "timeutil.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// Request-level usage a gateway or telemetry row carries (for meters and de-duplication).
struct Usage
{
    std::optional<std::int64_t> promptTokens;
    std::optional<std::int64_t> completionTokens;
    std::optional<std::int64_t> cachedTokens;
    std::optional<TimeUs> sendTime;
    std::optional<TimeUs> firstTokenTime;
    std::optional<TimeUs> doneTime;
    std::string provider; ///< "openai", "anthropic", … (from custom_llm_provider or model prefix)
    std::string model;
    friend bool operator==(const Usage &, const Usage &) = default;
};

/// @brief The one canonical import record every source normalises into (DESIGN §3).
struct CostRow
{
    std::string source;    ///< "opencost", "litellm", "openai", "anthropic", "focus", …
    std::string recordKey; ///< stable natural key; the same record imported twice is one row
    std::string name;      ///< the cost object shown to people
    Money amount;
    TimeUs start = 0; ///< charge window [start, end) in UTC
    TimeUs end = 0;
    LabelMap labels;     ///< normalised
    RawLabels rawLabels; ///< as built by the adapter, for audit and collisions
    std::vector<Collision> collisions;
    std::optional<Decimal> quantity;
    std::string unit;
    std::optional<Usage> usage;
    std::int64_t batchId = 0;
    /// Set by a reader's label-set memo: rows with the same non-zero value (unique in the
    /// process) have equal labels, raw labels and collisions, so the importer numbers the set
    /// once instead of comparing every row's. Code that changes those three fields afterwards
    /// must reset it to 0.
    std::uint32_t labelSetMemo = 0;
    /// Set only by readers asked for it (ReadOptions::elideRepeatedLabels): labels, rawLabels
    /// and collisions were not written (they hold whatever the row held before) and equal
    /// those of the earlier row of the same read that carried this labelSetMemo in full.
    bool labelsElided = false;
    /// Set by a reader's label-set memo on the first row it fills after it forgot every set
    /// it held (it is bounded): no later row of the read names a labelSetMemo handed out
    /// before this row's, so a consumer may forget those too.
    bool labelSetMemoRestarted = false;

    /// Member by member: cheaper than the three moves of std::swap for a sink that trades a
    /// filled row for an old one.
    void swap(CostRow &other) noexcept
    {
        using std::swap;
        swap(source, other.source);
        swap(recordKey, other.recordKey);
        swap(name, other.name);
        swap(amount, other.amount);
        swap(start, other.start);
        swap(end, other.end);
        swap(labels, other.labels);
        swap(rawLabels, other.rawLabels);
        swap(collisions, other.collisions);
        swap(quantity, other.quantity);
        swap(unit, other.unit);
        swap(usage, other.usage);
        swap(batchId, other.batchId);
        swap(labelSetMemo, other.labelSetMemo);
        swap(labelsElided, other.labelsElided);
        swap(labelSetMemoRestarted, other.labelSetMemoRestarted);
    }
};

} // namespace unalloc::core
