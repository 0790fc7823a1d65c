// The Reconciliation view on the demo ledger: statuses, tolerance (undoable), exports.
#include "seamstestsupport.h"

#include "ui/charts/reconbarchart.h"
#include "ui/mainwindow.h"
#include "ui/models/reconlinemodel.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTest>

using namespace unalloc::ui;

class TstReconciliationView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void statusPerProvider_data();
    void statusPerProvider();
    void chartAndFigures();
    void toleranceIsUndoable();
    void exportsCharts_data();
    void exportsCharts();
    void exportsTablesExactly();

private:
    ReconciliationView *view() const;
    QString status(const QString &provider) const;

    test::TestContext m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstReconciliationView::initTestCase()
{
    m_window = std::make_unique<MainWindow>(&m_ctx.app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(m_window->showView(QStringLiteral("reconciliation")));
    UI_REQUIRE(view(), "the reconciliation view");
    QTRY_COMPARE(view()->lineModel()->rowCount(), 4);
}

ReconciliationView *TstReconciliationView::view() const
{
    return qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
}

/// The status shown for `provider`; a provider without a row reads as a marker no check
/// expects.
QString TstReconciliationView::status(const QString &provider) const
{
    const auto &m = *view()->lineModel();
    const int row = test::rowOf(m, provider);
    return row < 0 ? QStringLiteral("<no row for %1>").arg(provider)
                   : test::exported(m, row, ReconLineModel::Status);
}

void TstReconciliationView::statusPerProvider_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("shown");
    QTest::addColumn<QString>("deltaPct");
    QTest::addColumn<QString>("delta");
    QTest::newRow("anthropic within 1 %") << "anthropic"
                                          << "matched"
                                          << "matched"
                                          << "-0.5"
                                          << "-42.81";
    QTest::newRow("openai short by the invoice") << "openai"
                                                 << "under"
                                                 << "under"
                                                 << "-8.6"
                                                 << "-381.44";
    QTest::newRow("litellm has no invoice") << "litellm"
                                            << "no-invoice"
                                            << "no invoice"
                                            << ""
                                            << "";
    QTest::newRow("opencost has no invoice") << "opencost"
                                             << "no-invoice"
                                             << "no invoice"
                                             << ""
                                             << "";
}

void TstReconciliationView::statusPerProvider()
{
    QFETCH(QString, provider);
    QFETCH(QString, status);
    QFETCH(QString, shown);
    QFETCH(QString, deltaPct);
    QFETCH(QString, delta);
    const ReconLineModel &m = *view()->lineModel();
    const int row = test::rowOf(m, provider);
    QVERIFY(row >= 0);
    QCOMPARE(test::exported(m, row, ReconLineModel::Status), status);
    QCOMPARE(m.index(row, ReconLineModel::Status).data().toString(), shown);
    QCOMPARE(test::exported(m, row, ReconLineModel::DeltaPct), deltaPct);
    QCOMPARE(test::exported(m, row, ReconLineModel::Delta), delta);
    const bool attention = status == QLatin1String("under");
    QCOMPARE(m.index(row, 0).data(AttentionRole).toBool(), attention);
}

void TstReconciliationView::chartAndFigures()
{
    const ReconBarChart *chart = view()->reconChart();
    QCOMPARE(chart->lineCount(), 4);
    bool sawUnder = false;
    for (int i = 0; i < chart->lineCount(); ++i) {
        if (chart->line(i).label != QLatin1String("openai"))
            continue;
        sawUnder = true;
        QCOMPARE(chart->line(i).status, QStringLiteral("under"));
        QCOMPARE(chart->line(i).deltaText, QStringLiteral("Δ -$381.44 · -8.6\u00a0%"));
        QCOMPARE(chart->line(i).invoiceText, QStringLiteral("invoice $4,412.80"));
    }
    QVERIFY(sawUnder);
    UI_FIND(figure, FigureCard, view(), "figureReconciliation");
    UI_FIND(overlap, FigureCard, view(), "figureOverlap");
    UI_FIND(command, QLineEdit, view(), "reconcileCommand");
    QCOMPARE(figure->value(), QStringLiteral("1 of 2 matched"));
    // The demo's gateway month against the monthly bills (resources/demo-gateway/SOURCE.md).
    QCOMPARE(overlap->value(), QStringLiteral("$9,705.47"));
    QVERIFY2(overlap->detail().contains(QStringLiteral("matched on monthly bills")),
             qPrintable(overlap->detail()));
    QVERIFY(command->text().startsWith(QLatin1String("unalloc reconcile")));
    QVERIFY2(command->text().endsWith(QLatin1String("--tolerance 1")), qPrintable(command->text()));
}

void TstReconciliationView::toleranceIsUndoable()
{
    UI_FIND(command, QLineEdit, view(), "reconcileCommand");
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    view()->toleranceSpin()->setValue(10.0);
    QTRY_COMPARE(status(QStringLiteral("openai")), QStringLiteral("matched"));
    QCOMPARE(m_window->analysis()->request().tolerancePct, unalloc::core::Decimal::fromInt(10));
    QVERIFY(command->text().endsWith(QLatin1String("--tolerance 10")));
    m_window->analysis()->undoStack()->undo();
    QTRY_COMPARE(status(QStringLiteral("openai")), QStringLiteral("under"));
    QCOMPARE(view()->toleranceSpin()->value(), 1.0);
}

void TstReconciliationView::exportsCharts_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    for (const char *panel : {"reconChart", "overlapChart"}) {
        for (const char *ext : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", panel, ext)
                << QString::fromLatin1(panel) << QString::fromLatin1(ext);
    }
}

void TstReconciliationView::exportsCharts()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    UI_FIND(p, ChartPanel, view(), panel);
    const QString path = m_ctx.path(panel + QLatin1Char('.') + ext);
    QString error;
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 1000);
    if (ext == QLatin1String("png")) {
        const QImage image = QImage::fromData(bytes);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 1000);
    } else if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY(bytes.contains("Ledger: demo"));
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
    }
}

void TstReconciliationView::exportsTablesExactly()
{
    UI_FIND(p, TablePanel, view(), "reconTable");
    UI_FIND(batches, TablePanel, view(), "batchTable");
    const QString path = m_ctx.path(QStringLiteral("recon.csv"));
    QString error;
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(file.readAll());
    QVERIFY2(csv.startsWith(QLatin1String("Provider,")), qPrintable(csv)); // the header row first
    QVERIFY(QFile::exists(m_ctx.path(QStringLiteral("recon-caption.txt"))));
    QVERIFY2(csv.contains(QLatin1String("openai,2026-08-01..2026-08-31,4031.36,4412.80,-381.44,"
                                        "-8.6,91.4,under")),
             qPrintable(csv));
    QVERIFY(csv.contains(QLatin1String("litellm,,")));
    QVERIFY(batches->exportTo(m_ctx.path(QStringLiteral("batches.csv")), &error));
}

QTEST_MAIN(TstReconciliationView)
#include "tst_reconciliationview.moc"
