// Issue 19 item 6 in the Reconciliation view: with the analysis bar's currency switched,
// the reconciliation lines, the overlap (double counting) figures and the invoices follow
// it; an invoice in the other currency is listed, never reconciled or summed. The ledger is
// tests/data/seams-ui/currency (hand-computed in its README).
#include "seamstestsupport.h"

#include "ui/analysisbar.h"
#include "ui/mainwindow.h"
#include "ui/models/overlapmodel.h"
#include "ui/models/reconlinemodel.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/figurecard.h"

#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstCurrencySeams final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void figuresFollowTheCurrency_data();
    void figuresFollowTheCurrency();

private:
    ReconciliationView *view() const;

    test::TestContext m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstCurrencySeams::initTestCase()
{
    const QDir dir(test::seamsDir(QStringLiteral("currency")));
    QStringList files;
    for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
        if (!name.endsWith(QStringLiteral(".md")))
            files << dir.filePath(name);
    QCOMPARE(files.size(), 4);
    const QString ledger = m_ctx.path(QStringLiteral("currency.unalloc"));
    QVERIFY(test::buildLedger(ledger, files));
    m_window = std::make_unique<MainWindow>(&m_ctx.app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    UI_REQUIRE(view(), "the reconciliation view");
}

ReconciliationView *TstCurrencySeams::view() const
{
    return qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
}

void TstCurrencySeams::figuresFollowTheCurrency_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QStringList>("sources"); // reconciliation lines, by source
    QTest::addColumn<QString>("invoiced");
    QTest::addColumn<QString>("delta");
    QTest::addColumn<QString>("overlap"); // Σ counted twice, "" = no overlap group
    QTest::addColumn<int>("overlapRows");
    QTest::addColumn<QString>("otherInvoice"); // source of the invoice listed, not reconciled
    QTest::addColumn<QString>("note");
    // the order matters: EUR first switches away from the USD the ledger opens in, then back
    QTest::newRow("EUR") << "EUR" << QStringList{QStringLiteral("focus")} << "10.05"
                         << "-0.05"
                         << "" << 0 << "openai"
                         << "other currency (USD), not reconciled against EUR rows";
    QTest::newRow("USD") << "USD"
                         << QStringList{QStringLiteral("litellm"), QStringLiteral("openai")}
                         << "49.60"
                         << "0.00"
                         << "46.25" << 4 << "focus"
                         << "other currency (EUR), not reconciled against USD rows";
}

void TstCurrencySeams::figuresFollowTheCurrency()
{
    QFETCH(QString, currency);
    QFETCH(QStringList, sources);
    QFETCH(QString, invoiced);
    QFETCH(QString, delta);
    QFETCH(QString, overlap);
    QFETCH(int, overlapRows);
    QFETCH(QString, otherInvoice);
    QFETCH(QString, note);

    UI_FIND(combo, QComboBox, m_window->analysisBar(), "currencyCombo");
    const int index = combo->findData(currency);
    QVERIFY(index >= 0);
    if (combo->currentIndex() != index) { // as a user would: the keyboard on the selector
        combo->setFocus();
        QTest::keyClick(combo, index < combo->currentIndex() ? Qt::Key_Up : Qt::Key_Down);
        QCOMPARE(combo->currentIndex(), index);
    }
    QTRY_VERIFY(
        m_window->analysis()->snapshot() && m_window->analysis()->snapshot()->request.currency &&
        m_window->analysis()->snapshot()->request.currency->code() == currency.toStdString());
    const auto snapshot = m_window->analysis()->snapshot();
    const core::ReconciliationSnapshot &seams = snapshot->seams;
    QVERIFY2(!seams.error, seams.error ? seams.error->message().c_str() : "");

    // Reconciliation: only this currency's sources, and their sums
    QStringList shown;
    for (const core::PeriodReconLine &l : seams.recon.lines) {
        QCOMPARE(QString::fromStdString(l.currency.code()), currency);
        shown << QString::fromStdString(l.line.source);
    }
    QCOMPARE(shown, sources);
    QTRY_COMPARE(view()->lineModel()->rowCount(), int(sources.size()));
    QVERIFY2(seams.summary.has_value(), "a reconciliation summary in one currency");
    QCOMPARE(QString::fromStdString(seams.summary->invoiced.toString()), invoiced);
    QCOMPARE(QString::fromStdString(seams.summary->delta.toString()), delta);
    UI_FIND(recon, FigureCard, view(), "figureReconciliation");
    QCOMPARE(recon->value(), QStringLiteral("1 of 1 matched"));

    // Double counting: only this currency's gateway and bill rows
    QCOMPARE(QString::fromStdString(seams.overlapCurrency.code()), currency);
    QCOMPARE(view()->overlapModel()->rowCount(), overlapRows);
    UI_FIND(twice, FigureCard, view(), "figureOverlap");
    if (overlap.isEmpty()) {
        QVERIFY(seams.overlap.groups.empty());
        QVERIFY2(twice->detail().startsWith(QStringLiteral("No gateway row")),
                 qPrintable(twice->detail()));
    } else {
        QVERIFY(seams.overlapTotal.has_value());
        QCOMPARE(QString::fromStdString(seams.overlapTotal->toString()), overlap);
        QVERIFY2(twice->value().contains(overlap), qPrintable(twice->value()));
    }

    // The invoice in the other currency: listed with why, not reconciled
    QCOMPARE(seams.otherCurrencyInvoices.size(), size_t(1));
    QCOMPARE(QString::fromStdString(seams.otherCurrencyInvoices.front().source), otherInvoice);
    QCOMPARE(QString::fromStdString(core::otherCurrencyNote(
                 seams.otherCurrencyInvoices.front().amount.currency, *seams.currency)),
             note);
    UI_FIND(other, QLabel, view(), "otherCurrencyInvoices");
    QVERIFY(other->isVisible());
    QVERIFY2(other->text().contains(note) && other->text().contains(otherInvoice),
             qPrintable(other->text()));
}

QTEST_MAIN(TstCurrencySeams)
#include "tst_currencyseams.moc"
