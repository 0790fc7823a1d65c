#pragma once

#include "analysisview.h"

#include <set>

class QAbstractItemModel;
class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QLabel;
class QValueAxis;

namespace unalloc::ui {

class ChartHover;
class CollisionModel;
class FallbackKeyModel;
class FallbackValueModel;
class OwnerExposureModel;
class QtChartCanvas;

/**
 * @brief Fallback exposure: F by fallback key (split into owner-like and non-owner values),
 * F by owner bucket, every fallback value with a verdict, and the label-key collisions.
 *
 * The key chart is a Qt Charts bar chart: hovering a bar shows its exact amounts and rows,
 * clicking it opens the Ledger on the rows that key attributed, the legend hides a part.
 */
class FallbackView final : public AnalysisView
{
    Q_OBJECT
public:
    explicit FallbackView(const ViewContext &context, QWidget *parent = nullptr);
    void showSnapshot(const SnapshotPtr &snapshot) override;

    /// What hovering part `part` (0 owner-like values, 1 values never seen as owners) of key
    /// `key` (index into the snapshot's exposure.byKey) shows.
    QString barToolTip(size_t key, size_t part) const;
    /// Hides or shows part `part` (a click on its legend entry).
    void togglePart(size_t part);
    bool isPartHidden(size_t part) const { return m_hiddenParts.count(part) > 0; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// Draws the chart if it does not show the current snapshot yet (at once while visible,
    /// else when shown or exported: see OverviewView::refreshCharts()).
    void refreshChart();
    void buildChart();
    void showChart();
    QWidget *tablePanel(const QString &title, const QString &name, QAbstractItemModel *model);

    QLabel *m_summary;
    QtChartCanvas *m_chart;
    ChartHover *m_hover = nullptr;
    QHorizontalStackedBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_keyAxis = nullptr;   ///< "1. project", left
    QBarCategoryAxis *m_valueAxis = nullptr; ///< "amount · share", right
    QValueAxis *m_amountAxis = nullptr;
    std::set<size_t> m_hiddenParts;
    bool m_chartStale = true;
    FallbackKeyModel *m_keys;
    FallbackValueModel *m_values;
    OwnerExposureModel *m_owners;
    CollisionModel *m_collisions;
};

} // namespace unalloc::ui
