// Issue 18 item 6 through real widgets: the last ledger reopens with the analysis it was left
// in, a vanished ledger falls back to the demo and says so, and saved views apply from the
// sidebar (undoably), export and import.
#include "grabifasked.h"
#include "uitestsupport.h"

#include "core/ledger/sqlitedb.h"
#include "ui/analysisbar.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/openledger.h"
#include "ui/savedviews.h"
#include "ui/sidebar.h"

#include <QFile>
#include <QLineEdit>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

using namespace unalloc;
using namespace unalloc::ui;

class TstState final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void lastLedgerReopensWithItsState();
    void vanishedLedgerFallsBackToDemo();
    void savedViewAppliesFromSidebarAndUndoes();
    void savedViewExportImport();
    void olderLedgerUpgradesWhileOpening();
    void slowOpeningSaysSo();

private:
    bool open(MainWindow &w, const QString &path);
    static bool waitSnapshot(MainWindow &w);
    QString frozenV7() const;

    std::unique_ptr<test::TestContext> m_ctx;
    QString m_ledger;
};

void TstState::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_ledger = m_ctx->path(QStringLiteral("demo.unalloc"));
    QVERIFY(m_ctx->demoStore() != nullptr); // written to m_ledger, then closed
}

void TstState::cleanup()
{
    m_ctx.reset();
}

bool TstState::waitSnapshot(MainWindow &w)
{
    return QTest::qWaitFor([&] {
        return w.document()->isLoaded() && w.analysis()->snapshot() && !w.analysis()->isBusy();
    });
}

bool TstState::open(MainWindow &w, const QString &path)
{
    return w.openLedger(path) && waitSnapshot(w);
}

void TstState::lastLedgerReopensWithItsState()
{
    {
        MainWindow w(&m_ctx->app);
        QVERIFY(open(w, m_ledger));
        core::AnalysisRequest r = w.analysis()->request();
        QVERIFY(r.fromDay.has_value()); // opens on the latest month
        r = r.withOwnerKey("project").withFallbackToggled("namespace");
        r.fromDay.reset();
        r.toDay.reset();
        r.dedupe = true;
        w.analysis()->change(r, QStringLiteral("test"));
        QVERIFY(w.showView(QStringLiteral("unallocated")));
        QVERIFY(waitSnapshot(w));
    }
    // The global "last view" says overview: only the ledger's own state can bring it back.
    m_ctx->settings.setValue(keys::lastView, QStringLiteral("overview"));
    MainWindow again(&m_ctx->app);
    QVERIFY(again.openLastLedger(test::demoDir()));
    QVERIFY(waitSnapshot(again));
    QVERIFY(!again.document()->isDemo());
    QCOMPARE(again.document()->settingsKey(), QFileInfo(m_ledger).canonicalFilePath());
    const core::AnalysisRequest &r = again.analysis()->request();
    QCOMPARE(r.ownerKey, std::string("project"));
    QCOMPARE(r.fallbacks, std::vector<std::string>{"namespace"});
    QVERIFY(!r.fromDay && !r.toDay);
    QVERIFY(r.dedupe);
    QCOMPARE(again.currentViewId(), QStringLiteral("unallocated"));
    QVERIFY(
        again.analysisBar()->commandLine()->text().contains(QStringLiteral("--dimension project")));
}

void TstState::vanishedLedgerFallsBackToDemo()
{
    m_ctx->settings.setValue(keys::lastLedger, m_ctx->path(QStringLiteral("gone.unalloc")));
    MainWindow w(&m_ctx->app);
    QVERIFY(!w.openLastLedger(test::demoDir()));
    QVERIFY(waitSnapshot(w));
    QVERIFY(w.document()->isDemo());
    QVERIFY2(w.statusBar()->currentMessage().contains(QStringLiteral("no longer exists")),
             qPrintable(w.statusBar()->currentMessage()));
    // A first start (nothing remembered) opens the demo without a word.
    m_ctx->settings.setValue(keys::lastLedger, QString());
    MainWindow first(&m_ctx->app);
    QVERIFY(first.openLastLedger(test::demoDir()));
    QVERIFY(waitSnapshot(first));
    QVERIFY(first.document()->isDemo());
}

void TstState::savedViewAppliesFromSidebarAndUndoes()
{
    MainWindow w(&m_ctx->app);
    w.show();
    QVERIFY(open(w, m_ledger));
    w.saveCurrentView(QStringLiteral("By team"));
    QCOMPARE(w.savedViews()->indexOf(QStringLiteral("by TEAM")), 0);
    w.analysis()->change(w.analysis()->request().withOwnerKey("project"), QStringLiteral("x"));
    QVERIFY(waitSnapshot(w));
    UI_FIND(sidebar, Sidebar, &w, "sidebar");
    const int row = sidebar->rowOfSavedView(QStringLiteral("By team"));
    QVERIFY(row >= 0);
    QVERIFY(row > sidebar->rowOf(QStringLiteral("ledger"))); // listed under the views
    w.resize(1024, 700);
    test::grabIfAsked(&w, QStringLiteral("saved-view-1024x700"));
    QListWidgetItem *item = sidebar->item(row);
    QTest::mouseClick(sidebar->viewport(), Qt::LeftButton, {},
                      sidebar->visualItemRect(item).center());
    QCOMPARE(w.analysis()->request().ownerKey, std::string("team"));
    QVERIFY(w.analysis()->undoStack()->undoText().contains(QStringLiteral("By team")));
    w.analysis()->undoStack()->undo();
    QCOMPARE(w.analysis()->request().ownerKey, std::string("project"));
    // Renamed and deleted, the sidebar follows.
    QVERIFY(w.savedViews()->rename(0, QStringLiteral("Teams")));
    QVERIFY(sidebar->rowOfSavedView(QStringLiteral("Teams")) >= 0);
    w.savedViews()->remove(0);
    QCOMPARE(sidebar->rowOfSavedView(QStringLiteral("Teams")), -1);
}

void TstState::savedViewExportImport()
{
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w, m_ledger));
    w.saveCurrentView(QStringLiteral("August"));
    const QString file = m_ctx->path(QStringLiteral("august.json"));
    QVERIFY(w.savedViews()->exportTo(0, file).has_value());
    w.savedViews()->remove(0);
    QCOMPARE(w.savedViews()->views().size(), size_t(0));
    auto text = w.importViewFile(file);
    QVERIFY(text.has_value());
    QCOMPARE(w.savedViews()->indexOf(QStringLiteral("August")), 0);
    QCOMPARE(w.savedViews()->views()[0].ownerKey, w.analysis()->request().ownerKey);
    // A view naming keys this ledger lacks is kept, and flagged.
    QFile odd(m_ctx->path(QStringLiteral("odd.json")));
    QVERIFY(odd.open(QIODevice::WriteOnly));
    odd.write(R"({"format":"unalloc-view","version":1,"name":"Odd","owner_key":"zzz_owner"})");
    odd.close();
    text = w.importViewFile(odd.fileName());
    QVERIFY(text.has_value());
    QVERIFY2(text->contains(QStringLiteral("zzz_owner")), qPrintable(*text));
    QVERIFY(w.savedViews()->indexOf(QStringLiteral("Odd")) >= 0);
    // A broken file is an error naming the file.
    QFile bad(m_ctx->path(QStringLiteral("bad.json")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"format\":\"something-else\"}");
    bad.close();
    auto failed = w.importViewFile(bad.fileName());
    QVERIFY(!failed.has_value());
    QVERIFY(QString::fromStdString(failed.error().message()).contains(QStringLiteral("bad.json")));
}

QString TstState::frozenV7() const
{
    // A ledger the schema-v7 build wrote (tests/data/ledger/v7), writable.
    const QString path = m_ctx->path(QStringLiteral("v7.unalloc"));
    QFile::remove(path);
    if (!QFile::copy(QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/ledger/v7/v7.unalloc"), path))
        return {};
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

void TstState::olderLedgerUpgradesWhileOpening()
{
    const QString path = frozenV7();
    QVERIFY(!path.isEmpty());
    QCOMPARE(core::LedgerStore::open(fmt::s(path), true).error().code,
             std::string("ledger-needs-migration"));
    MainWindow w(&m_ctx->app);
    w.show();
    QVERIFY(open(w, path));
    QVERIFY(!w.document()->isDemo());
    QVERIFY(w.windowTitle().contains(QStringLiteral("v7.unalloc")));
    auto reader = core::LedgerStore::open(fmt::s(path), true);
    QVERIFY2(reader.has_value(), reader ? "" : reader.error().message().c_str());
    QCOMPARE((*reader)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
}

void TstState::slowOpeningSaysSo()
{
    // Another connection holds the write lock: the migration waits for it (the busy timeout),
    // the window keeps running its event loop and shows what it is doing, then the lock goes
    // and the ledger opens, migrated.
    const QString path = frozenV7();
    QVERIFY(!path.isEmpty());
    auto lock = core::sql::Db::open(fmt::s(path), false, false);
    QVERIFY(lock.has_value());
    QVERIFY(lock->exec("BEGIN IMMEDIATE").has_value());
    QWidget parent;
    parent.show();
    bool shown = false;
    QTimer::singleShot(600, &parent, [&] {
        auto *busy = parent.findChild<QProgressDialog *>(QStringLiteral("openingLedger"));
        test::grabIfAsked(busy, QStringLiteral("opening-ledger"));
        shown =
            busy && busy->isVisible() && busy->labelText().contains(QStringLiteral("v7.unalloc"));
        (void)lock->exec("COMMIT");
    });
    auto opened = openLedgerOffThread(&parent, path, 100);
    QVERIFY(shown);
    QVERIFY2(opened.has_value(), opened ? "" : opened.error().message().c_str());
    QCOMPARE((*opened)->schemaVersion(), core::LedgerStore::currentSchemaVersion());
    QVERIFY(parent.findChild<QProgressDialog *>(QStringLiteral("openingLedger")) == nullptr);
}

QTEST_MAIN(TstState)
#include "tst_state.moc"
