#pragma once

#include "costrow.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// A non-fatal finding with its location (a credit, a rounded value, a skipped record, …).
struct Warning
{
    std::string code;
    std::string file;
    std::string record; ///< "line 12" or a JSON path such as "data[0].results[2]"
    std::string field;
    std::string detail;
    friend bool operator==(const Warning &, const Warning &) = default;
    std::string message() const;
};

enum class BatchStatus { Complete, Partial, Failed };
const char *toString(BatchStatus s);
std::optional<BatchStatus> batchStatusFromString(std::string_view s);

/// One response of a live pull, as received: its kept-input name and SHA-256 (hex).
struct PageDigest
{
    std::string name;
    std::string sha256;
    friend bool operator==(const PageDigest &, const PageDigest &) = default;
};

/// What a source's own envelope says about whether everything was read.
struct Completeness
{
    std::optional<std::int64_t> pagesRead, pagesDeclared;
    std::optional<std::int64_t> recordsRead, recordsDeclared;
    std::optional<std::int64_t> stepsRead, stepsExpected;
    std::optional<bool> lastPageHasMore; ///< has_more on the last page read
    std::vector<std::string> gaps;       ///< e.g. missing days "2026-08-14"
    std::string reason;                  ///< empty when complete
    std::vector<PageDigest> pages;       ///< a live pull's pages, in request order
    bool isComplete() const { return reason.empty(); }
};

/// @brief One import of one source: the rows plus everything needed to audit it.
struct ImportBatch
{
    std::int64_t id = 0;
    std::string source;
    std::string format; ///< adapter id, e.g. "opencost-allocation-json"
    std::string origin; ///< file path or URL without secrets
    std::string sha256; ///< hex of the bytes
    TimeUs importedAt = 0;
    std::optional<TimeUs> windowStart, windowEnd;
    BatchStatus status = BatchStatus::Complete;
    Completeness evidence;
    std::int64_t rowCount = 0;
    std::vector<Money> totals; ///< per currency, sorted by code
    std::int64_t roundedValues = 0;
    std::vector<Warning> warnings;
};

} // namespace unalloc::core
