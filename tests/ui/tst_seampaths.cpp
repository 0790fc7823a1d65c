// Issue 13: the same dollar in a gateway log and a provider bill is found, to the cent, on every
// path — a ledger (`unalloc report --ledger`), a fixture folder (`--fixture-dir`) and the
// explorer's Reconciliation view — for gateway rows as LiteLLM really writes them (bare model
// names, the provider only in custom_llm_provider; v1 lists and v2 pages) and for monthly bills
// against daily gateway rows. Cases: tests/data/seams-paths/<case>/ with expected.json.
#include "seamstestsupport.h"

#include "core/decimal.h"
#include "ui/mainwindow.h"
#include "ui/models/overlapmodel.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/figurecard.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

namespace {

QString caseDir(const QString &name)
{
    return QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/seams-paths/") + name;
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// Runs the CLI; its stdout, or a null array when it failed (the failure is printed).
QByteArray cli(const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(QDir::tempPath());
    p.start(QStringLiteral(UNALLOC_CLI), args);
    if (!p.waitForStarted() || !p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning().noquote() << args.join(QLatin1Char(' ')) << p.readAllStandardError();
        return {};
    }
    return p.readAllStandardOutput();
}

/// provider → "overlap matched-bills" from `report --json`.
QMap<QString, QString> cliOverlap(const QByteArray &json)
{
    QMap<QString, QString> out;
    const QJsonArray overlap =
        QJsonDocument::fromJson(json).object()[QStringLiteral("overlap")].toArray();
    for (const QJsonValue &v : overlap) {
        const QJsonObject o = v.toObject();
        out.insert(o[QStringLiteral("provider")].toString(),
                   o[QStringLiteral("overlap_usd")].toString() + QLatin1Char(' ') +
                       o[QStringLiteral("matched_bills")].toString());
    }
    return out;
}

QMap<QString, QString> expectedOverlap(const QJsonObject &expected)
{
    QMap<QString, QString> out;
    const QJsonObject overlap = expected[QStringLiteral("overlap")].toObject();
    const QJsonObject bills = expected[QStringLiteral("bills")].toObject();
    for (auto it = overlap.begin(); it != overlap.end(); ++it)
        out.insert(it.key(), it.value().toString() + QLatin1Char(' ') + bills[it.key()].toString());
    return out;
}

} // namespace

class TstSeamPaths final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void everyPathFindsTheSameOverlap_data();
    void everyPathFindsTheSameOverlap();
    void demoShowsDoubleCounting();

private:
    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstSeamPaths::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
}

void TstSeamPaths::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

void TstSeamPaths::everyPathFindsTheSameOverlap_data()
{
    QTest::addColumn<QString>("name");
    for (const char *c : {"bare", "upstream-v1", "upstream-v2", "monthly", "azure"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TstSeamPaths::everyPathFindsTheSameOverlap()
{
    QFETCH(QString, name);
    const QDir dir(caseDir(name));
    const QJsonObject expected = readJson(dir.filePath(QStringLiteral("expected.json")));
    QVERIFY2(!expected.isEmpty(), "expected.json is missing");
    const QMap<QString, QString> want = expectedOverlap(expected);
    QVERIFY(!want.isEmpty());

    // A ledger, through the CLI.
    const QString ledger = m_ctx->path(name + QStringLiteral(".unalloc"));
    QStringList import{QStringLiteral("import"), QStringLiteral("--ledger"), ledger};
    for (const QString &f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        if (f != QStringLiteral("expected.json"))
            import << dir.filePath(f);
    QVERIFY(!cli(import).isNull());
    const QStringList report{QStringLiteral("report"), QStringLiteral("--dedupe"),
                             QStringLiteral("--json"), QStringLiteral("-D"),
                             QStringLiteral("team")};
    QCOMPARE(cliOverlap(cli(report + QStringList{QStringLiteral("--ledger"), ledger})), want);

    // A fixture folder, through the CLI (its file names are the fixture names).
    if (expected[QStringLiteral("fixture_dir")].toBool())
        QCOMPARE(cliOverlap(cli(report + QStringList{QStringLiteral("--fixture-dir"), dir.path()})),
                 want);

    // The explorer on the same ledger: the analysis it shows, the overlap table and the card.
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);
    const auto snapshot = m_window->analysis()->snapshot();
    QVERIFY(snapshot);
    QMap<QString, QString> shown;
    core::Decimal total;
    for (const core::ProviderOverlap &p : snapshot->seams.overlap.providers) {
        shown.insert(fmt::q(p.provider),
                     fmt::q(p.overlap.toString()) + QLatin1Char(' ') + fmt::q(p.granularity));
        total += p.overlap;
    }
    QCOMPARE(shown, want);
    QCOMPARE(fmt::q(total.toString()), expected[QStringLiteral("removed")].toString());
    auto *view = m_window->view(QStringLiteral("reconciliation"));
    QVERIFY(view);
    auto *card = view->findChild<FigureCard *>(QStringLiteral("figureOverlap"));
    QVERIFY(card);
    QCOMPARE(card->value(), fmt::money(total, core::Currency::usd(), m_ctx->app.locale));
    auto *table = view->findChild<QTableView *>(QStringLiteral("overlapTableView"));
    QVERIFY(table && table->model());
    QVERIFY(table->model()->rowCount() > 0);
}

void TstSeamPaths::demoShowsDoubleCounting()
{
    // The demo's gateway routes real traffic to the billed providers (resources/demo-gateway):
    // the explorer opens on dollars counted twice, matched on the monthly bills.
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    const auto snapshot = m_window->analysis()->snapshot();
    QVERIFY(snapshot);
    QVERIFY(snapshot->seams.doubleCounted());
    QCOMPARE(fmt::q(snapshot->seams.overlapTotal.value().toString()), QStringLiteral("9705.473"));
    for (const core::ProviderOverlap &p : snapshot->seams.overlap.providers)
        QCOMPARE(fmt::q(p.granularity), QStringLiteral("monthly"));
    auto *card = m_window->view(QStringLiteral("reconciliation"))
                     ->findChild<FigureCard *>(QStringLiteral("figureOverlap"));
    QVERIFY(card);
    QVERIFY2(card->detail().contains(QStringLiteral("monthly")), qPrintable(card->detail()));
    // Request telemetry of the shared pod is no owner of $0.00: no owner row is only telemetry.
    for (const auto &b : snapshot->report.buckets)
        QVERIFY2(!(b.amount.isZero() && b.rows > 1000), b.key.c_str());
}

QTEST_MAIN(TstSeamPaths)
#include "tst_seampaths.moc"
