#pragma once

#include "ui/theme.h"

#include <QLegendMarker>
#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace unalloc::ui::chartinteraction {

/// Draws the legend entry of a hidden series faint, a shown one in full colour (Qt Charts
/// would drop a hidden series' entry altogether, and with it the way to show it again).
void dimMarker(QLegendMarker *marker, bool hidden, const Theme &theme);

/// Runs `rebuild` after a click on `marker` once the click's own handling has returned: a
/// handler that rebuilds the series deletes the marker (and the legend item that got the
/// mouse event) — done inside the click it would free the item under its own feet.
template<class Context, class Fn>
void onLegendClickRebuild(QLegendMarker *marker, Context *context, Fn rebuild)
{
    QObject::connect(marker, &QLegendMarker::clicked, context, std::move(rebuild),
                     Qt::QueuedConnection);
}

/// Makes a click on any legend entry of `chart` hide or show its series (the entry stays,
/// faint while hidden). Call after the series are (re)built; a marker is connected once.
void toggleSeriesFromLegend(QChart *chart, const Theme &theme);

/// Shows `text` as the tool tip of `view` at the mouse (hides it when empty).
void showTip(QChartView *view, const QString &text);

/// @brief Wheel zoom and double-click reset for a line chart: the wheel zooms the plot area
/// in or out around the mouse, a double click puts the axes back to their full range.
/// Installed on the view's viewport; owned by the view.
class WheelZoom final : public QObject
{
    Q_OBJECT
public:
    explicit WheelZoom(QChartView *view);

    /// Zooms by `factor` (>1 in, <1 out) around `at` (view coordinates); false when `at` is
    /// outside the plot area.
    bool zoom(double factor, const QPointF &at);
    void reset();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QChartView *m_view;
};

} // namespace unalloc::ui::chartinteraction
