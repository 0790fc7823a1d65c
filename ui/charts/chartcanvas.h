#pragma once

#include "ui/theme.h"

#include <QWidget>

namespace unalloc::ui {

/// @brief What a ChartPanel exports: a chart widget that can render itself into any paint
/// device (PNG, SVG, PDF, the clipboard) at a given size, so that an export looks like the
/// view. QtChartCanvas is the one implementation: a Qt Charts QChartView.
class ChartCanvas : public QWidget
{
    Q_OBJECT
public:
    explicit ChartCanvas(QWidget *parent = nullptr)
        : QWidget(parent)
    {}

    void setTheme(const Theme &theme)
    {
        m_theme = theme;
        update();
    }
    const Theme &theme() const { return m_theme; }
    /// Renders the chart into `rect` (logical pixels) of any paint device.
    virtual void paintChart(QPainter &painter, const QRectF &rect) const = 0;
    /// The size exports use (the on-screen size is whatever the layout gives).
    virtual QSize exportSize() const { return {1100, 620}; }

private:
    Theme m_theme = Theme::light();
};

} // namespace unalloc::ui
