#pragma once

#include "analysisview.h"

#include "core/analysis/trendssnapshot.h"

#include "ui/latestjob.h"
#include <QString>

#include <QThreadPool>

#include <atomic>

#include <memory>
#include <set>
#include <string>

class QCategoryAxis;
class QComboBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QStackedBarSeries;
class QValueAxis;

namespace unalloc::ui {

class ChartPanel;
class QtChartCanvas;
class TablePanel;
class TrendComparisonModel;

using TrendsPtr = std::shared_ptr<const core::TrendsSnapshot>;

/**
 * @brief Trends: spend per day, week or month stacked by owner (`<unallocated>` last and
 * hatched), U and F per period, the periods a partial batch covers, and the selected period
 * against the one before it, per owner.
 *
 * The figures are core's (core::trendsSnapshot over the analysis bar's slice: owner key,
 * fallbacks, period, sources, de-duplication, currency), computed on the view's own thread
 * while the view is on screen; a hidden view only notes that its figures are stale. They add
 * up to `unalloc report --by STEP` on the same ledger and options.
 */
class TrendsView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit TrendsView(const ViewContext &context, QWidget *parent = nullptr);
    ~TrendsView() override;

    void showSnapshot(const SnapshotPtr &snapshot) override;
    void documentLoaded() override;
    bool isSettled() const override;

    /// The figures shown, or null while none are computed.
    const TrendsPtr &trends() const { return m_trends; }
    core::TrendStep step() const { return m_step; }
    void setStep(core::TrendStep step);

    /// What hovering series `series` (index into trends()->series) at `period` shows: the
    /// exact amount, its share of the period and its rows.
    QString barToolTip(size_t series, size_t period) const;
    /// What hovering the U/F lines or a partial-batch mark at `period` shows.
    QString periodToolTip(size_t period) const;
    /// Shows or hides series `series` of the stacked bars (what a click on its legend does).
    void toggleSeries(size_t series);
    bool isSeriesHidden(size_t series) const;

protected:
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

signals:
    /// New figures (or an error) are shown.
    void updated();

private:
    void recompute();
    void showTrends(const TrendsPtr &trends);
    void buildCharts();
    void showBars();
    void showLines();
    void showComparison();
    /// Category labels thinned to what the chart's width holds, on both charts.
    void labelAxes();
    void applyTheme();
    /// Shows `text` as the hovered mark's tooltip over `canvas` (empty: hides it).
    void showHover(QtChartCanvas *canvas, const QString &text);
    QString seriesName(const core::TrendSeries &series) const;
    QString periodName(size_t period) const;
    std::string hiddenKey(const core::TrendSeries &series) const;

    QComboBox *m_stepCombo;
    QLabel *m_summary;
    QLabel *m_message;
    QtChartCanvas *m_bars;
    QtChartCanvas *m_lines;
    ChartPanel *m_barsPanel;
    ChartPanel *m_linesPanel;
    TablePanel *m_tablePanel;
    TrendComparisonModel *m_comparison;
    QStackedBarSeries *m_barSeries = nullptr;
    QScatterSeries *m_partialMarks = nullptr;
    QCategoryAxis *m_barPeriods = nullptr;
    QValueAxis *m_barAmounts = nullptr;
    QLineSeries *m_uLine = nullptr;
    QLineSeries *m_fLine = nullptr;
    QCategoryAxis *m_linePeriods = nullptr;
    QValueAxis *m_linePercent = nullptr;

    core::TrendStep m_step = core::TrendStep::Day;
    TrendsPtr m_trends;
    std::set<std::string> m_hidden; ///< series keys hidden through the legend
    QString m_hoverTip;             ///< the text of the bar or point under the mouse
    bool m_stale = true;            ///< the figures shown are not those of the latest request
    bool m_computing = false;
    LatestJob m_job{this, &m_pool}; ///< the latest computation; older answers drop
    /// The view's own thread (see EconomicsView): last member, destroyed first.
    QThreadPool m_pool;
};

} // namespace unalloc::ui
