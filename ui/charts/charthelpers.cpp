#include "charthelpers.h"

#include "qtchartcanvas.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QLegendMarker>
#include <QMouseEvent>
#include <QSet>
#include <QToolTip>
#include <QValueAxis>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace unalloc::ui {

ChartHover::ChartHover(QtChartCanvas *canvas, const QString &hint)
    : QObject(canvas)
    , m_canvas(canvas)
    , m_hint(hint)
{
    canvas->chartView()->viewport()->installEventFilter(this);
}

void ChartHover::show(const QString &text)
{
    m_text = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, m_canvas->chartView());
}

bool ChartHover::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        QToolTip::showText(help->globalPos(), m_text.isEmpty() ? m_hint : m_text,
                           static_cast<QWidget *>(watched));
        return true;
    }
    return QObject::eventFilter(watched, event);
}

ChartWheelZoom::ChartWheelZoom(QtChartCanvas *canvas, double minimumSpan)
    : QObject(canvas)
    , m_canvas(canvas)
    , m_minimumSpan(minimumSpan)
{
    canvas->chartView()->viewport()->installEventFilter(this);
}

QValueAxis *ChartWheelZoom::axis() const
{
    const QList<QAbstractAxis *> axes = m_canvas->chart()->axes(Qt::Horizontal);
    return axes.isEmpty() ? nullptr : qobject_cast<QValueAxis *>(axes.front());
}

void ChartWheelZoom::zoomAt(double x, double factor)
{
    QChart *chart = m_canvas->chart();
    QValueAxis *a = axis();
    const QRectF plot = chart->plotArea();
    if (!a || plot.width() <= 0 || a->max() <= a->min())
        return;
    if (!chart->isZoomed()) {
        m_fullMin = a->min();
        m_fullMax = a->max();
    }
    // The axis value under the mouse stays where it is.
    const double min = a->min(), max = a->max();
    const double perPixel = (max - min) / plot.width();
    const double at = min + (std::clamp(x, plot.left(), plot.right()) - plot.left()) * perPixel;
    const double fullSpan = m_fullMax - m_fullMin;
    const double span =
        std::clamp((max - min) * factor, std::min(m_minimumSpan, fullSpan), fullSpan);
    if (span >= fullSpan) {
        chart->zoomReset();
        return;
    }
    double from = at - (at - min) * span / (max - min);
    from = std::clamp(from, m_fullMin, m_fullMax - span);
    const QRectF rect(plot.left() + (from - min) / perPixel, plot.top(), span / perPixel,
                      plot.height());
    chart->zoomIn(rect);
}

void ChartWheelZoom::reset()
{
    m_canvas->chart()->zoomReset();
}

bool ChartWheelZoom::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        const auto *wheel = static_cast<QWheelEvent *>(event);
        const int delta = wheel->angleDelta().y();
        if (delta == 0)
            return false;
        const QPointF scene = m_canvas->chartView()->mapToScene(wheel->position().toPoint());
        const QPointF inChart = m_canvas->chart()->mapFromScene(scene);
        // One notch (120) zooms by a fifth; a touchpad's small steps zoom smoothly.
        zoomAt(inChart.x(), std::pow(0.8, delta / 120.0));
        return true;
    }
    if (event->type() == QEvent::MouseButtonDblClick &&
        static_cast<QMouseEvent *>(event)->button() == Qt::LeftButton) {
        reset();
        return true;
    }
    return QObject::eventFilter(watched, event);
}

QStringList distinctCategories(QStringList labels)
{
    QSet<QString> seen;
    for (QString &label : labels) {
        while (seen.contains(label))
            label += QChar(0x200b);
        seen.insert(label);
    }
    return labels;
}

QString elideLabel(const QString &text, const QFont &font, int width)
{
    return QFontMetrics(font).elidedText(text, Qt::ElideMiddle, width);
}

} // namespace unalloc::ui
