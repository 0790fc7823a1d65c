#pragma once

#include "ui/theme.h"

#include <QObject>
#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QFont;
class QLegendMarker;
class QValueAxis;
QT_END_NAMESPACE

namespace unalloc::ui {

class QtChartCanvas;

/**
 * @brief The text of the bar or point under the mouse of a Qt Charts canvas, as a tooltip.
 *
 * A view sets it from the series' hovered signals. The chart's scene answers the viewport's
 * own tooltip event with "no tooltip", which would hide the text while the mouse rests on the
 * bar: the hover keeps it up, or shows `hint` (what hovering and clicking do) off the marks.
 */
class ChartHover final : public QObject
{
    Q_OBJECT
public:
    ChartHover(QtChartCanvas *canvas, const QString &hint);

    /// Shows `text` at the mouse (empty: hides it).
    void show(const QString &text);
    QString text() const { return m_text; }
    void setHint(const QString &hint) { m_hint = hint; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QtChartCanvas *m_canvas;
    QString m_hint;
    QString m_text;
};

/**
 * @brief The wheel zooms a line chart's horizontal value axis around the mouse and a double
 * click restores the whole range (QChart::zoomIn / zoomReset, so the chart knows it is zoomed).
 *
 * Zooming out stops at the range the chart had before the first zoom; zooming in stops at a
 * span of `minimumSpan` axis units.
 */
class ChartWheelZoom final : public QObject
{
    Q_OBJECT
public:
    ChartWheelZoom(QtChartCanvas *canvas, double minimumSpan);

    /// Zooms the x range by `factor` (< 1 in, > 1 out) around `x`, a position in the chart.
    void zoomAt(double x, double factor);
    void reset();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QValueAxis *axis() const;

    QtChartCanvas *m_canvas;
    double m_minimumSpan;
    double m_fullMin = 0, m_fullMax = 0; ///< the x range before the first zoom
};

/// `labels` made distinct for a QBarCategoryAxis (which drops a repeated category and would
/// shift every bar after it): a repeat gets invisible zero-width spaces appended.
QStringList distinctCategories(QStringList labels);

/// `text` elided in the middle to `width` pixels of `font` (the whole text is in the tooltip).
QString elideLabel(const QString &text, const QFont &font, int width);

} // namespace unalloc::ui
