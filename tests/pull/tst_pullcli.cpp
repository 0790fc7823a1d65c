// `unalloc pull` and `unalloc credentials` as a user runs them: configuration from the
// environment and --url, the exit codes, --json, --keep-inputs with the SHA-256 in the batch,
// all-or-nothing imports, idempotent re-pulls — and no key on any output or on disk.
#include "pullharness.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace unalloc::tests;

class TstPullCli final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void monthFromFourServersEqualsFiles();
    void rePullIsIdempotent();
    void incompletePullImportsNothing();
    void allowPartialThenRequireCompleteFails();
    void authFailureNamesTheSource();
    void usageErrors_data();
    void usageErrors();
    void credentialsWithoutKeychain();
    void noKeyOnOutputOrDisk();
    void ctrlCCancelsCleanly();

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    /// Runs the CLI without blocking this thread's event loop (the servers live on it).
    Run run(const QStringList &args, const QByteArray &stdinData = {});
    QProcessEnvironment env() const;
    QString path(const char *name) const { return m_dir.filePath(QLatin1String(name)); }
    QJsonObject json(const Run &r) const { return QJsonDocument::fromJson(r.out).object(); }
    QStringList pullArgs(const char *ledger) const
    {
        return {QStringLiteral("pull"),      QStringLiteral("--ledger"),   path(ledger),
                QStringLiteral("--from"),    QStringLiteral("2025-08-01"), QStringLiteral("--to"),
                QStringLiteral("2025-09-01")};
    }
    std::map<QString, QJsonObject> ledgerBatches(const QString &ledger);

    std::unique_ptr<PullHarness> m_h;
    QTemporaryDir m_dir;
    std::vector<Run> m_runs; ///< everything the CLI printed, for the key check
};

void TstPullCli::init()
{
    QVERIFY(m_dir.isValid());
    m_h = std::make_unique<PullHarness>();
    QVERIFY(m_h->listen());
}

void TstPullCli::cleanup()
{
    m_h.reset();
}

QProcessEnvironment TstPullCli::env() const
{
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert(QStringLiteral("UNALLOC_NO_KEYCHAIN"), QStringLiteral("1"));
    e.insert(QStringLiteral("UNALLOC_OPENCOST_URL"), m_h->server.url());
    e.insert(QStringLiteral("UNALLOC_LITELLM_URL"), m_h->server.url(QStringLiteral("/")));
    e.insert(QStringLiteral("UNALLOC_LITELLM_KEY"), QString::fromStdString(kLiteLlmKey));
    e.insert(QStringLiteral("UNALLOC_OPENAI_URL"), m_h->server.url(QStringLiteral("/v1")));
    e.insert(QStringLiteral("OPENAI_ADMIN_KEY"), QString::fromStdString(kOpenAiKey));
    e.insert(QStringLiteral("UNALLOC_ANTHROPIC_URL"), m_h->server.url(QStringLiteral("/v1")));
    e.insert(QStringLiteral("ANTHROPIC_ADMIN_KEY"), QString::fromStdString(kAnthropicKey));
    return e;
}

TstPullCli::Run TstPullCli::run(const QStringList &args, const QByteArray &stdinData)
{
    QProcess p;
    p.setProcessEnvironment(env());
    QSignalSpy finished(&p, &QProcess::finished);
    p.start(QStringLiteral(UNALLOC_CLI), args);
    if (!p.waitForStarted(10000))
        return {};
    if (!stdinData.isNull()) {
        p.write(stdinData);
        p.closeWriteChannel();
    }
    if (!finished.wait(120000))
        return {};
    Run r{p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    m_runs.push_back(r);
    return r;
}

std::map<QString, QJsonObject> TstPullCli::ledgerBatches(const QString &ledger)
{
    const Run r = run(
        {QStringLiteral("ledger"), QStringLiteral("--ledger"), ledger, QStringLiteral("--json")});
    std::map<QString, QJsonObject> out;
    for (const QJsonValue &b : json(r).value(QStringLiteral("batches")).toArray())
        out[b.toObject().value(QStringLiteral("source")).toString()] = b.toObject();
    return out;
}

void TstPullCli::monthFromFourServersEqualsFiles()
{
    const QString kept = path("kept");
    Run r = run(pullArgs("pulled.unalloc") +
                QStringList{QStringLiteral("--json"), QStringLiteral("--keep-inputs"), kept});
    QVERIFY2(r.exit == 0, r.err.constData());
    const QJsonObject doc = json(r);
    QVERIFY(doc.value(QStringLiteral("imported")).toBool());
    const QJsonArray sources = doc.value(QStringLiteral("sources")).toArray();
    QCOMPARE(sources.size(), 4); // every configured source, none named
    for (const QJsonValue &v : sources) {
        const QJsonObject s = v.toObject();
        QCOMPARE(s.value(QStringLiteral("status")).toString(), QStringLiteral("complete"));
        // Each page kept as received, its SHA-256 as the pull recorded it; the page set's
        // SHA-256 is the batch's.
        for (const QJsonValue &pv : s.value(QStringLiteral("pages")).toArray()) {
            const QJsonObject page = pv.toObject();
            QFile f(kept + QLatin1Char('/') + page.value(QStringLiteral("name")).toString());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QCOMPARE(QString::fromLatin1(
                         QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex()),
                     page.value(QStringLiteral("sha256")).toString());
        }
    }

    // The same month from export files, through `unalloc import`.
    QStringList files;
    const std::pair<const char *, QByteArray> exports[] = {
        {"opencost_allocation.json", m_h->data.openCostFile()},
        {"litellm_spend.json", m_h->data.liteLlmFile()},
        {"openai_costs.json", m_h->data.openAiFile()},
        {"anthropic_cost_report.json", m_h->data.anthropicFile()}};
    QDir().mkpath(path("files"));
    for (const auto &[name, bytes] : exports) {
        QFile f(path("files") + QLatin1Char('/') + QLatin1String(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        files << f.fileName();
    }
    r = run(
        QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), path("files.unalloc")} +
        files);
    QVERIFY2(r.exit == 0, r.err.constData());

    const auto pulled = ledgerBatches(path("pulled.unalloc"));
    const auto imported = ledgerBatches(path("files.unalloc"));
    QCOMPARE(pulled.size(), size_t(4));
    for (const auto &[source, batch] : imported) {
        const QJsonObject p = pulled.at(source);
        QCOMPARE(p.value(QStringLiteral("totals")), batch.value(QStringLiteral("totals")));
        QCOMPARE(p.value(QStringLiteral("rows_read")), batch.value(QStringLiteral("rows_read")));
        QCOMPARE(p.value(QStringLiteral("status")).toString(), QStringLiteral("complete"));
        QVERIFY(!p.value(QStringLiteral("pages")).toArray().isEmpty());
        // The kept page set is the batch's input, byte for byte.
        QFile set(kept + QLatin1Char('/') + source +
                  QLatin1String(source == QLatin1String("opencost")  ? "_allocation.json"
                                : source == QLatin1String("litellm") ? "_spend.json"
                                : source == QLatin1String("openai")  ? "_costs.json"
                                                                     : "_cost_report.json"));
        QVERIFY(set.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromLatin1(
                     QCryptographicHash::hash(set.readAll(), QCryptographicHash::Sha256).toHex()),
                 p.value(QStringLiteral("sha256")).toString());
    }
    r = run({QStringLiteral("report"), QStringLiteral("--ledger"), path("pulled.unalloc"),
             QStringLiteral("--require-complete")});
    QCOMPARE(r.exit, 0);
}

void TstPullCli::rePullIsIdempotent()
{
    Run r = run(pullArgs("again.unalloc") +
                QStringList{QStringLiteral("openai"), QStringLiteral("--json")});
    QCOMPARE(r.exit, 0);
    const int added = json(r)
                          .value(QStringLiteral("sources"))
                          .toArray()[0]
                          .toObject()
                          .value(QStringLiteral("rows_added"))
                          .toInt();
    QCOMPARE(added, 90);
    r = run(pullArgs("again.unalloc") +
            QStringList{QStringLiteral("openai"), QStringLiteral("--json")});
    QCOMPARE(r.exit, 0);
    const QJsonObject s = json(r).value(QStringLiteral("sources")).toArray()[0].toObject();
    QCOMPARE(s.value(QStringLiteral("rows_added")).toInt(), 0);
    QCOMPARE(s.value(QStringLiteral("duplicates")).toInt(), 90);
}

void TstPullCli::incompletePullImportsNothing()
{
    m_h->server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                              QStringLiteral("cur_8")),
                       Reply::json("{}", 500));
    const Run r = run(pullArgs("none.unalloc") +
                      QStringList{QStringLiteral("--retries"), QStringLiteral("0"),
                                  QStringLiteral("openai"), QStringLiteral("litellm")});
    QCOMPARE(r.exit, 1);
    QVERIFY2(r.err.contains("nothing was imported"), r.err.constData());
    QVERIFY2(
        r.err.contains("openai /v1/organization/costs page 3 failed: HTTP 500 after 1 attempt"),
        r.err.constData());
    QVERIFY(!QFile::exists(path("none.unalloc")));
}

void TstPullCli::allowPartialThenRequireCompleteFails()
{
    m_h->server.always(
        onPath(QStringLiteral("/spend/logs/v2"), QStringLiteral("page"), QStringLiteral("57")),
        Reply::json("{\"data\":[],\"total\":227,\"page\":57,\"page_size\":4,"
                    "\"total_pages\":57}"));
    Run r = run(pullArgs("partial.unalloc") +
                QStringList{QStringLiteral("litellm"), QStringLiteral("--allow-partial")});
    QVERIFY2(r.exit == 0, r.err.constData());
    QVERIFY2(r.err.contains("imported as partial"), r.err.constData());
    const auto batches = ledgerBatches(path("partial.unalloc"));
    QCOMPARE(batches.at(QStringLiteral("litellm")).value(QStringLiteral("status")).toString(),
             QStringLiteral("partial"));
    QVERIFY(batches.at(QStringLiteral("litellm"))
                .value(QStringLiteral("reason"))
                .toString()
                .contains(QLatin1String("read 224 of 227 records")));
    r = run({QStringLiteral("report"), QStringLiteral("--ledger"), path("partial.unalloc"),
             QStringLiteral("--require-complete")});
    QCOMPARE(r.exit, 1);
}

void TstPullCli::authFailureNamesTheSource()
{
    m_h->server.always(
        onPath(QStringLiteral("/cost_report")),
        Reply::json("{\"type\":\"error\",\"error\":{\"type\":\"authentication_error\"}}", 401));
    const Run r = run(pullArgs("auth.unalloc") + QStringList{QStringLiteral("anthropic")});
    QCOMPARE(r.exit, 1);
    QVERIFY2(r.err.contains("authentication failed for anthropic"), r.err.constData());
    QCOMPARE(m_h->requestsOf("anthropic").size(), size_t(1)); // no retry loop
    QVERIFY(!QFile::exists(path("auth.unalloc")));
}

void TstPullCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exit");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown source")
        << QStringList{QStringLiteral("gcp")} << 64 << QStringLiteral("unknown source 'gcp'");
    QTest::newRow("plain http elsewhere")
        << QStringList{QStringLiteral("--url"),
                       QStringLiteral("openai=http://billing.example.com/v1"),
                       QStringLiteral("openai")}
        << 64 << QStringLiteral("plain HTTP");
    QTest::newRow("bad --url") << QStringList{QStringLiteral("--url"), QStringLiteral("nope")} << 64
                               << QStringLiteral("--url expects SOURCE=URL");
    QTest::newRow("bad --timeout") << QStringList{QStringLiteral("--timeout"), QStringLiteral("-3")}
                                   << 64 << QStringLiteral("--timeout expects seconds");
    QTest::newRow("--to before --from")
        << QStringList{QStringLiteral("--to"), QStringLiteral("2025-07-01")} << 64
        << QStringLiteral("is not before --to");
}

void TstPullCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exit);
    QFETCH(QString, message);
    const Run r = run(pullArgs("usage.unalloc") + args);
    QCOMPARE(r.exit, exit);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    QVERIFY(m_h->server.requests().empty());
}

void TstPullCli::credentialsWithoutKeychain()
{
    Run r = run({QStringLiteral("credentials"), QStringLiteral("set"), QStringLiteral("openai")},
                QByteArray::fromStdString(kOpenAiKey) + "\n");
    QCOMPARE(r.exit, 1);
    QVERIFY2(r.err.contains("no OS keychain is available"), r.err.constData());
    r = run({QStringLiteral("credentials"), QStringLiteral("list")});
    QCOMPARE(r.exit, 1);
    QVERIFY(r.out.contains("openai: keychain unavailable; OPENAI_ADMIN_KEY set (used first)"));
    r = run({QStringLiteral("credentials"), QStringLiteral("set"), QStringLiteral("opencost")});
    QCOMPARE(r.exit, 64);
    // The environment still works without a keychain.
    r = run(pullArgs("env.unalloc") + QStringList{QStringLiteral("openai")});
    QVERIFY2(r.exit == 0, r.err.constData());
}

void TstPullCli::noKeyOnOutputOrDisk()
{
    // Runs that succeed, fail on auth, fail on a server error and keep inputs.
    run(pullArgs("keys.unalloc") +
        QStringList{QStringLiteral("--keep-inputs"), path("keys-kept"), QStringLiteral("--json")});
    m_h->server.always(onPath(QStringLiteral("/organization/costs")), Reply::json("{}", 401));
    m_h->server.always(onPath(QStringLiteral("/spend/logs/v2")), Reply::json("{}", 500));
    run(pullArgs("keys.unalloc") + QStringList{QStringLiteral("--retries"), QStringLiteral("1"),
                                               QStringLiteral("--allow-partial"),
                                               QStringLiteral("--keep-inputs"), path("keys-kept")});
    run({QStringLiteral("ledger"), QStringLiteral("--ledger"), path("keys.unalloc"),
         QStringLiteral("--json")});
    run({QStringLiteral("credentials"), QStringLiteral("list")});
    QVERIFY(m_runs.size() >= 4);
    // The keys did reach the servers (so the checks below can fail) …
    QCOMPARE(m_h->requestsOf("openai").front().header("authorization"),
             "Bearer " + QByteArray::fromStdString(kOpenAiKey));
    // … and nothing else.
    for (const std::string &key : {kOpenAiKey, kAnthropicKey, kLiteLlmKey}) {
        const QByteArray k = QByteArray::fromStdString(key);
        for (const Run &r : m_runs) {
            QVERIFY(!r.out.contains(k));
            QVERIFY(!r.err.contains(k));
        }
        QDirIterator files(m_dir.path(), QDir::Files, QDirIterator::Subdirectories);
        int seen = 0;
        while (files.hasNext()) {
            QFile f(files.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(k), qPrintable(f.fileName()));
            ++seen;
        }
        QVERIFY(seen >= 10); // the ledger and the kept pages were looked at
    }
}

void TstPullCli::ctrlCCancelsCleanly()
{
    // The second page never comes; Ctrl-C arrives while the CLI waits for it.
    m_h->server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                              QStringLiteral("cur_4")),
                       Reply{Reply::Kind::Hang, 0, {}, {}});
    for (const char *ledger : {"interrupted.unalloc", "existing.unalloc"}) {
        QProcess p;
        p.setProcessEnvironment(env());
        QSignalSpy finished(&p, &QProcess::finished);
        const qsizetype before = qsizetype(m_h->requestsOf("openai").size());
        p.start(QStringLiteral(UNALLOC_CLI),
                pullArgs(ledger) +
                    QStringList{QStringLiteral("litellm"), QStringLiteral("openai")});
        QVERIFY(p.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(qsizetype(m_h->requestsOf("openai").size()) == before + 2, 60000);
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(finished.wait(20000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("cancelled"), err.constData());
        if (QLatin1String(ledger) == QLatin1String("interrupted.unalloc")) {
            QVERIFY(!QFile::exists(path(ledger))); // nothing half-written, not even a draft
            QCOMPARE(QDir(m_dir.path())
                         .entryList({QStringLiteral("*interrupted*")}, QDir::Files | QDir::Hidden)
                         .size(),
                     0);
            // Then a ledger holding one pull, which the next interrupted pull must not touch.
            const Run r =
                run(pullArgs("existing.unalloc") + QStringList{QStringLiteral("anthropic")});
            QVERIFY2(r.exit == 0, r.err.constData());
        } else {
            const auto batches = ledgerBatches(path(ledger));
            QCOMPARE(batches.size(), size_t(1));
            QVERIFY(batches.count(QStringLiteral("anthropic")));
        }
    }
}

QTEST_GUILESS_MAIN(TstPullCli)
#include "tst_pullcli.moc"
