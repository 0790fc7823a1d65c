#pragma once

#include "ui/theme.h"

#include <QWidget>

namespace unalloc::ui {

/// @brief A chart painted with QPainter: the same paintChart() draws the widget on screen
/// and the exported PNG, SVG and PDF, so an export looks exactly like the view.
class ChartCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit ChartCanvas(QWidget *parent = nullptr);

    void setTheme(const Theme &theme);
    const Theme &theme() const { return m_theme; }
    /// Draws the chart into `rect` (logical pixels) of any paint device.
    virtual void paintChart(QPainter &painter, const QRectF &rect) const = 0;
    /// The size exports use (the on-screen size is whatever the layout gives).
    virtual QSize exportSize() const { return {1100, 620}; }
    /// Tooltip for a point, or empty; uses the geometry of the last on-screen paint.
    virtual QString toolTipAt(const QPointF &) const { return {}; }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    Theme m_theme = Theme::light();
};

} // namespace unalloc::ui
