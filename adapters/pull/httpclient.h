#pragma once

#include "core/result.h"

#include <QByteArray>
#include <QUrl>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QNetworkAccessManager;

namespace unalloc::adapters::pull {

using Headers = std::vector<std::pair<QByteArray, QByteArray>>;

/// One GET. Header values may hold a secret: nothing here ever prints or stores them.
struct HttpRequest
{
    QUrl url;
    Headers headers;
};

/// What came back, or how the exchange failed before a complete response arrived.
struct HttpResponse
{
    enum class Failure { None, Timeout, Connection, Cancelled };
    Failure failure = Failure::None;
    int status = 0;
    QByteArray body;
    Headers headers; ///< names lower-cased
    QByteArray errorText;
    /// The first header `name` (lower-case), or an empty array.
    QByteArray header(const QByteArray &name) const;
};

/// Answers true once the caller wants the exchange abandoned (Ctrl-C, the dialog's Cancel).
using CancelFn = std::function<bool()>;

/// @brief Performs one HTTP exchange. The pull code talks to this, so a test can stand in a
/// scripted fake; production uses QtTransport.
class Transport
{
public:
    virtual ~Transport() = default;
    virtual HttpResponse get(const HttpRequest &request, int timeoutMs, const CancelFn &cancel) = 0;
};

/// @brief Transport over QNetworkAccessManager. Blocks the calling thread in a local event
/// loop until the reply finishes, the timeout passes or the caller cancels; create and use it
/// on one thread (a worker thread for the GUI). Redirects are not followed.
class QtTransport final : public Transport
{
public:
    QtTransport();
    ~QtTransport() override;
    HttpResponse get(const HttpRequest &request, int timeoutMs, const CancelFn &cancel) override;

private:
    std::unique_ptr<QNetworkAccessManager> m_manager;
};

/// How hard to try. Waits: `baseDelayMs * 2^(retry-1)`, capped at `maxDelayMs`, times a
/// jitter factor in [0.5, 1); a `Retry-After` the server sends replaces that wait.
struct RetryPolicy
{
    int retries = 4;
    int timeoutMs = 30'000;
    int baseDelayMs = 1'000;
    int maxDelayMs = 60'000;
    /// A server asking for a longer wait than this fails the page instead of stalling a pull.
    std::int64_t maxRetryAfterMs = 600'000;
};

/// The clock, sleep and randomness the retry loop uses; tests inject all three.
struct RetryEnvironment
{
    std::function<std::int64_t()> nowMsSinceEpoch; ///< default: the system clock
    std::function<bool(std::int64_t ms)> sleep;    ///< false: cancelled while waiting
    std::function<double()> random;                ///< uniform in [0, 1)
    static RetryEnvironment system(const CancelFn &cancel);
};

/// One retry about to happen: why and how long the client waits first.
struct RetryEvent
{
    int attempt = 0; ///< the attempt that failed, 1-based
    std::int64_t waitMs = 0;
    std::string reason; ///< "HTTP 429", "timeout after 30 s", …
};

/// A response with a 2xx status, after `attempts` tries.
struct Fetched
{
    HttpResponse response;
    int attempts = 1;
};

/// @brief GET with timeout, bounded retries and backoff. 429, 5xx (529 included), timeouts and
/// broken connections are retried; 401/403 fail at once (code "auth-failed"); other statuses
/// fail at once ("http-status"); what still fails after the retries is "retries-exhausted";
/// a cancel is "cancelled". Error details name the status and reason, never a header value.
class HttpClient final
{
public:
    HttpClient(Transport &transport, RetryPolicy policy, RetryEnvironment env, CancelFn cancel);
    core::Result<Fetched> get(const HttpRequest &request,
                              const std::function<void(const RetryEvent &)> &onRetry = {});

    /// Milliseconds a `Retry-After` value asks for (delta seconds or an HTTP date), relative
    /// to `nowMs`; none when the value is unreadable.
    static std::optional<std::int64_t> retryAfterMs(const QByteArray &value, std::int64_t nowMs);

private:
    std::int64_t backoffMs(int retry) const;

    Transport &m_transport;
    RetryPolicy m_policy;
    RetryEnvironment m_env;
    CancelFn m_cancel;
};

} // namespace unalloc::adapters::pull
