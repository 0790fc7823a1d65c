#include "analysisrequest.h"

#include "core/labels.h"
#include "core/timeutil.h"

#include <algorithm>

namespace unalloc::core {

AttributionOptions AnalysisRequest::options() const
{
    AttributionOptions o;
    o.ownerKey = ownerKey;
    o.fallbacks = fallbacks;
    o.fromDay = fromDay;
    o.toDay = toDay;
    o.sources = sources;
    o.currency = currency;
    return o;
}

AnalysisRequest AnalysisRequest::withOwnerKey(const std::string &key) const
{
    AnalysisRequest r = *this;
    r.ownerKey = key;
    std::erase(r.fallbacks, key);
    return r;
}

AnalysisRequest AnalysisRequest::withFallbackToggled(const std::string &key) const
{
    AnalysisRequest r = *this;
    if (key.empty() || key == ownerKey)
        return r;
    if (std::erase(r.fallbacks, key) == 0)
        r.fallbacks.push_back(key);
    return r;
}

AnalysisRequest AnalysisRequest::withKeys(const std::string &owner,
                                          const std::vector<std::string> &keys,
                                          const std::map<std::string, std::string> &aliases) const
{
    const LabelNormaliser normaliser(aliases);
    AnalysisRequest r = *this;
    if (const std::string key = normaliser.canonicalKey(owner); !key.empty())
        r.ownerKey = key;
    r.fallbacks.clear();
    for (const std::string &raw : keys) {
        const std::string key = normaliser.canonicalKey(raw);
        if (!key.empty() && key != r.ownerKey && r.fallbackPosition(key) == 0)
            r.fallbacks.push_back(key);
    }
    return r;
}

int AnalysisRequest::fallbackPosition(const std::string &key) const
{
    const auto it = std::find(fallbacks.begin(), fallbacks.end(), key);
    return it == fallbacks.end() ? 0 : static_cast<int>(it - fallbacks.begin()) + 1;
}

std::string shellQuote(const std::string &arg)
{
    const bool plain = !arg.empty() && std::all_of(arg.begin(), arg.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') ||
               c == '_' || c == '.' || c == '/' || c == ':' || c == '=' || c == '-';
    });
    if (plain)
        return arg;
    std::string out = "'";
    for (char c : arg) {
        if (c == '\'')
            out += "'\\''";
        else
            out += c;
    }
    return out + "'";
}

std::string dayText(std::int32_t day)
{
    return formatDate(static_cast<TimeUs>(day) * kUsPerDay);
}

std::string commandLine(const AnalysisRequest &request, const std::string &ledgerPath)
{
    std::string line = "unalloc report";
    if (!ledgerPath.empty())
        line += " --ledger " + shellQuote(ledgerPath);
    if (request.fromDay)
        line += " --from " + dayText(*request.fromDay);
    if (request.toDay)
        line += " --to " + dayText(*request.toDay);
    for (const std::string &s : request.sources)
        line += " --source " + shellQuote(s);
    line += " --dimension " + shellQuote(request.ownerKey);
    for (const std::string &f : request.fallbacks)
        line += " --fallback " + shellQuote(f);
    if (request.dedupe)
        line += " --dedupe";
    if (request.currency)
        line += " --currency " + request.currency->code();
    return line;
}

} // namespace unalloc::core
