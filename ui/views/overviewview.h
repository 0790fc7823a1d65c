#pragma once

#include "analysisview.h"

#include <set>
#include <string>
#include <vector>

class QAreaSeries;
class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QLabel;
class QValueAxis;

namespace unalloc::ui {

class ChartHover;
class ChartPanel;
class FigureCard;
class OwnerBucketModel;
class QtChartCanvas;

/**
 * @brief Who owns the spend: U, total, F and owners; spend by owner stacked by source with
 * `<unallocated>` last and hatched; how rows resolved; the owner table.
 *
 * Both charts are Qt Charts bars (overviewcharts.cpp). Hovering a segment shows its exact
 * amount, share and rows; clicking an owner's bar opens the Ledger narrowed to that owner
 * (and source), clicking a source's part of `<unallocated>` opens the Unallocated view at that
 * source; the legend hides and shows a source.
 */
class OverviewView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit OverviewView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

    /// What hovering bar `bar` (index into the snapshot's spend.bars) at source `source`
    /// shows: the exact amount, its share of the total, and the bar's amount and rows.
    QString spendToolTip(size_t bar, size_t source) const;
    /// What hovering part `part` of "How rows resolved" shows (0 owner label, 1 fallback,
    /// 2 no owner).
    QString resolutionToolTip(size_t part) const;
    /// Hides or shows source `source` in the spend chart (a click on its legend entry).
    void toggleSource(size_t source);
    bool isSourceHidden(size_t source) const;
    /// Hides or shows the `<unallocated>` bar (a click on the hatched legend entry).
    void toggleUnallocated();
    bool isUnallocatedHidden() const { return m_unallocatedHidden; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// Draws the charts from the current snapshot if they do not show it yet: at once while
    /// the view is visible, else when it is shown or a chart is exported (rebuilding Qt Charts
    /// series costs milliseconds that an owner-key change elsewhere should not wait for).
    void refreshCharts();
    void showFigures(const core::AnalysisSnapshot &s);
    void buildCharts();
    void showSpendChart();
    void showResolution();
    /// Where a click on bar `bar` at source `source` leads (none for the folded owners).
    void drill(size_t bar, size_t source);
    /// Where a click on part `part` of "How rows resolved" leads: the owner key's rows
    /// (`via:KEY`), the fallbacks' (`via:F1 via:F2 …`) or nobody's (`owner:<unallocated>`).
    void drillResolution(size_t part);
    QString barName(const core::OwnerBar &bar) const;
    void applyTheme();

    FigureCard *m_unallocated;
    FigureCard *m_total;
    FigureCard *m_fallback;
    FigureCard *m_owners;
    QtChartCanvas *m_spend;
    ChartPanel *m_spendPanel;
    QtChartCanvas *m_resolution;
    OwnerBucketModel *m_ownerModel;
    QLabel *m_error;
    ChartHover *m_spendHover = nullptr;
    ChartHover *m_resolutionHover = nullptr;
    QHorizontalStackedBarSeries *m_spendSeries = nullptr; ///< a set per source (and muted)
    /// The hatch over each source's part of <unallocated> (a set has one brush for all its
    /// bars, and a second bar series would be placed beside the first, not over it), then the
    /// legend's hatched entry.
    std::vector<QAreaSeries *> m_hatches;
    QBarCategoryAxis *m_ownerAxis = nullptr; ///< owner names, left
    QBarCategoryAxis *m_valueAxis = nullptr; ///< "amount · share", right
    QValueAxis *m_amountAxis = nullptr;
    QHorizontalStackedBarSeries *m_resolutionSeries = nullptr;
    QBarCategoryAxis *m_resolutionCategory = nullptr;
    QValueAxis *m_resolutionPercent = nullptr;
    std::set<std::string> m_hiddenSources; ///< by name: they survive a new snapshot
    bool m_unallocatedHidden = false;
    bool m_chartsStale = true;
    std::set<size_t> m_hiddenParts; ///< parts of "How rows resolved" hidden via the legend
};

} // namespace unalloc::ui
