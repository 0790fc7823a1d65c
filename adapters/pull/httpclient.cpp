#include "httpclient.h"

#include <QDateTime>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimeZone>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

namespace unalloc::adapters::pull {

namespace {

// How often a blocked exchange or wait looks at the cancel flag.
constexpr int kCancelPollMs = 50;

std::string seconds(std::int64_t ms)
{
    const std::int64_t whole = ms / 1000, frac = ms % 1000;
    std::string s = std::to_string(whole);
    if (frac != 0) {
        std::string f = std::to_string(frac);
        f.insert(0, 3 - f.size(), '0');
        while (f.back() == '0')
            f.pop_back();
        s += "." + f;
    }
    return s + " s";
}

/// The upstream's own words from an error body (OpenAI/LiteLLM `{error:{message}}`, Anthropic
/// `{type:"error",error:{message}}`, OpenCost `{code,message}`, FastAPI `{detail}`, or plain
/// text), shortened; empty when there are none.
std::string upstreamMessage(const QByteArray &body)
{
    QString text;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (doc.isObject()) {
        const QJsonObject o = doc.object();
        const QJsonValue error = o.value(QStringLiteral("error"));
        const QJsonValue detail = o.value(QStringLiteral("detail"));
        text =
            error.isObject()   ? error.toObject().value(QStringLiteral("message")).toString()
            : error.isString() ? error.toString()
            : o.value(QStringLiteral("message")).isString()
                ? o.value(QStringLiteral("message")).toString()
            : detail.isString() ? detail.toString()
            : detail.isObject()
                ? QString::fromUtf8(QJsonDocument(detail.toObject()).toJson(QJsonDocument::Compact))
                : QString();
    } else if (!body.trimmed().startsWith('{') && !body.trimmed().startsWith('<')) {
        text = QString::fromUtf8(body.trimmed());
    }
    text = text.simplified();
    if (text.size() > 200)
        text = text.left(200) + QStringLiteral("…");
    return text.isEmpty() ? std::string() : " (" + text.toStdString() + ")";
}

bool retriableStatus(int status)
{
    return status == 408 || status == 429 || (status >= 500 && status <= 599);
}

} // namespace

QByteArray HttpResponse::header(const QByteArray &name) const
{
    for (const auto &[k, v] : headers)
        if (k == name)
            return v;
    return {};
}

QtTransport::QtTransport() = default;
QtTransport::~QtTransport() = default;

HttpResponse QtTransport::get(const HttpRequest &request, int timeoutMs, const CancelFn &cancel)
{
    if (!m_manager)
        m_manager = std::make_unique<QNetworkAccessManager>();
    QNetworkRequest req(request.url);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    for (const auto &[name, value] : request.headers)
        req.setRawHeader(name, value);
    std::unique_ptr<QNetworkReply> reply(m_manager->get(req));
    QEventLoop loop;
    bool timedOut = false, cancelled = false;
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (cancel && cancel()) {
            cancelled = true;
            reply->abort();
        }
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    deadline.start(std::max(timeoutMs, 1));
    poll.start(kCancelPollMs);
    if (!reply->isFinished())
        loop.exec();
    deadline.stop();
    poll.stop();

    HttpResponse out;
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (cancelled) {
        out.failure = HttpResponse::Failure::Cancelled;
        return out;
    }
    if (timedOut) {
        out.failure = HttpResponse::Failure::Timeout;
        out.errorText =
            "no complete response within " + QByteArray::fromStdString(seconds(timeoutMs));
        return out;
    }
    out.status = status.isValid() ? status.toInt() : 0;
    out.body = reply->readAll();
    for (const auto &[name, value] : reply->rawHeaderPairs())
        out.headers.emplace_back(name.toLower(), value);
    // An HTTP error status is an answer; any other network error (a reset, a refused
    // connection, a body cut short of its Content-Length) means no complete answer arrived.
    if (reply->error() != QNetworkReply::NoError && out.status < 400) {
        out.failure = HttpResponse::Failure::Connection;
        out.errorText = reply->errorString().toUtf8();
    }
    return out;
}

RetryEnvironment RetryEnvironment::system(const CancelFn &cancel)
{
    RetryEnvironment env;
    env.nowMsSinceEpoch = [] {
        return QDateTime::currentMSecsSinceEpoch();
    };
    env.sleep = [cancel](std::int64_t ms) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        while (std::chrono::steady_clock::now() < until) {
            if (cancel && cancel())
                return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(
                std::min<std::int64_t>(kCancelPollMs, std::max<std::int64_t>(ms, 1))));
        }
        return !(cancel && cancel());
    };
    auto engine = std::make_shared<std::mt19937_64>(std::random_device{}());
    env.random = [engine] {
        return std::uniform_real_distribution<double>(0.0, 1.0)(*engine);
    };
    return env;
}

HttpClient::HttpClient(Transport &transport,
                       RetryPolicy policy,
                       RetryEnvironment env,
                       CancelFn cancel)
    : m_transport(transport)
    , m_policy(policy)
    , m_env(std::move(env))
    , m_cancel(std::move(cancel))
{}

std::optional<std::int64_t> HttpClient::retryAfterMs(const QByteArray &value, std::int64_t nowMs)
{
    const QByteArray v = value.trimmed();
    if (v.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qlonglong secs = v.toLongLong(&ok);
    if (ok)
        return secs < 0 ? std::nullopt : std::optional<std::int64_t>(secs * 1000);
    // An HTTP date: IMF-fixdate, "Wed, 21 Oct 2015 07:28:00 GMT".
    QDateTime at = QLocale::c().toDateTime(QString::fromLatin1(v),
                                           QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!at.isValid())
        return std::nullopt;
    at.setTimeZone(QTimeZone::utc());
    return std::max<std::int64_t>(0, at.toMSecsSinceEpoch() - nowMs);
}

std::int64_t HttpClient::backoffMs(int retry) const
{
    std::int64_t ms = m_policy.baseDelayMs;
    for (int i = 1; i < retry && ms < m_policy.maxDelayMs; ++i)
        ms *= 2;
    ms = std::min<std::int64_t>(ms, m_policy.maxDelayMs);
    const double factor = 0.5 + 0.5 * (m_env.random ? m_env.random() : 0.0);
    return static_cast<std::int64_t>(static_cast<double>(ms) * factor);
}

core::Result<Fetched> HttpClient::get(const HttpRequest &request,
                                      const std::function<void(const RetryEvent &)> &onRetry)
{
    const int attempts = std::max(m_policy.retries, 0) + 1;
    std::string lastReason;
    for (int attempt = 1; attempt <= attempts; ++attempt) {
        if (m_cancel && m_cancel())
            return core::fail("cancelled", "the pull was cancelled");
        HttpResponse r = m_transport.get(request, m_policy.timeoutMs, m_cancel);
        std::optional<std::int64_t> asked;
        switch (r.failure) {
        case HttpResponse::Failure::Cancelled:
            return core::fail("cancelled", "the pull was cancelled");
        case HttpResponse::Failure::Timeout:
            lastReason = "timeout: " + r.errorText.toStdString();
            break;
        case HttpResponse::Failure::Connection:
            lastReason = "connection failed: " + r.errorText.toStdString();
            break;
        case HttpResponse::Failure::None:
            if (r.status >= 200 && r.status <= 299)
                return Fetched{std::move(r), attempt};
            if (r.status == 401 || r.status == 403)
                return core::fail("auth-failed", "HTTP " + std::to_string(r.status));
            if (!retriableStatus(r.status))
                return core::fail("http-status",
                                  "HTTP " + std::to_string(r.status) + upstreamMessage(r.body));
            lastReason = "HTTP " + std::to_string(r.status);
            if (const QByteArray h = r.header("retry-after"); !h.isEmpty()) {
                asked = retryAfterMs(h, m_env.nowMsSinceEpoch ? m_env.nowMsSinceEpoch() : 0);
                if (asked && *asked > m_policy.maxRetryAfterMs)
                    return core::fail("retries-exhausted",
                                      lastReason + " with Retry-After " + seconds(*asked) +
                                          ", longer than the " + seconds(m_policy.maxRetryAfterMs) +
                                          " a pull waits");
            }
            break;
        }
        if (attempt == attempts)
            break;
        const std::int64_t wait = asked ? *asked : backoffMs(attempt);
        if (onRetry)
            onRetry(RetryEvent{attempt, wait, lastReason});
        if (m_env.sleep && !m_env.sleep(wait))
            return core::fail("cancelled", "the pull was cancelled");
    }
    return core::fail("retries-exhausted", lastReason + " after " + std::to_string(attempts) +
                                               (attempts == 1 ? " attempt" : " attempts"));
}

} // namespace unalloc::adapters::pull
