// The Reconciliation view on the demo ledger: statuses, tolerance (undoable), exports.
#include "chartclick.h"
#include "seamstestsupport.h"

#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/mainwindow.h"
#include "ui/models/reconlinemodel.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/tablepanel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QImage>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTest>
#include <QToolTip>

using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstReconciliationView final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void statusPerProvider_data();
    void statusPerProvider();
    void chartAndFigures();
    void reconSeriesContent();
    void hoverShowsExactAmounts();
    void legendTogglesASource();
    void barsDrillToTheSourcesRows_data();
    void barsDrillToTheSourcesRows();
    void overlapBillBarDrills();
    void toleranceIsUndoable();
    void exportsCharts_data();
    void exportsCharts();
    void exportsTablesExactly();

private:
    ReconciliationView *view() const;
    QString status(const QString &provider) const;
    /// The stacked bar series of the chart in canvas `name`.
    QHorizontalStackedBarSeries *series(const char *name) const;
    /// The index of `source`'s line in the snapshot, or -1.
    int lineOf(const QString &source) const;

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

QHorizontalStackedBarSeries *TstReconciliationView::series(const char *name) const
{
    auto *canvas = test::findNamed<QtChartCanvas>(view(), name);
    if (!canvas)
        return nullptr;
    for (QAbstractSeries *s : canvas->chart()->series())
        if (auto *bars = qobject_cast<QHorizontalStackedBarSeries *>(s))
            return bars;
    return nullptr;
}

int TstReconciliationView::lineOf(const QString &source) const
{
    const auto &lines = view()->snapshot()->seams.recon.lines;
    for (size_t i = 0; i < lines.size(); ++i)
        if (QString::fromStdString(lines[i].line.source) == source)
            return int(i);
    return -1;
}

void TstReconciliationView::chartAndFigures()
{
    // The widget row over the chart: provider, status pill, delta, per line.
    UI_FIND(rows, QWidget, view(), "reconLineRows");
    const QList<QLabel *> providers = rows->findChildren<QLabel *>(u"reconProvider"_s);
    const QList<QLabel *> statuses = rows->findChildren<QLabel *>(u"reconStatus"_s);
    const QList<QLabel *> deltas = rows->findChildren<QLabel *>(u"reconDelta"_s);
    QCOMPARE(providers.size(), 4);
    QCOMPARE(statuses.size(), 4);
    bool sawUnder = false;
    for (qsizetype i = 0; i < providers.size(); ++i) {
        if (providers[i]->text() != QLatin1String("openai"))
            continue;
        sawUnder = true;
        QCOMPARE(statuses[i]->text(), u"under"_s);
        QCOMPARE(deltas[i]->text(), u"Δ -$381.44 · -8.6\u00a0%"_s);
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

void TstReconciliationView::reconSeriesContent()
{
    QHorizontalStackedBarSeries *bars = series("reconBars");
    UI_REQUIRE(bars, "the bar series of reconBars");
    const auto &lines = view()->snapshot()->seams.recon.lines;
    const qsizetype n = qsizetype(lines.size());
    QCOMPARE(n, 4);
    // One set per source (its ledger bars, in the source's colour) and one for the invoices.
    const QList<QBarSet *> sets = bars->barSets();
    QCOMPARE(sets.size(), n + 1);
    QCOMPARE(sets.back()->label(), u"invoice"_s);
    auto *axis = qobject_cast<QBarCategoryAxis *>(bars->attachedAxes().front());
    UI_REQUIRE(axis, "the row axis");
    QCOMPARE(axis->count(), 2 * n);
    const int openai = lineOf(u"openai"_s);
    QVERIFY(openai >= 0);
    // The first line on top: a horizontal chart counts rows bottom-up.
    const int ledgerRow = int(2 * (n - 1 - openai) + 1), invoiceRow = ledgerRow - 1;
    QCOMPARE(axis->at(ledgerRow), u"openai ledger (under)"_s);
    QCOMPARE(axis->at(invoiceRow), u"openai invoice"_s);
    QBarSet *openaiSet = nullptr;
    for (QBarSet *set : sets)
        if (set->label() == u"openai"_s)
            openaiSet = set;
    UI_REQUIRE(openaiSet, "the openai ledger set");
    QCOMPARE(openaiSet->at(ledgerRow), 4031.36);
    QCOMPARE(openaiSet->sum(), 4031.36); // only its own row
    QCOMPARE(sets.back()->at(invoiceRow), 4412.80);
    QCOMPARE(sets.back()->at(ledgerRow), 0.0);
    QCOMPARE(openaiSet->color(), m_ctx.theme.theme().sourceColour(u"openai"_s));
}

void TstReconciliationView::hoverShowsExactAmounts()
{
    const int openai = lineOf(u"openai"_s);
    QVERIFY(openai >= 0);
    const QString tip = view()->reconToolTip(size_t(openai), false);
    QVERIFY2(tip.contains(u"ledger $4,031.36"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"invoice $4,412.80"_s), qPrintable(tip));
    QVERIFY2(tip.contains(u"Δ -$381.44 · -8.6\u00a0% (under)"_s), qPrintable(tip));
    QHorizontalStackedBarSeries *bars = series("reconBars");
    UI_REQUIRE(bars, "the bar series of reconBars");
    const int n = int(bars->barSets().back()->count()) / 2;
    emit bars->barSets().back()->hovered(true, 2 * (n - 1 - openai));
    QTRY_COMPARE(QToolTip::text(), view()->reconToolTip(size_t(openai), true));
}

void TstReconciliationView::legendTogglesASource()
{
    QHorizontalStackedBarSeries *bars = series("reconBars");
    UI_REQUIRE(bars, "the bar series of reconBars");
    UI_FIND(canvas, QtChartCanvas, view(), "reconBars");
    const QList<QLegendMarker *> markers = canvas->chart()->legend()->markers(bars);
    QCOMPARE(markers.size(), bars->barSets().size());
    const QString first = bars->barSets().front()->label();
    const double sum = bars->barSets().front()->sum();
    QVERIFY(sum > 0);
    test::clickLegend(markers.front());
    bars = series("reconBars");
    QCOMPARE(bars->barSets().front()->label(), first);
    QCOMPARE(bars->barSets().front()->sum(), 0.0);
    const QList<QLegendMarker *> after = canvas->chart()->legend()->markers(bars);
    QVERIFY(after.front()->labelBrush().color().alphaF() < 0.5);
    test::clickLegend(after.front());
    QCOMPARE(series("reconBars")->barSets().front()->sum(), sum);
}

void TstReconciliationView::barsDrillToTheSourcesRows_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<bool>("invoice");
    QTest::newRow("openai ledger") << u"openai"_s << false;
    QTest::newRow("openai invoice") << u"openai"_s << true;
    QTest::newRow("anthropic ledger") << u"anthropic"_s << false;
}

void TstReconciliationView::barsDrillToTheSourcesRows()
{
    QFETCH(QString, source);
    QFETCH(bool, invoice);
    QHorizontalStackedBarSeries *bars = series("reconBars");
    UI_REQUIRE(bars, "the bar series of reconBars");
    const int line = lineOf(source);
    QVERIFY(line >= 0);
    const int n = int(bars->barSets().back()->count()) / 2;
    const int row = 2 * (n - 1 - line) + (invoice ? 0 : 1);
    QSignalSpy drill(view(), &AnalysisView::drillRequested);
    emit bars->barSets().back()->clicked(row);
    QCOMPARE(drill.count(), 1);
    QCOMPARE(drill.front().front().value<DrillTarget>(),
             DrillTarget::ledgerRows(u"source:"_s + source, u"Show the rows of "_s + source));
}

void TstReconciliationView::overlapBillBarDrills()
{
    QHorizontalStackedBarSeries *bars = series("overlapBars");
    UI_REQUIRE(bars, "the bar series of overlapBars");
    const auto &providers = view()->snapshot()->seams.overlap.providers;
    QVERIFY(!providers.empty());
    const int n = int(providers.size());
    QCOMPARE(bars->barSets().size(), 3); // overlap, excess, residual
    QCOMPARE(bars->barSets().front()->brush().style(), Qt::BDiagPattern); // overlap hatched
    QSignalSpy drill(view(), &AnalysisView::drillRequested);
    emit bars->barSets().front()->clicked(2 * (n - 1) + 1); // the first provider's gateway bar
    QCOMPARE(drill.count(), 0); // the filter line cannot name where gateway rows went
    emit bars->barSets().front()->clicked(2 * (n - 1)); // its bill bar
    QCOMPARE(drill.count(), 1);
    const QString provider = QString::fromStdString(providers.front().provider);
    QCOMPARE(drill.front().front().value<DrillTarget>(),
             DrillTarget::ledgerRows(u"source:"_s + provider, u"Show the rows of "_s + provider));
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
        QVERIFY(image.width() >= 320);
    } else if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY(bytes.contains("Ledger: demo"));
        // The chart itself: its row labels are in the SVG.
        QVERIFY(bytes.contains(panel == QLatin1String("reconChart") ? "openai invoice"
                                                                    : "OpenAI bill"));
    } else {
        QVERIFY(bytes.startsWith("%PDF"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
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
