#include "exportcaption.h"

namespace unalloc::core {

std::string ExportCaption::periodText() const
{
    if (!fromDay && !toDay)
        return {};
    const std::string from = fromDay ? dayText(*fromDay) : std::string("…");
    const std::string to = toDay ? dayText(*toDay - 1) : std::string("…");
    return from + " \u2013 " + to;
}

ExportCaption makeCaption(const std::string &ledger,
                          const LedgerCatalog &catalog,
                          const AnalysisRequest &request,
                          const std::string &rulesDigest)
{
    ExportCaption c;
    c.ledger = ledger;
    c.fromDay = request.fromDay;
    c.toDay = request.toDay;
    for (const SourceInfo &s : catalog.sources) {
        if (!request.sources.empty() && !request.sources.contains(s.source))
            continue;
        std::string reason;
        for (const std::string &r : s.reasons)
            reason += (reason.empty() ? "" : "; ") + r;
        c.sources.push_back({s.source, s.complete(), reason});
    }
    c.ownerKey = request.ownerKey;
    c.fallbacks = request.fallbacks;
    c.rulesDigest = rulesDigest;
    return c;
}

} // namespace unalloc::core
