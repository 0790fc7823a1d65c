#pragma once

#include "analysisview.h"

#include "core/analysis/economicssnapshot.h"
#include "ui/models/breakevenmodel.h"

#include "ui/latestjob.h"

#include <QThreadPool>

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

class QBarCategoryAxis;
class QComboBox;
class QHorizontalStackedBarSeries;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;
class QGridLayout;
class QLabel;
class QLineEdit;

namespace unalloc::ui {

class ChartPanel;
class EconomicsModel;
class EconomicsTrendModel;
class FigureCard;
class QtChartCanvas;

using EconomicsPtr = std::shared_ptr<const core::EconomicsSnapshot>;

/**
 * @brief Feature economics: what a feature costs per 1,000 requests once the cluster's
 * dollars are counted next to the LLM bill, and when a self-hosted GPU beats an API tier.
 *
 * The feature key comes from the view's own selector (remembered per ledger), not from the
 * analysis bar's owner key; the bar's period and sources do slice it. Figures are core's
 * (core::economicsSnapshot, core::breakevenSnapshot), computed on the view's own thread: the
 * report per feature key and slice, the simulator's traffic once, the ledger's pods once per
 * load. Editing the GPU price or a tier's prices re-prices the curves (no simulation).
 */
class EconomicsView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit EconomicsView(const ViewContext &context, QWidget *parent = nullptr);
    ~EconomicsView() override;

    void showSnapshot(const SnapshotPtr &snapshot) override;
    void documentLoaded() override;
    /// The report, the break-even curves and the pod search are all in.
    bool isSettled() const override;

    /// The report shown, or null while none is computed.
    const EconomicsPtr &economics() const { return m_economics; }
    /// The break-even curves shown, or null until the simulator's traffic is in.
    const BreakevenPtr &breakeven() const { return m_breakeven; }
    /// True once the ledger's pods were looked up (placed on the curves when there are any).
    bool podsReady() const { return m_podsReady; }
    /// The feature key in use (canonical).
    const std::string &featureKey() const { return m_key; }

protected:
    /// The simulator's traffic is computed the first time the view is shown, not before:
    /// windows whose Feature economics page stays closed never pay for it.
    void showEvent(QShowEvent *event) override;

signals:
    /// A new economics report or break-even snapshot is shown.
    void updated();

private:
    using EconomicsResult = core::Result<core::EconomicsSnapshot>;
    using PodsResult = core::Result<std::vector<core::PodTraffic>>;

    QWidget *buildBreakevenSection();
    void startSimulation();
    void fillKeyChoices();
    void onKeyChosen();
    void recompute();
    /// recompute(), and the pods' traffic when a load made it stale.
    void refresh();
    void showEconomics(const EconomicsResult &result);
    void fillFeatureChoices();
    void showFigures();
    /// Series and axes that live as long as the view (Qt Charts draws removed axes until the
    /// next layout; updating them in place avoids that).
    void buildCharts();
    void showBars();
    void showTrend();
    void refreshPods();
    /// Reads the GPU and tier inputs; re-prices the curves when they parse.
    void rebuildBreakeven();
    void showBreakevenChart();
    void applyTheme();
    QString ledgerId() const;
    /// Tells listeners (tests, `--grab`) that something new is shown.
    void announce();

    QComboBox *m_keyCombo;
    QComboBox *m_featureCombo;
    QLabel *m_message;
    FigureCard *m_requests;
    FigureCard *m_perK;
    FigureCard *m_invisible;
    FigureCard *m_unattributed;
    QtChartCanvas *m_bars;
    QtChartCanvas *m_trend;
    QtChartCanvas *m_curves;
    ChartPanel *m_trendPanel;
    QHorizontalStackedBarSeries *m_barSeries = nullptr;
    bool m_apiHidden = false, m_infraHidden = false; ///< bar parts hidden from the legend
    QBarCategoryAxis *m_barFeatures = nullptr;
    QValueAxis *m_barDollars = nullptr;
    QLineSeries *m_trendTotal = nullptr;
    QLineSeries *m_trendApi = nullptr;
    QBarCategoryAxis *m_trendMonths = nullptr;
    QValueAxis *m_trendDollars = nullptr;
    QValueAxis *m_curveRate = nullptr;
    QLogValueAxis *m_curveRatio = nullptr;
    EconomicsModel *m_table;
    EconomicsTrendModel *m_trendModel;
    BreakevenModel *m_tiers;
    PodStandingModel *m_podModel;
    QLineEdit *m_gpu;
    QGridLayout *m_tierGrid;
    std::vector<std::array<QLineEdit *, 3>> m_tierEdits;
    std::vector<std::string> m_tierNames;
    QLabel *m_breakevenMessage;

    std::string m_key = "feature";
    std::optional<core::EconomicsOptions> m_options; ///< of the report shown or computing
    EconomicsPtr m_economics;
    BreakevenPtr m_breakeven;
    std::vector<core::TrafficTotals> m_traffic;
    std::vector<core::PodTraffic> m_pods;
    bool m_podsReady = false;
    bool m_podsStale = false;                ///< a load happened since refreshPods() last ran
    bool m_reportShown = false;              ///< the latest report (or its error) is shown
    LatestJob m_economicsJob{this, &m_pool}; ///< the latest economics computation
    LatestJob m_podJob{this, &m_pool};       ///< the latest pod search
    LatestJob m_trafficJob{this, &m_pool};   ///< the study's simulated traffic (once)
    bool m_simulationStarted = false;
    /// The view's own thread (see MeterView): last member, destroyed first.
    QThreadPool m_pool;
};

} // namespace unalloc::ui
