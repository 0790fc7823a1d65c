// Pulls run from the explorer's File → Pull from APIs…, offscreen, against the local upstream
// servers: a month equals a file import of the same data, a failing or hanging source leaves
// the ledger as it was (all or nothing, Cancel), and Allow partial imports a partial batch.
#include "pulldialogfixture.h"

#include "adapters/import/importer.h"
#include "core/ledger/ledgerstore.h"
#include "ui/mainwindow.h"

using namespace unalloc;
using namespace unalloc::tests;
using unalloc::ui::PullDialog;
using unalloc::ui::PullProgressModel;

class TstPullDialogRuns final : public QObject, public PullDialogFixture
{
    Q_OBJECT

private slots:
    void init() { setUp(); }
    void cleanup() { tearDown(); }
    void monthEqualsFileImport();
    void faultFailsAndLeavesLedgerUnchanged_data();
    void faultFailsAndLeavesLedgerUnchanged();
    void cancelDuringHangLeavesLedgerUnchanged();
    void allowPartialImportsPartialBatch();
};

void TstPullDialogRuns::monthEqualsFileImport()
{
    // Through the main window: File → Pull from APIs… into a new ledger.
    ui::MainWindow window(&m_ctx->app);
    window.show();
    QSignalSpy loaded(window.document(), &ui::LedgerDocument::loaded);
    QVERIFY(window.newLedger(QString::fromStdString(ledger())));
    QTRY_COMPARE(loaded.count(), 1);
    QAction *action = window.findChild<QAction *>(QStringLiteral("actionPull"));
    UI_REQUIRE(action, "File → Pull from APIs…");
    QVERIFY(action->text().contains(QLatin1String("Pull from APIs")));
    PullDialog *d = window.pullFromApis();
    UI_REQUIRE(d, "the pull dialog");
    prepare(d, {"opencost", "litellm", "openai", "anthropic"});
    pullAndWait(d);
    for (const char *s : kSources) {
        QCOMPARE(result(d, s, PullProgressModel::Result), QStringLiteral("complete"));
        // OpenCost answers a window in one response; the others page.
        QVERIFY(result(d, s, PullProgressModel::Pages).toInt() >=
                (QLatin1String(s) == QLatin1String("opencost") ? 1 : 2));
    }
    QCOMPARE(result(d, "openai", PullProgressModel::Rows), QStringLiteral("90"));
    QVERIFY2(result(d, "openai", PullProgressModel::Amount).startsWith(QLatin1Char('$')),
             qPrintable(result(d, "openai", PullProgressModel::Amount)));
    QCOMPARE(result(d, "openai", PullProgressModel::Retries), QStringLiteral("0"));

    // The same month from the export files, imported the way a file import does it.
    const std::string files = m_ctx->path(QStringLiteral("files.unalloc")).toStdString();
    {
        const std::pair<const char *, QByteArray> exports[] = {
            {"opencost_allocation.json", m_h->data.openCostFile()},
            {"litellm_spend.json", m_h->data.liteLlmFile()},
            {"openai_costs.json", m_h->data.openAiFile()},
            {"anthropic_cost_report.json", m_h->data.anthropicFile()}};
        std::vector<std::string> paths;
        for (const auto &[name, bytes] : exports) {
            QFile f(m_ctx->path(QLatin1String(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bytes);
            paths.push_back(f.fileName().toStdString());
        }
        auto store = core::LedgerStore::create(files);
        QVERIFY(store.has_value());
        auto report = adapters::importFiles(**store, paths);
        QVERIFY2(report.has_value(), report ? "" : report.error().message().c_str());
    }
    const std::vector<std::string> pulled = ledgerFingerprint(ledger());
    QCOMPARE(pulled.size(), ledgerFingerprint(files).size());
    QVERIFY(pulled == ledgerFingerprint(files)); // every row, to the cent

    // The document reloads: the new batches show in every view; the status line says so.
    QTRY_VERIFY(loaded.count() >= 2);
    QTRY_COMPARE(window.document()->catalog().sources.size(), size_t(4));
    QCOMPARE(window.document()->catalog().rows, std::int64_t(pulled.size()));
    const QString status = window.statusBar()->currentMessage();
    QVERIFY2(status.startsWith(QStringLiteral("Pulled %1 new rows ($").arg(pulled.size())),
             qPrintable(status));
    UI_FIND(dialogStatus, QLabel, d, "pullStatus");
    QVERIFY2(dialogStatus->text().contains(QLatin1String("0 rows already in the ledger")),
             qPrintable(dialogStatus->text()));
    checkNoKeyShown(&window);

    // Pulled again: nothing new, every row a duplicate.
    pullAndWait(d);
    QCOMPARE(result(d, "openai", PullProgressModel::Result), QStringLiteral("complete"));
    QVERIFY2(result(d, "openai", PullProgressModel::Details)
                 .startsWith(QLatin1String("0 new rows, 90 already in the ledger")),
             qPrintable(result(d, "openai", PullProgressModel::Details)));
    QVERIFY(ledgerFingerprint(ledger()) == pulled);
    checkNoKeyShown(&window);
}

void TstPullDialogRuns::faultFailsAndLeavesLedgerUnchanged_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("persistent 500 on page 3")
        << QStringLiteral("openai") << 500
        << QStringLiteral("openai /v1/organization/costs page 3 failed: HTTP 500 after 3 attempts");
    QTest::newRow("401") << QStringLiteral("anthropic") << 401
                         << QStringLiteral("authentication failed for anthropic");
}

void TstPullDialogRuns::faultFailsAndLeavesLedgerUnchanged()
{
    QFETCH(QString, source);
    QFETCH(int, status);
    QFETCH(QString, reason);
    auto d = dialog();
    prepare(d.get(), {"opencost"}); // a ledger holding one pull already
    pullAndWait(d.get());
    QCOMPARE(result(d.get(), "opencost", PullProgressModel::Result), QStringLiteral("complete"));
    const std::vector<std::string> before = ledgerFingerprint(ledger());
    QVERIFY(!before.empty());

    m_h->server.always(status == 500 ? onPath(QStringLiteral("/organization/costs"),
                                              QStringLiteral("page"), QStringLiteral("cur_8"))
                                     : onPath(QStringLiteral("/cost_report")),
                       Reply::json("{}", status));
    prepare(d.get(), {"litellm", "openai", "anthropic"});
    pullAndWait(d.get());
    const std::string s = source.toStdString();
    QCOMPARE(result(d.get(), s, PullProgressModel::Result), QStringLiteral("failed"));
    QVERIFY2(result(d.get(), s, PullProgressModel::Details).contains(reason),
             qPrintable(result(d.get(), s, PullProgressModel::Details)));
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result), QStringLiteral("not imported"));
    if (status == 500) // two retries of page 3, counted while they happened
        QCOMPARE(result(d.get(), "openai", PullProgressModel::Retries), QStringLiteral("2"));
    else
        QCOMPARE(m_h->requestsOf("anthropic").size(), size_t(1)); // no retry loop
    UI_FIND(statusLine, QLabel, d.get(), "pullStatus");
    QVERIFY2(statusLine->text().startsWith(QLatin1String("Nothing was imported")) &&
                 statusLine->text().contains(reason),
             qPrintable(statusLine->text()));
    QVERIFY(ledgerFingerprint(ledger()) == before);
    checkNoKeyShown(d.get());
}

void TstPullDialogRuns::cancelDuringHangLeavesLedgerUnchanged()
{
    auto d = dialog();
    prepare(d.get(), {"anthropic"});
    pullAndWait(d.get());
    const std::vector<std::string> before = ledgerFingerprint(ledger());
    QVERIFY(!before.empty());
    // The second page never comes.
    m_h->server.always(onPath(QStringLiteral("/organization/costs"), QStringLiteral("page"),
                              QStringLiteral("cur_4")),
                       Reply{Reply::Kind::Hang, 0, {}, {}});
    prepare(d.get(), {"litellm", "openai", "anthropic"});
    UI_FIND(pull, QPushButton, d.get(), "pullButton");
    UI_FIND(cancel, QPushButton, d.get(), "cancelPullButton");
    QSignalSpy finished(d.get(), &PullDialog::finished);
    QTest::mouseClick(pull, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(m_h->requestsOf("openai").size(), size_t(2), 60000);
    // Progress shows while the pull runs: the first page of OpenAI is in.
    QTRY_COMPARE(result(d.get(), "openai", PullProgressModel::Pages), QStringLiteral("1"));
    QCOMPARE(result(d.get(), "openai", PullProgressModel::Result), QStringLiteral("reading…"));
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result),
             QStringLiteral("read completely"));
    QVERIFY(cancel->isEnabled());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(finished.wait(20000));
    for (const char *s : {"litellm", "openai", "anthropic"})
        QCOMPARE(result(d.get(), s, PullProgressModel::Result), QStringLiteral("cancelled"));
    UI_FIND(statusLine, QLabel, d.get(), "pullStatus");
    QVERIFY2(statusLine->text().startsWith(QLatin1String("Cancelled; nothing was imported")),
             qPrintable(statusLine->text()));
    QVERIFY(ledgerFingerprint(ledger()) == before);
    checkNoKeyShown(d.get());
}

void TstPullDialogRuns::allowPartialImportsPartialBatch()
{
    m_h->server.always(
        onPath(QStringLiteral("/spend/logs/v2"), QStringLiteral("page"), QStringLiteral("57")),
        Reply::json("{\"data\":[],\"total\":227,\"page\":57,\"page_size\":4,"
                    "\"total_pages\":57}"));
    auto d = dialog();
    prepare(d.get(), {"litellm", "openai"});
    UI_FIND(partial, QCheckBox, d.get(), "allowPartial");
    partial->setChecked(true);
    pullAndWait(d.get());
    QCOMPARE(result(d.get(), "litellm", PullProgressModel::Result), QStringLiteral("partial"));
    QVERIFY2(result(d.get(), "litellm", PullProgressModel::Details)
                 .contains(QLatin1String("read 224 of 227 records")),
             qPrintable(result(d.get(), "litellm", PullProgressModel::Details)));
    QCOMPARE(result(d.get(), "openai", PullProgressModel::Result), QStringLiteral("complete"));
    auto store = core::LedgerStore::open(ledger(), true);
    QVERIFY(store.has_value());
    auto batches = (*store)->batches();
    QVERIFY(batches.has_value());
    std::map<std::string, core::BatchStatus> status;
    for (const auto &b : *batches)
        status[b.source] = b.status;
    QCOMPARE(status.size(), size_t(2));
    QVERIFY(status.at("litellm") == core::BatchStatus::Partial);
    QVERIFY(status.at("openai") == core::BatchStatus::Complete);
    checkNoKeyShown(d.get());
}

QTEST_MAIN(TstPullDialogRuns)
#include "tst_pulldialogruns.moc"
