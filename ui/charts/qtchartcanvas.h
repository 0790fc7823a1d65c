#pragma once

#include "chartcanvas.h"

#include <QSize>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace unalloc::ui {

/**
 * @brief A Qt Charts chart (QChartView) in the ChartCanvas slot of a ChartPanel, so that a
 * Qt Charts figure exports (PNG, SVG, PDF, clipboard) and is captioned like every other chart.
 *
 * On screen the QChartView paints; exports render the chart's scene into the page at the
 * on-screen size (so an export looks like the view), or at exportSize() while the canvas has
 * never been laid out. styleChart() gives a chart the theme's colours.
 */
class QtChartCanvas final : public ChartCanvas
{
    Q_OBJECT
public:
    explicit QtChartCanvas(QChart *chart, QWidget *parent = nullptr);
    /// A canvas on a new, empty chart without animations, named `objectName` (for tests).
    static QtChartCanvas *create(const char *objectName);

    QChart *chart() const;
    QChartView *chartView() const { return m_view; }
    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize exportSize() const override;

    /// Background, plot area, axes, grid and legend in `theme`'s colours.
    static void styleChart(QChart *chart, const Theme &theme);

private:
    QChartView *m_view;
};

} // namespace unalloc::ui
