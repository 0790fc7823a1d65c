#pragma once

#include "analysisrequest.h"
#include "ledgercatalog.h"

#include "core/money.h"

#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// @brief The facts every exported chart or table is stamped with: ledger, period, sources
/// with completeness, owner key and fallbacks, rules digest. The UI adds the export date
/// (from its injected clock) and translates the field names.
struct ExportCaption
{
    struct Source
    {
        std::string name;
        bool complete = true;
        std::string reason; ///< why it is partial
    };
    std::string ledger; ///< file name of the ledger (or "demo")
    std::optional<std::int32_t> fromDay, toDay;
    std::vector<Source> sources;
    std::string ownerKey;
    std::vector<std::string> fallbacks;
    std::string rulesDigest;            ///< "sha256:…"
    bool deduplicated = false;          ///< figures come from the de-duplicated merged ledger
    std::optional<Money> doubleCounted; ///< overlap summed twice (gateway and provider bill)

    /// "2026-08-01 – 2026-08-31" (inclusive last day), or "" for the whole ledger.
    std::string periodText() const;
};

ExportCaption makeCaption(const std::string &ledger,
                          const LedgerCatalog &catalog,
                          const AnalysisRequest &request,
                          const std::string &rulesDigest);

} // namespace unalloc::core
