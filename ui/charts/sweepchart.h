#pragma once

#include "chartcanvas.h"

#include <vector>

namespace unalloc::ui {

/// @brief The load sweep: one line per meter of the overhead it leaves unowned (percent of
/// the bill) against the request rate, with a marker and tooltip per point.
class SweepChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Line
    {
        QString name;
        QColor colour;
        std::vector<double> values; ///< percent, one per x label; geometry only
        std::vector<QString> toolTips;
        bool dashed = false;
    };

    explicit SweepChart(QWidget *parent = nullptr);

    void setData(std::vector<QString> xLabels,
                 std::vector<Line> lines,
                 const QString &xTitle,
                 const QString &yTitle);
    /// Text shown instead of the lines (e.g. while the simulator runs).
    void setMessage(const QString &text);
    int lineCount() const { return static_cast<int>(m_lines.size()); }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override { return {560, 340}; }
    QSize minimumSizeHint() const override { return {380, 300}; }
    QSize exportSize() const override { return {1000, 520}; }
    QString toolTipAt(const QPointF &pos) const override;

private:
    std::vector<QString> m_x;
    std::vector<Line> m_lines;
    QString m_xTitle, m_yTitle, m_message;
    mutable std::vector<std::pair<QPointF, QString>> m_hits;
};

} // namespace unalloc::ui
