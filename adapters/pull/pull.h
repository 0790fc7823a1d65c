#pragma once

#include "httpclient.h"
#include "pullsource.h"

#include "adapters/import/importer.h"
#include "core/money.h"

#include <QByteArray>

#include <functional>
#include <string>
#include <vector>

namespace unalloc::adapters::pull {

/// Where to pull one source from. `key` is a secret: it goes into request headers only.
struct SourceConfig
{
    const SourceSpec *spec = nullptr;
    std::string baseUrl; ///< trailing '/' removed
    std::string key;
};

/// One response kept as received.
struct Page
{
    int number = 0;
    std::string name; ///< kept-input file name: "openai_page003.json"
    QByteArray body;
    std::string sha256;
    int attempts = 1;
};

/// Progress of one source's pull, after each page and each retry.
struct PullProgress
{
    std::string source;
    int pages = 0;
    std::int64_t rows = 0;
    std::vector<core::Money> totals; ///< per currency, sorted by code
    int retries = 0;
    std::int64_t waitedMs = 0; ///< time spent waiting before retries (backoff, Retry-After)
};

/// @brief What pulling one source produced: its pages and whether they are all there.
struct SourcePull
{
    enum class Outcome { Complete, Partial, Failed };
    std::string source;
    std::string adapterId;
    std::string origin; ///< base URL + path, no user info, no query
    PullWindow window;
    std::vector<Page> pages; ///< every page read and validated, in order
    Outcome outcome = Outcome::Complete;
    std::string reason;    ///< why not complete: names the page and what happened
    std::string errorCode; ///< "auth-failed", "malformed", "retries-exhausted", …
    PullProgress progress;
    /// The pages as one page set (each page and a newline): what the ledger imports.
    std::string pageSet() const;
};
const char *toString(SourcePull::Outcome o);

/// How a pull talks to the network and reports back.
struct PullOptions
{
    RetryPolicy policy;
    RetryEnvironment env; ///< empty members: the system clock, sleep and randomness
    CancelFn cancel;
    Transport *transport = nullptr; ///< null: a QtTransport on the calling thread
    int pageSize = 0;               ///< 0: each upstream's default
    int maxPages = 10'000;          ///< a walk past this stops as incomplete, never silently
    std::function<void(const PullProgress &)> progress;
};

/// Pulls one source over `window`: requests page after page, reads each with the source's
/// file adapter (a malformed page names source, URL path and page) and decides completeness.
/// Never throws; never puts the key in `reason`.
SourcePull
pullSource(const SourceConfig &config, const PullWindow &window, const PullOptions &options);

/// The import of pulled sources: one batch per source, all in ONE transaction. Unless
/// `allowPartial`, any source not complete means nothing is imported (error "pull-incomplete"
/// naming each source, page and reason). With it, incomplete sources import as partial
/// batches with their reason; failed sources with no page import nothing.
core::Result<ImportReport> importPulls(const std::string &ledgerPath,
                                       const std::vector<SourcePull> &pulls,
                                       bool allowPartial,
                                       const ImportProgressFn &progress = {});

/// Writes each source's pages as received (`<name>`) and its page set
/// (`<spec.fileName>`) into `dir`.
core::Result<void> keepInputs(const std::string &dir, const std::vector<SourcePull> &pulls);

/// What one cheap authenticated request to a source said (the dialog's Test connection).
struct ProbeResult
{
    enum class Outcome { Ok, AuthFailed, Unreachable, Failed };
    Outcome outcome = Outcome::Failed;
    std::string reason; ///< names source, path and what happened; never the key
};
/// Reads the first page of yesterday (UTC, relative to `now`) with one record a page and no
/// retries: the same request, headers and parser as a pull, only smaller.
ProbeResult probeSource(const SourceConfig &config, core::TimeUs now, PullOptions options);

/// Replaces every occurrence of `secret` in `text` (a defence for error text built from
/// upstream bodies).
std::string redacted(std::string text, const std::string &secret);

} // namespace unalloc::adapters::pull

namespace unalloc::adapters::pull {

/// Live pulls go over HTTPS; plain HTTP only to a loopback host or with `allowPlainHttp`
/// (DESIGN §12). An error names the source and the URL (never a key: keys are not in URLs).
core::Result<void>
checkUrl(const std::string &source, const std::string &baseUrl, bool allowPlainHttp);

} // namespace unalloc::adapters::pull
