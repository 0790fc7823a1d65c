// Drives the real main window offscreen: open the demo ledger, read the figures, change the
// owner key and fallbacks (and undo), import a file into a new ledger.
#include "uitestsupport.h"

#include "ui/analysisbar.h"
#include "ui/fallbackchips.h"
#include "ui/import/importdialog.h"
#include "ui/import/importpreviewmodel.h"
#include "ui/mainwindow.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/views/ledgerview.h"
#include "ui/widgets/figurecard.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace unalloc::ui;

class TstExplorer final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void showsDemoFigures();
    void ownerKeyAndFallbacksRecompute();
    void typedOwnerKeyIsCanonicalised();
    void ledgerViewPagesRows();
    void importsIntoNewLedger();

private:
    QString figure(const char *name) const;
    void openDemo();

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstExplorer::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
}

void TstExplorer::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

QString TstExplorer::figure(const char *name) const
{
    auto *card = m_window->findChild<FigureCard *>(QLatin1String(name));
    return card ? card->value() : QString();
}

void TstExplorer::openDemo()
{
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstExplorer::showsDemoFigures()
{
    openDemo();
    QCOMPARE(figure("figureTotal"), QStringLiteral("$66,630.38"));
    QCOMPARE(figure("figureU"), QStringLiteral("73.5\u00a0%"));
    QCOMPARE(figure("figureF"), QStringLiteral("0.0\u00a0%"));
    auto *u = m_window->findChild<FigureCard *>(QStringLiteral("figureU"));
    QVERIFY(u->detail().contains(QStringLiteral("$48,983.14")));
    QVERIFY(u->detail().contains(QStringLiteral("team")));
    const QString cli = m_window->analysisBar()->commandLine()->text();
    QVERIFY2(cli.contains(QStringLiteral("--dimension team")), qPrintable(cli));
}

void TstExplorer::ownerKeyAndFallbacksRecompute()
{
    openDemo();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    FallbackChips *chips = m_window->analysisBar()->chips();
    QToolButton *chip = chips->chip(QStringLiteral("namespace"));
    QVERIFY(chip);
    QTest::mouseClick(chip, Qt::LeftButton);
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"namespace"});
    QVERIFY(figure("figureF") != QStringLiteral("0.0\u00a0%"));
    QTRY_VERIFY(chips->chip(QStringLiteral("namespace"))->text().startsWith(QLatin1Char('1')));
    QVERIFY(m_window->analysisBar()->commandLine()->text().contains(QStringLiteral("--fallback namespace")));

    // A second fallback is numbered 2; undo removes it again.
    ready.clear();
    QTest::mouseClick(chips->chip(QStringLiteral("project")), Qt::LeftButton);
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks,
             (std::vector<std::string>{"namespace", "project"}));
    ready.clear();
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(ready.count() >= 1);
    QCOMPARE(m_window->analysis()->request().fallbacks, std::vector<std::string>{"namespace"});
    m_window->analysis()->undoStack()->undo();
    QTRY_COMPARE(figure("figureU"), QStringLiteral("73.5\u00a0%"));
}

void TstExplorer::typedOwnerKeyIsCanonicalised()
{
    openDemo();
    QComboBox *owner = m_window->analysisBar()->ownerCombo();
    owner->setFocus();
    owner->lineEdit()->selectAll();
    QTest::keyClicks(owner->lineEdit(), QStringLiteral("Environment"));
    QTest::keyClick(owner->lineEdit(), Qt::Key_Return);
    QTRY_COMPARE(m_window->analysis()->request().ownerKey, std::string("environment"));
    QTRY_VERIFY(m_window->analysis()->snapshot()->request.ownerKey == "environment");
    QVERIFY(figure("figureU") != QStringLiteral("73.5\u00a0%"));
}

void TstExplorer::ledgerViewPagesRows()
{
    openDemo();
    QVERIFY(m_window->showView(QStringLiteral("ledger")));
    auto *view = qobject_cast<LedgerView *>(m_window->view(QStringLiteral("ledger")));
    QVERIFY(view);
    QTRY_VERIFY(view->model()->rowCount() > 0);
    const int all = view->model()->rowCount();
    auto *filter = view->findChild<QLineEdit *>(QStringLiteral("ledgerFilter"));
    QTest::keyClicks(filter, QStringLiteral("opencost"));
    QTRY_VERIFY(view->model()->rowCount() < all);
    QTRY_COMPARE(view->model()->rowCount(), 5);
}

void TstExplorer::importsIntoNewLedger()
{
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QVERIFY(m_window->newLedger(m_ctx->path(QStringLiteral("new.unalloc"))));
    QTRY_COMPARE(loaded.count(), 1);
    ImportDialog *dialog = m_window->importFiles({test::demoDir() + QStringLiteral("/litellm_spend.json")});
    QVERIFY(dialog);
    QSignalSpy preview(dialog, &ImportDialog::previewReady);
    QTRY_COMPARE(preview.count(), 1);
    QCOMPARE(dialog->previewModel()->rowCount(), 1);
    const QModelIndex format = dialog->previewModel()->index(0, ImportPreviewModel::Format);
    QCOMPARE(format.data().toString(), QStringLiteral("litellm-spend-logs-json"));
    QVERIFY(dialog->importButton()->isEnabled());
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QTest::mouseClick(dialog->importButton(), Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 2);
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->document()->catalog().rows > 0);
    QCOMPARE(m_window->document()->catalog().sources.size(), size_t(1));
}

QTEST_MAIN(TstExplorer)
#include "tst_explorer.moc"
