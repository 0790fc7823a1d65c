// The retry loop alone, over a scripted transport: which failures are retried, how long it
// waits (Retry-After in seconds or as an HTTP date, exponential backoff with jitter), and that
// 401/403 are not retried.
#include "adapters/pull/httpclient.h"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>

#include <deque>

using namespace unalloc::adapters::pull;

namespace {

class ScriptedTransport final : public Transport
{
public:
    std::deque<HttpResponse> replies;
    int calls = 0;
    std::vector<int> timeouts;
    HttpResponse get(const HttpRequest &, int timeoutMs, const CancelFn &) override
    {
        ++calls;
        timeouts.push_back(timeoutMs);
        HttpResponse r = replies.front();
        replies.pop_front();
        return r;
    }
};

HttpResponse status(int code, QByteArray retryAfter = {})
{
    HttpResponse r;
    r.status = code;
    if (!retryAfter.isEmpty())
        r.headers.emplace_back("retry-after", retryAfter);
    return r;
}

HttpResponse failure(HttpResponse::Failure f)
{
    HttpResponse r;
    r.failure = f;
    return r;
}

constexpr std::int64_t kNow = 1759276800000LL;

} // namespace

class TstHttpClient final : public QObject
{
    Q_OBJECT

private slots:
    void retries_data();
    void retries();
    void retryAfter_data();
    void retryAfter();
    void upstreamMessage_data();
    void upstreamMessage();
};

void TstHttpClient::retries_data()
{
    QTest::addColumn<QList<int>>("statuses"); // -1 timeout, -2 reset
    QTest::addColumn<int>("retries");
    QTest::addColumn<QString>("code"); // "" = success
    QTest::addColumn<int>("calls");
    QTest::addColumn<QList<qint64>>("waits");
    QTest::newRow("200 at once") << QList<int>{200} << 4 << "" << 1 << QList<qint64>{};
    QTest::newRow("500 500 200") << QList<int>{500, 500, 200} << 4 << "" << 3
                                 << QList<qint64>{750, 1500};
    QTest::newRow("529 then 200") << QList<int>{529, 200} << 4 << "" << 2 << QList<qint64>{750};
    QTest::newRow("timeout then reset then 200")
        << QList<int>{-1, -2, 200} << 4 << "" << 3 << QList<qint64>{750, 1500};
    QTest::newRow("backoff doubles to the cap")
        << QList<int>{503, 503, 503, 503, 503, 503, 503, 503} << 7 << "retries-exhausted" << 8
        << QList<qint64>{750, 1500, 3000, 6000, 12000, 24000, 45000};
    QTest::newRow("401 not retried")
        << QList<int>{401} << 4 << "auth-failed" << 1 << QList<qint64>{};
    QTest::newRow("403 not retried")
        << QList<int>{403} << 4 << "auth-failed" << 1 << QList<qint64>{};
    QTest::newRow("404 not retried")
        << QList<int>{404} << 4 << "http-status" << 1 << QList<qint64>{};
    QTest::newRow("--retries 0") << QList<int>{500} << 0 << "retries-exhausted" << 1
                                 << QList<qint64>{};
}

void TstHttpClient::retries()
{
    QFETCH(QList<int>, statuses);
    QFETCH(int, retries);
    QFETCH(QString, code);
    QFETCH(int, calls);
    QFETCH(QList<qint64>, waits);
    ScriptedTransport t;
    for (int s : statuses)
        t.replies.push_back(s == -1   ? failure(HttpResponse::Failure::Timeout)
                            : s == -2 ? failure(HttpResponse::Failure::Connection)
                                      : status(s));
    QList<qint64> slept;
    RetryEnvironment env;
    env.nowMsSinceEpoch = [] {
        return kNow;
    };
    env.sleep = [&](std::int64_t ms) {
        slept.append(ms);
        return true;
    };
    env.random = [] {
        return 0.5;
    };
    RetryPolicy policy;
    policy.retries = retries;
    policy.timeoutMs = 1234;
    HttpClient client(t, policy, env, {});
    int events = 0;
    auto r = client.get(HttpRequest{QUrl(QStringLiteral("https://example.test/x")), {}},
                        [&](const RetryEvent &) { ++events; });
    QCOMPARE(r.has_value(), code.isEmpty());
    if (!r)
        QCOMPARE(QString::fromStdString(r.error().code), code);
    else
        QCOMPARE(r->attempts, calls);
    QCOMPARE(t.calls, calls);
    QCOMPARE(slept, waits);
    QCOMPARE(events, int(waits.size()));
    QCOMPARE(t.timeouts.front(), 1234);
}

void TstHttpClient::retryAfter_data()
{
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<qint64>("ms"); // -1: unreadable
    const auto date = [](std::int64_t ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc())
            .toString(QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"))
            .toLatin1();
    };
    QTest::newRow("seconds") << QByteArray("7") << qint64(7000);
    QTest::newRow("zero") << QByteArray("0") << qint64(0);
    QTest::newRow("padded") << QByteArray(" 3 ") << qint64(3000);
    QTest::newRow("http date") << date(kNow + 90'000) << qint64(90'000);
    QTest::newRow("http date in the past") << date(kNow - 5'000) << qint64(0);
    QTest::newRow("negative") << QByteArray("-1") << qint64(-1);
    QTest::newRow("garbage") << QByteArray("soon") << qint64(-1);
}

void TstHttpClient::retryAfter()
{
    QFETCH(QByteArray, value);
    QFETCH(qint64, ms);
    const auto got = HttpClient::retryAfterMs(value, kNow);
    QCOMPARE(got.has_value(), ms >= 0);
    if (got)
        QCOMPARE(qint64(*got), ms);

    // And the client waits exactly that long before the retry.
    if (ms < 0)
        return;
    ScriptedTransport t;
    t.replies = {status(429, value), status(200)};
    QList<qint64> slept;
    RetryEnvironment env;
    env.nowMsSinceEpoch = [] {
        return kNow;
    };
    env.sleep = [&](std::int64_t w) {
        slept.append(w);
        return true;
    };
    env.random = [] {
        return 0.5;
    };
    HttpClient client(t, RetryPolicy{}, env, {});
    QVERIFY(client.get(HttpRequest{QUrl(QStringLiteral("https://example.test/x")), {}}));
    QCOMPARE(slept, QList<qint64>{ms});
}

void TstHttpClient::upstreamMessage_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("detail");
    QTest::newRow("opencost") << QByteArray(R"({"code":400,"message":"Error: illegal window"})")
                              << "HTTP 400 (Error: illegal window)";
    QTest::newRow("openai") << QByteArray(R"({"error":{"message":"Invalid group_by","type":"x"}})")
                            << "HTTP 400 (Invalid group_by)";
    QTest::newRow("fastapi") << QByteArray(R"({"detail":"Not Found"})") << "HTTP 400 (Not Found)";
    QTest::newRow("text") << QByteArray("Invalid 'window' parameter: bad\n")
                          << "HTTP 400 (Invalid 'window' parameter: bad)";
    QTest::newRow("html") << QByteArray("<html>gateway</html>") << "HTTP 400";
}

void TstHttpClient::upstreamMessage()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, detail);
    ScriptedTransport t;
    HttpResponse r = status(400);
    r.body = body;
    t.replies = {r};
    HttpClient client(t, RetryPolicy{}, RetryEnvironment{}, {});
    auto got = client.get(HttpRequest{QUrl(QStringLiteral("https://example.test/x")), {}});
    QVERIFY(!got);
    QCOMPARE(QString::fromStdString(got.error().code), QStringLiteral("http-status"));
    QCOMPARE(QString::fromStdString(got.error().detail), detail);
}

QTEST_GUILESS_MAIN(TstHttpClient)
#include "tst_httpclient.moc"
