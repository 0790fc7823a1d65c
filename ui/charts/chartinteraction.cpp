#include "chartinteraction.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace unalloc::ui::chartinteraction {

void dimMarker(QLegendMarker *marker, bool hidden, const Theme &theme)
{
    QColor label = theme.text;
    label.setAlphaF(hidden ? 0.35f : 1.0f);
    marker->setLabelBrush(label);
    // The swatch keeps its own colour (and transparency) when shown; faint when hidden.
    QVariant shown = marker->property("shownBrush");
    if (!shown.isValid()) {
        shown = QVariant::fromValue(marker->brush());
        marker->setProperty("shownBrush", shown);
    }
    QBrush brush = shown.value<QBrush>();
    if (hidden) {
        QColor c = brush.color();
        c.setAlphaF(c.alphaF() * 0.25f);
        brush.setColor(c);
    }
    marker->setBrush(brush);
}

void toggleSeriesFromLegend(QChart *chart, const Theme &theme)
{
    for (QLegendMarker *marker : chart->legend()->markers()) {
        QAbstractSeries *series = marker->series();
        dimMarker(marker, !series->isVisible(), theme);
        if (marker->property("togglesSeries").toBool())
            continue;
        marker->setProperty("togglesSeries", true);
        QObject::connect(marker, &QLegendMarker::clicked, marker, [marker, series, theme] {
            series->setVisible(!series->isVisible());
            marker->setVisible(true); // a hidden series keeps its (faint) entry to click back
            dimMarker(marker, !series->isVisible(), theme);
        });
    }
}

void showTip(QChartView *view, const QString &text)
{
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, view);
}

WheelZoom::WheelZoom(QChartView *view)
    : QObject(view)
    , m_view(view)
{
    view->viewport()->installEventFilter(this);
}

bool WheelZoom::zoom(double factor, const QPointF &at)
{
    QChart *chart = m_view->chart();
    const QRectF plot = chart->plotArea();
    const QPointF centre = chart->mapFromScene(m_view->mapToScene(at.toPoint()));
    if (!plot.contains(centre) || factor <= 0)
        return false;
    // The point under the mouse stays where it is.
    QRectF next(0, 0, plot.width() / factor, plot.height() / factor);
    next.moveLeft(centre.x() - (centre.x() - plot.left()) / factor);
    next.moveTop(centre.y() - (centre.y() - plot.top()) / factor);
    chart->zoomIn(next);
    return true;
}

void WheelZoom::reset()
{
    m_view->chart()->zoomReset();
}

bool WheelZoom::eventFilter(QObject *, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        auto *wheel = static_cast<QWheelEvent *>(event);
        const int steps = wheel->angleDelta().y();
        if (steps == 0)
            return false;
        // Over the plot the wheel zooms (and the page does not scroll); elsewhere it scrolls.
        return zoom(std::pow(1.25, steps / 120.0), wheel->position());
    }
    if (event->type() == QEvent::MouseButtonDblClick) {
        reset();
        return true;
    }
    return false;
}

} // namespace unalloc::ui::chartinteraction
