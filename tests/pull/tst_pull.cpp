// Live pulls against local servers that speak each upstream's format: a month pulled page by
// page equals the same month imported from files, the requests are what each API expects,
// and every fault ends complete or visibly partial/failed — never silently short.
#include "pullharness.h"

#include "adapters/import/ledgerimport.h"
#include "core/ledger/ledgerstore.h"

#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <filesystem>

using namespace unalloc;
using namespace unalloc::tests;
namespace pull = adapters::pull;
using Outcome = pull::SourcePull::Outcome;

class TstPull final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void monthEqualsFileImport();
    void requestsAsEachApiExpects();
    void faults_data();
    void faults();
    void failedPullImportsNothing();
    void allowPartialMarksTheBatch();
    void overlappingPullsAddOnlyTheRest();
    void cancelImportsNothing();
    void closedWindowClampsTheFuture();
    void clampedWindowIsInTheBatch();

private:
    std::string ledger(const char *name) const
    {
        return m_dir.filePath(QLatin1String(name)).toStdString();
    }
    std::string fileLedger(const std::vector<std::string> &sources);
    QTemporaryDir m_dir;
};

void TstPull::init()
{
    QVERIFY(m_dir.isValid());
}

/// The month imported from one export file per source (the reference).
std::string TstPull::fileLedger(const std::vector<std::string> &sources)
{
    const Upstreams data;
    std::vector<QByteArray> files;
    std::vector<adapters::ImportInput> inputs;
    adapters::ImportOptions options;
    for (const std::string &s : sources) {
        files.push_back(s == "openai"      ? data.openAiFile()
                        : s == "anthropic" ? data.anthropicFile()
                        : s == "litellm"   ? data.liteLlmFile()
                                           : data.openCostFile());
        inputs.push_back(
            {s + ".json", std::string_view(files.back().constData(), size_t(files.back().size()))});
        adapters::InputOptions in;
        in.requestedStart = kAug1;
        in.requestedEnd = kSep1;
        in.requestedStep = core::kUsPerDay;
        options.perInput.push_back(in);
    }
    const std::string path = ledger("files.unalloc");
    std::filesystem::remove(path);
    auto r = adapters::importInputsIntoLedgerFile(path, inputs, options);
    if (!r)
        qWarning() << r.error().error.message().c_str();
    return path;
}

void TstPull::monthEqualsFileImport()
{
    PullHarness h;
    QVERIFY(h.listen());
    const std::vector<std::string> sources{"opencost", "litellm", "openai", "anthropic"};
    std::vector<pull::SourcePull> pulls;
    for (const std::string &s : sources) {
        pulls.push_back(h.pull(s));
        QVERIFY2(pulls.back().outcome == Outcome::Complete, pulls.back().reason.c_str());
    }
    // Smaller pages than the data: every paged source took several pages.
    QCOMPARE(pulls[1].pages.size(), size_t(57)); // 227 LiteLLM rows, 4 a page
    QCOMPARE(pulls[2].pages.size(), size_t(8));  // 31 OpenAI buckets, 4 a page
    QCOMPARE(pulls[3].pages.size(), size_t(8));
    QCOMPARE(pulls[0].pages.size(), size_t(1)); // OpenCost: one response, 31 steps
    QCOMPARE(h.waits.size(), size_t(0));

    auto report = pull::importPulls(ledger("pulled.unalloc"), pulls, false);
    QVERIFY2(report, report ? "" : report.error().message().c_str());
    QCOMPARE(report->batches.size(), size_t(4));
    for (const auto &b : report->batches) {
        QCOMPARE(b.batch.status, core::BatchStatus::Complete);
        QCOMPARE(b.batch.evidence.pages.size(), pulls[&b - &report->batches[0]].pages.size());
    }
    const auto pulled = ledgerFingerprint(ledger("pulled.unalloc"));
    const auto files = ledgerFingerprint(fileLedger(sources));
    QCOMPARE(pulled.size(), size_t(31 * 4 + 227 + 30 * 3 + 31 * 3));
    QCOMPARE(pulled, files);

    // The totals the ledger stores per batch match, to the last digit, the file import's.
    auto a = core::LedgerStore::open(ledger("pulled.unalloc"), true);
    auto b = core::LedgerStore::open(ledger("files.unalloc"), true);
    QVERIFY(a && b);
    auto ba = (*a)->batches(), bb = (*b)->batches();
    QVERIFY(ba && bb);
    QCOMPARE(ba->size(), bb->size());
    for (size_t i = 0; i < ba->size(); ++i) {
        QCOMPARE((*ba)[i].source, (*bb)[i].source);
        QCOMPARE((*ba)[i].totals, (*bb)[i].totals);
        QCOMPARE((*ba)[i].evidence.reason, std::string());
    }
}

void TstPull::requestsAsEachApiExpects()
{
    PullHarness h;
    QVERIFY(h.listen());
    for (const char *s : {"opencost", "litellm", "openai", "anthropic"})
        QVERIFY(h.pull(s).outcome == Outcome::Complete);

    const auto openai = h.requestsOf("openai");
    QCOMPARE(openai.size(), size_t(8));
    QCOMPARE(openai[0].path, QStringLiteral("/v1/organization/costs"));
    QCOMPARE(openai[0].header("authorization"), "Bearer " + QByteArray::fromStdString(kOpenAiKey));
    QCOMPARE(openai[0].query.queryItemValue(QStringLiteral("start_time")),
             QStringLiteral("1754006400"));
    QCOMPARE(openai[0].query.queryItemValue(QStringLiteral("end_time")),
             QStringLiteral("1756684800"));
    QCOMPARE(openai[0].query.queryItemValue(QStringLiteral("bucket_width")), QStringLiteral("1d"));
    QCOMPARE(openai[0].query.allQueryItemValues(QStringLiteral("group_by")),
             QStringList({QStringLiteral("project_id"), QStringLiteral("line_item")}));
    QVERIFY(!openai[0].query.hasQueryItem(QStringLiteral("page")));
    QCOMPARE(openai[1].query.queryItemValue(QStringLiteral("page")), QStringLiteral("cur_4"));
    QCOMPARE(openai[7].query.queryItemValue(QStringLiteral("page")), QStringLiteral("cur_28"));
    // The cursor is the only change between pages.
    QUrlQuery rest = openai[7].query;
    rest.removeQueryItem(QStringLiteral("page"));
    QCOMPARE(rest.toString(), openai[0].query.toString());

    const auto anthropic = h.requestsOf("anthropic");
    QCOMPARE(anthropic.size(), size_t(8));
    QCOMPARE(anthropic[0].path, QStringLiteral("/v1/organizations/cost_report"));
    QCOMPARE(anthropic[0].header("x-api-key"), QByteArray::fromStdString(kAnthropicKey));
    QCOMPARE(anthropic[0].header("anthropic-version"), QByteArray("2023-06-01"));
    for (const SeenRequest &r : anthropic)
        QVERIFY(!r.hasHeader("authorization"));
    QCOMPARE(anthropic[0].query.queryItemValue(QStringLiteral("starting_at")),
             QStringLiteral("2025-08-01T00:00:00Z"));
    QCOMPARE(anthropic[0].query.queryItemValue(QStringLiteral("ending_at")),
             QStringLiteral("2025-09-01T00:00:00Z"));
    QCOMPARE(anthropic[0].query.allQueryItemValues(QStringLiteral("group_by[]")),
             QStringList({QStringLiteral("workspace_id"), QStringLiteral("description")}));

    const auto litellm = h.requestsOf("litellm");
    QCOMPARE(litellm.size(), size_t(57));
    QCOMPARE(litellm[0].path, QStringLiteral("/spend/logs/v2"));
    QCOMPARE(litellm[0].header("authorization"),
             "Bearer " + QByteArray::fromStdString(kLiteLlmKey));
    QCOMPARE(litellm[0].query.queryItemValue(QStringLiteral("start_date")),
             QStringLiteral("2025-08-01 00:00:00"));
    QCOMPARE(litellm[0].query.queryItemValue(QStringLiteral("end_date")),
             QStringLiteral("2025-09-01 00:00:00"));
    for (size_t i = 0; i < litellm.size(); ++i) {
        QCOMPARE(litellm[i].query.queryItemValue(QStringLiteral("page")), QString::number(i + 1));
        QVERIFY(litellm[i].query.queryItemValue(QStringLiteral("page_size")).toInt() <= 100);
    }

    const auto opencost = h.requestsOf("opencost");
    QCOMPARE(opencost.size(), size_t(1));
    QCOMPARE(opencost[0].query.queryItemValue(QStringLiteral("window")),
             QStringLiteral("2025-08-01T00:00:00Z,2025-09-01T00:00:00Z"));
    QCOMPARE(opencost[0].query.queryItemValue(QStringLiteral("step")), QStringLiteral("1d"));
    QVERIFY(!opencost[0].hasHeader("authorization"));
}

namespace {

QString httpDate(std::int64_t ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc())
        .toString(QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
}

/// Scripts `fault` on `h`'s server; the names are the faults of issue 15, item 5.
void scriptFault(PullHarness &h, const QString &fault)
{
    FakeUpstream &s = h.server;
    const auto costs = QStringLiteral("/organization/costs");
    const auto report = QStringLiteral("/cost_report");
    const auto logs = QStringLiteral("/spend/logs/v2");
    const Reply json500 = Reply::json("{\"error\":{\"message\":\"boom\"}}", 500);
    if (fault == QLatin1String("429 retry-after seconds")) {
        Reply r = Reply::json("{\"error\":{\"message\":\"rate limited\"}}", 429);
        r.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("7")));
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_8")), {r});
    } else if (fault == QLatin1String("429 retry-after date")) {
        Reply r = Reply::json("{}", 429);
        r.headers.append(qMakePair(QByteArray("Retry-After"), httpDate(kNowMs + 12000).toLatin1()));
        s.script(onPath(costs), {r});
    } else if (fault == QLatin1String("529 twice")) {
        const Reply r =
            Reply::json("{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\"}}", 529);
        s.script(onPath(report, QStringLiteral("page"), QStringLiteral("cur_4")), {r, r});
    } else if (fault == QLatin1String("hang")) {
        h.timeoutMs = 300;
        s.script(onPath(logs, QStringLiteral("page"), QStringLiteral("2")),
                 {Reply{Reply::Kind::Hang, 0, {}, {}}});
    } else if (fault == QLatin1String("connection reset")) {
        const Reply reset{Reply::Kind::Reset, 0, {}, {}};
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_4")),
                 {reset, reset, reset});
    } else if (fault == QLatin1String("body cut short")) {
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_4")),
                 {Reply{Reply::Kind::Truncated, 200, {}, h.data.openAiPage(2)}});
    } else if (fault == QLatin1String("persistent 500 on page 3")) {
        s.always(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_8")), json500);
    } else if (fault == QLatin1String("has_more without cursor")) {
        QByteArray page = h.data.openAiPage(2);
        page.replace("\"next_page\":\"cur_8\"", "\"next_page\":null");
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_4")),
                 {Reply::json(page)});
    } else if (fault == QLatin1String("repeated cursor")) {
        QByteArray page = h.data.openAiPage(2);
        page.replace("\"next_page\":\"cur_8\"", "\"next_page\":\"cur_4\"");
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_4")),
                 {Reply::json(page)});
    } else if (fault == QLatin1String("litellm short of total")) {
        s.always(onPath(logs, QStringLiteral("page"), QStringLiteral("57")),
                 Reply::json(
                     "{\"data\":[],\"total\":227,\"page\":57,\"page_size\":4,\"total_pages\":57}"));
    } else if (fault == QLatin1String("litellm capped total")) {
        h.data.liteLlmCappedTotal = 8;
    } else if (fault == QLatin1String("401")) {
        s.always(onPath(costs),
                 Reply::json("{\"error\":{\"message\":\"Incorrect API key\"}}", 401));
    } else if (fault == QLatin1String("403")) {
        s.always(
            onPath(report),
            Reply::json("{\"type\":\"error\",\"error\":{\"type\":\"permission_error\"}}", 403));
    } else if (fault == QLatin1String("malformed body")) {
        const QByteArray page = h.data.openAiPage(2);
        s.script(onPath(costs, QStringLiteral("page"), QStringLiteral("cur_4")),
                 {Reply::json(page.left(page.size() / 2))});
    } else if (fault == QLatin1String("opencost missing steps")) {
        s.always(onPath(QStringLiteral("/allocation")),
                 Reply::json("{\"code\":200,\"status\":\"success\",\"data\":[{}]}"));
    } else {
        QFAIL("unknown fault");
    }
}

} // namespace

void TstPull::faults_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("fault");
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("reason"); // a part of the reason ("" when complete)
    QTest::addColumn<int>("requests");
    QTest::addColumn<QList<qint64>>("waits");
    const int ok = int(Outcome::Complete), partial = int(Outcome::Partial),
              failed = int(Outcome::Failed);
    // OpenAI and Anthropic: 8 pages; LiteLLM 57. Waits: Retry-After as sent, else the
    // backoff 1 s · 2^(n-1) times the jitter factor 0.75.
    QTest::newRow("429 waits Retry-After seconds")
        << "openai"
        << "429 retry-after seconds" << ok << "" << 9 << QList<qint64>{7000};
    QTest::newRow("429 waits until Retry-After date")
        << "openai"
        << "429 retry-after date" << ok << "" << 9 << QList<qint64>{12000};
    QTest::newRow("529 backs off twice")
        << "anthropic"
        << "529 twice" << ok << "" << 10 << QList<qint64>{750, 1500};
    QTest::newRow("hang past the timeout is retried")
        << "litellm"
        << "hang" << ok << "" << 58 << QList<qint64>{750};
    // Qt itself resends a GET once when the connection drops before any response byte: three
    // resets reach the client as two failures.
    QTest::newRow("connection reset is retried")
        << "openai"
        << "connection reset" << ok << "" << 11 << QList<qint64>{750, 1500};
    QTest::newRow("body cut short is retried")
        << "openai"
        << "body cut short" << ok << "" << 9 << QList<qint64>{750};
    QTest::newRow("persistent 500 on page 3")
        << "openai"
        << "persistent 500 on page 3" << partial
        << "openai /v1/organization/costs page 3 failed: HTTP 500 after 5 attempts" << 7
        << QList<qint64>{750, 1500, 3000, 6000};
    QTest::newRow("has_more true without a cursor")
        << "openai"
        << "has_more without cursor" << partial
        << "page 2 says has_more: true but gives no next_page cursor" << 2 << QList<qint64>{};
    QTest::newRow("a cursor that repeats")
        << "openai"
        << "repeated cursor" << partial << "repeats the next_page cursor cur_4" << 2
        << QList<qint64>{};
    QTest::newRow("litellm pages short of total")
        << "litellm"
        << "litellm short of total" << partial
        << "page 57 is empty before the total: read 224 of 227 records" << 57 << QList<qint64>{};
    QTest::newRow("litellm capped total: page to an empty page")
        << "litellm"
        << "litellm capped total" << ok << "" << 58 << QList<qint64>{};
    QTest::newRow("401 fails at once")
        << "openai"
        << "401" << failed << "authentication failed for openai (HTTP 401" << 1 << QList<qint64>{};
    QTest::newRow("403 fails at once")
        << "anthropic"
        << "403" << failed << "authentication failed for anthropic (HTTP 403" << 1
        << QList<qint64>{};
    QTest::newRow("malformed body names source, path and page")
        << "openai"
        << "malformed body" << partial
        << "malformed body from openai /v1/organization/costs page 2: " << 2 << QList<qint64>{};
    QTest::newRow("opencost missing steps") << "opencost"
                                            << "opencost missing steps" << partial
                                            << "read 1 of 31 daily steps" << 1 << QList<qint64>{};
}

void TstPull::faults()
{
    QFETCH(QString, source);
    QFETCH(QString, fault);
    QFETCH(int, outcome);
    QFETCH(QString, reason);
    QFETCH(int, requests);
    QFETCH(QList<qint64>, waits);
    PullHarness h;
    QVERIFY(h.listen());
    scriptFault(h, fault);
    const pull::SourcePull p = h.pull(source.toStdString());
    QVERIFY2(int(p.outcome) == outcome, p.reason.c_str());
    QVERIFY2(QString::fromStdString(p.reason).contains(reason), p.reason.c_str());
    QCOMPARE(reason.isEmpty(), p.reason.empty());
    QCOMPARE(int(h.requestsOf(source.toStdString()).size()), requests);
    QCOMPARE(QList<qint64>(h.waits.begin(), h.waits.end()), waits);
    QCOMPARE(p.progress.retries, int(waits.size()));
    for (const std::string &key : {kOpenAiKey, kAnthropicKey, kLiteLlmKey})
        QVERIFY(p.reason.find(key) == std::string::npos);
    if (outcome == int(Outcome::Complete)) {
        // Recovered pulls read everything: the same rows as the file.
        QVERIFY(pull::importPulls(ledger("faults.unalloc"), {p}, false));
        auto ledgerRows = ledgerFingerprint(ledger("faults.unalloc"));
        QCOMPARE(ledgerRows, ledgerFingerprint(fileLedger({source.toStdString()})));
        std::filesystem::remove(ledger("faults.unalloc"));
    }
}

void TstPull::failedPullImportsNothing()
{
    PullHarness h;
    QVERIFY(h.listen());
    h.server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                           QStringLiteral("cur_8")),
                    Reply::json("{}", 500));
    std::vector<pull::SourcePull> pulls{h.pull("litellm"), h.pull("openai")};
    QVERIFY(pulls[0].outcome == Outcome::Complete);
    QVERIFY(pulls[1].outcome == Outcome::Partial);
    QCOMPARE(pulls[1].pages.size(), size_t(2));

    // A new ledger: not created at all.
    const std::string fresh = ledger("fresh.unalloc");
    auto r = pull::importPulls(fresh, pulls, false);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("pull-incomplete"));
    QVERIFY(r.error().detail.find("page 3") != std::string::npos);
    QVERIFY(!std::filesystem::exists(fresh));

    // An existing ledger: unchanged, not even the complete source's batch.
    const std::string existing = ledger("existing.unalloc");
    QVERIFY(pull::importPulls(existing, {h.pull("anthropic")}, false));
    const auto before = ledgerFingerprint(existing);
    QVERIFY(!pull::importPulls(existing, pulls, false));
    QCOMPARE(ledgerFingerprint(existing), before);
    auto store = core::LedgerStore::open(existing, true);
    QVERIFY(store);
    QCOMPARE((*store)->batches()->size(), size_t(1));
}

void TstPull::allowPartialMarksTheBatch()
{
    PullHarness h;
    QVERIFY(h.listen());
    h.server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                           QStringLiteral("cur_8")),
                    Reply::json("{}", 500));
    std::vector<pull::SourcePull> pulls{h.pull("anthropic"), h.pull("openai")};
    auto r = pull::importPulls(ledger("partial.unalloc"), pulls, true);
    QVERIFY2(r, r ? "" : r.error().message().c_str());
    auto store = core::LedgerStore::open(ledger("partial.unalloc"), true);
    QVERIFY(store);
    const auto batches = *(*store)->batches();
    QCOMPARE(batches.size(), size_t(2));
    QCOMPARE(batches[0].status, core::BatchStatus::Complete);
    QCOMPARE(batches[1].status, core::BatchStatus::Partial);
    QVERIFY(batches[1].evidence.reason.find("page 3 failed: HTTP 500") != std::string::npos);
    QCOMPARE(batches[1].rowCount, std::int64_t(8 * 3)); // the 8 buckets of pages 1 and 2
    QCOMPARE(batches[1].evidence.pages.size(), size_t(2));
    QCOMPARE(batches[1].evidence.pages[1].sha256, pulls[1].pages[1].sha256);
}

void TstPull::overlappingPullsAddOnlyTheRest()
{
    PullHarness h;
    QVERIFY(h.listen());
    const std::string path = ledger("overlap.unalloc");
    const std::vector<std::string> sources{"opencost", "litellm", "openai", "anthropic"};
    std::vector<pull::SourcePull> half, month;
    for (const std::string &s : sources)
        half.push_back(h.pull(s, kAug1, kAug17));
    auto first = pull::importPulls(path, half, false);
    QVERIFY2(first, first ? "" : first.error().message().c_str());
    for (const std::string &s : sources)
        month.push_back(h.pull(s));
    auto second = pull::importPulls(path, month, false);
    QVERIFY(second);
    QCOMPARE(second->rowsAdded() + first->rowsAdded(), second->rowsRead());
    QCOMPARE(second->rowsRead() - second->rowsAdded(), first->rowsRead());
    QVERIFY(first->rowsAdded() > 0 && second->rowsAdded() > 0);
    // A third pull of the month adds nothing; the ledger equals the file import.
    auto third = pull::importPulls(path, month, false);
    QVERIFY(third);
    QCOMPARE(third->rowsAdded(), std::int64_t(0));
    QCOMPARE(ledgerFingerprint(path), ledgerFingerprint(fileLedger(sources)));
}

void TstPull::cancelImportsNothing()
{
    PullHarness h;
    QVERIFY(h.listen());
    int pages = 0;
    h.cancel = [&] {
        return pages >= 2;
    };
    pull::PullOptions o = h.options();
    o.progress = [&](const pull::PullProgress &p) {
        pages = p.pages;
    };
    const pull::SourcePull p =
        pull::pullSource(h.config("openai"), pull::closedWindow(kAug1, kSep1, kNowMs * 1000), o);
    QVERIFY(p.outcome == Outcome::Failed);
    QCOMPARE(p.errorCode, std::string("cancelled"));
    QVERIFY(!pull::importPulls(ledger("cancel.unalloc"), {p}, false));
    QVERIFY(!pull::importPulls(ledger("cancel.unalloc"), {p}, true));
    QVERIFY(!std::filesystem::exists(ledger("cancel.unalloc")));
}

void TstPull::closedWindowClampsTheFuture()
{
    const core::TimeUs now = kNowMs * 1000;
    const pull::PullWindow past = pull::closedWindow(kAug1, kSep1, now);
    QVERIFY(!past.clamped);
    QCOMPARE(past.end, kSep1);
    const pull::PullWindow future = pull::closedWindow(kAug1, now + core::kUsPerDay, now);
    QVERIFY(future.clamped);
    QCOMPARE(future.end, now - 5 * 60 * core::kUsPerSecond);
    QCOMPARE(future.askedEnd, now + core::kUsPerDay);
}

void TstPull::clampedWindowIsInTheBatch()
{
    PullHarness h;
    QVERIFY(h.listen());
    const core::TimeUs now = kNowMs * 1000;
    const pull::SourcePull p = h.pull("anthropic", kAug1, now + 3 * core::kUsPerDay);
    QVERIFY2(p.outcome == Outcome::Complete, p.reason.c_str());
    QCOMPARE(h.requestsOf("anthropic").front().query.queryItemValue(QStringLiteral("ending_at")),
             QStringLiteral("2025-09-30T23:55:00Z"));
    QVERIFY(pull::importPulls(ledger("clamped.unalloc"), {p}, false));
    auto store = core::LedgerStore::open(ledger("clamped.unalloc"), true);
    QVERIFY(store);
    const core::ImportBatch b = (*store)->batches()->front();
    QCOMPARE(b.windowEnd, std::optional<core::TimeUs>(now - 5 * 60 * core::kUsPerSecond));
    QCOMPARE(b.warnings.size(), size_t(1));
    QCOMPARE(b.warnings[0].code, std::string("window-clamped"));
    QVERIFY(b.warnings[0].detail.find("2025-10-04T00:00:00Z") != std::string::npos);
}

QTEST_GUILESS_MAIN(TstPull)
#include "tst_pull.moc"
