#pragma once

#include "chartcanvas.h"

#include <vector>

namespace unalloc::ui {

/// @brief Horizontal bars, optionally stacked: "Spend by owner" (stacked by source,
/// `<unallocated>` hatched and last) and "F by fallback key". Values are already computed by
/// core; doubles here only place pixels.
class HBarChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Segment
    {
        double value = 0;
        QColor colour;
        QString toolTip;
    };
    struct Row
    {
        QString label;
        QString valueText; ///< "$48,983.14 · 73.5 %"
        std::vector<Segment> segments;
        bool attention = false; ///< drawn hatched in the unallocated colour
        bool muted = false;     ///< folded "+N smaller owners"
    };
    struct LegendEntry
    {
        QString text;
        QColor colour;
        bool hatched = false;
    };

    explicit HBarChart(QWidget *parent = nullptr);

    void setRows(std::vector<Row> rows, std::vector<LegendEntry> legend, double maxValue);
    void setEmptyText(const QString &text);
    QString emptyText() const { return m_empty; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const Row &row(int i) const { return m_rows[static_cast<size_t>(i)]; }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QSize exportSize() const override;
    QString toolTipAt(const QPointF &pos) const override;
    /// Where the last paint put the segment with `toolTip`, and legend entry `i`'s swatch
    /// (empty when not painted): for tests that sample the pixels.
    QRectF segmentRect(const QString &toolTip) const;
    QRectF legendSwatch(int i) const;

private:
    struct Hit
    {
        QRectF rect;
        QString text;
    };
    double paintLegend(QPainter &p, const QRectF &rect) const;
    int legendLines(double width) const;
    int heightFor(double width) const;
    void resizeEvent(QResizeEvent *event) override;

    std::vector<Row> m_rows;
    std::vector<LegendEntry> m_legend;
    double m_max = 0;
    QString m_empty;
    mutable std::vector<Hit> m_hits;
    mutable std::vector<QRectF> m_swatches;
};

} // namespace unalloc::ui
