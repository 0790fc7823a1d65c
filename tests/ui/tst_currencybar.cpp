// Issue 19 item 6 in the explorer: a ledger holding two currencies opens in one of them (the
// one with the most rows), says which in the analysis bar, and switches with its currency
// selector; no figure ever sums the two.
#include "uitestsupport.h"

#include "adapters/import/ledgerimport.h"
#include "ui/analysisbar.h"
#include "ui/mainwindow.h"

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstCurrencyBar final : public QObject
{
    Q_OBJECT

private slots:
    void mixedLedgerIsViewedOneCurrencyAtATime();
};

void TstCurrencyBar::mixedLedgerIsViewedOneCurrencyAtATime()
{
    test::TestContext ctx;
    const QString csv = ctx.path(QStringLiteral("mixed.csv"));
    {
        QFile f(csv);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,SubAccountName\n"
                "USD,1.50,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,search\n"
                "EUR,2.25,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,ads\n"
                "USD,0.50,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,ads\n");
    }
    const QString ledger = ctx.path(QStringLiteral("mixed.unalloc"));
    const auto imported = adapters::importIntoLedgerFile(ledger.toStdString(), {csv.toStdString()});
    QVERIFY2(imported, imported ? "" : imported.error().error.message().c_str());

    MainWindow window(&ctx.app);
    window.show();
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);

    UI_FIND(combo, QComboBox, window.analysisBar(), "currencyCombo");
    QVERIFY(combo->isEnabled());
    QCOMPARE(combo->count(), 2);
    // Each choice names its row count ("USD · 2 rows" once the English plurals are loaded).
    QCOMPARE(combo->currentData().toString(), QStringLiteral("USD"));
    QVERIFY2(combo->currentText().startsWith(QStringLiteral("USD · 2 row")),
             qPrintable(combo->currentText()));
    auto snapshot = window.analysis()->snapshot();
    UI_REQUIRE(snapshot, "the first snapshot");
    QVERIFY2(!snapshot->error, snapshot->error ? snapshot->error->message().c_str() : "");
    QCOMPARE(snapshot->report.currency.code(), std::string("USD"));
    QCOMPARE(QString::fromStdString(snapshot->report.total.toString()), QStringLiteral("2.00"));
    QVERIFY2(
        window.analysisBar()->commandLine()->text().endsWith(QStringLiteral(" --currency USD")),
        qPrintable(window.analysisBar()->commandLine()->text()));

    // Choosing EUR with the keyboard, as a user would.
    const auto before = ready.count();
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Up);
    QCOMPARE(combo->currentData().toString(), QStringLiteral("EUR"));
    QTRY_VERIFY(ready.count() > before &&
                window.analysis()->snapshot()->request.currency.has_value() &&
                window.analysis()->snapshot()->request.currency->code() == "EUR");
    snapshot = window.analysis()->snapshot();
    QVERIFY(!snapshot->error);
    // The slice cache must not answer the EUR request with the USD slice.
    QCOMPARE(QString::fromStdString(snapshot->report.currency.code()), QStringLiteral("EUR"));
    QCOMPARE(QString::fromStdString(snapshot->report.total.toString()), QStringLiteral("2.25"));
    QVERIFY(
        window.analysisBar()->commandLine()->text().endsWith(QStringLiteral(" --currency EUR")));
}

QTEST_MAIN(TstCurrencyBar)
#include "tst_currencybar.moc"
