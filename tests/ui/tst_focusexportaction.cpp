// File → Export → FOCUS 1.2 CSV… in the explorer: the action is there, and what it writes is the
// open ledger with the owner key the analysis shows.
#include "uitestsupport.h"

#include "ui/exporting/focusfile.h"
#include "ui/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace unalloc::ui;

class TstFocusExportAction final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void actionInFileExportMenu();
    void writesTheOpenLedger();

private:
    test::TestContext m_ctx;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_cache;
};

void TstFocusExportAction::initTestCase()
{
    // The demo ledger lives in the cache folder: a private one, so that other processes
    // opening the demo at the same time do not rebuild the file under this test.
    QVERIFY(m_cache.isValid());
    qputenv("XDG_CACHE_HOME", QFile::encodeName(m_cache.path()));
    m_window = std::make_unique<MainWindow>(&m_ctx.app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstFocusExportAction::actionInFileExportMenu()
{
    auto *menu = m_window->findChild<QMenu *>(QStringLiteral("menuExport"));
    QVERIFY(menu);
    auto *action = m_window->findChild<QAction *>(QStringLiteral("actionExportFocus"));
    QVERIFY(action);
    QVERIFY(menu->actions().contains(action));
    QVERIFY(action->text().contains(QStringLiteral("FOCUS")));
}

void TstFocusExportAction::writesTheOpenLedger()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("demo.csv"));
    QVERIFY(m_window->document()->store());
    const QString error = writeFocusFile(*m_window->document()->store(),
                                         m_window->analysis()->request().options(), path);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QVERIFY(lines.first().startsWith("AvailabilityZone,BilledCost,BillingAccountId"));
    QVERIFY(lines.first().endsWith(",x_Owner,x_OwnerKey,x_ResolvedBy,x_FallbackKey"));
    QVERIFY(lines.size() > 10);
    const QByteArray ownerKey =
        QByteArray::fromStdString(m_window->analysis()->request().options().ownerKey);
    QVERIFY(lines[1].contains(',' + ownerKey + ','));
}

QTEST_MAIN(TstFocusExportAction)
#include "tst_focusexportaction.moc"
