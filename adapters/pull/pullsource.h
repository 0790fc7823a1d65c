#pragma once

#include "core/timeutil.h"

#include <QUrl>
#include <QUrlQuery>

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::adapters {
class JValue;
}

namespace unalloc::adapters::pull {

/// @brief What the original tool's environment and the upstream's API say about one source.
struct SourceSpec
{
    std::string name;        ///< "openai"
    std::string urlVariable; ///< "UNALLOC_OPENAI_URL"
    std::string keyVariable; ///< "OPENAI_ADMIN_KEY"; empty: the source takes no key
    std::string defaultUrl;  ///< empty: none (a URL must be configured)
    std::string path;        ///< appended to the base URL: "/organization/costs"
    std::string adapterId;   ///< the file adapter that reads its pages
    std::string fileName;    ///< kept-input name of the page set: "openai_costs.json"
    bool keyRequired = false;
};

/// The four sources in the original's registry order: opencost, litellm, openai, anthropic.
const std::vector<SourceSpec> &sourceSpecs();
const SourceSpec *findSource(std::string_view name);

/// The window a pull asks for: [start, end) in UTC.
struct PullWindow
{
    core::TimeUs start = 0, end = 0;
    bool clamped = false;      ///< end was in the future: cut to now minus 5 minutes
    core::TimeUs askedEnd = 0; ///< the end before clamping
};
/// Clamps an end later than `now - 5 min` (closed windows only: upstreams still add rows to
/// the last minutes, and offset paging over live data shifts).
PullWindow closedWindow(core::TimeUs start, core::TimeUs end, core::TimeUs now);

/// What the walker decided after a page.
struct NextPage
{
    bool done = false;
    QUrlQuery query;     ///< the next request's query, when not done
    std::string problem; ///< non-empty: stop here, the read is incomplete for this reason
};

/// @brief The pagination of one upstream: the first request's query, and after each page
/// either the next query, done, or why the read cannot be complete.
class PageWalker
{
public:
    virtual ~PageWalker() = default;
    virtual QUrlQuery first() = 0;
    /// `page`: the parsed body of page `number` (1-based).
    virtual NextPage after(const JValue &page, int number) = 0;
    /// Headers carrying `key` the way the upstream expects it (empty key: none).
    virtual std::vector<std::pair<QByteArray, QByteArray>>
    authHeaders(const std::string &key) const;
};

/// The walker for `spec` over `window`. `pageSize`: LiteLLM page_size (≤ 100), OpenAI and
/// Anthropic bucket limit.
std::unique_ptr<PageWalker>
makeWalker(const SourceSpec &spec, const PullWindow &window, int pageSize = 0);

} // namespace unalloc::adapters::pull
