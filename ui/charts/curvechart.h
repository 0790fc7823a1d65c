#pragma once

#include "chartcanvas.h"

#include <vector>

namespace unalloc::ui {

/// @brief The fix-plan curve: U (%) after each of the next label fixes, as a step line
/// with the value at each step and an optional target line.
class CurveChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Point
    {
        double y = 0;  ///< percent, geometry only
        QString label; ///< "66.9 %" formatted by the view
        QString toolTip;
    };
    explicit CurveChart(QWidget *parent = nullptr);

    void setPoints(std::vector<Point> points, const QString &xTitle, const QString &yTitle);
    void setTarget(double percent, const QString &label);
    int pointCount() const { return static_cast<int>(m_points.size()); }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override { return {560, 300}; }
    QSize minimumSizeHint() const override { return {320, 220}; }
    QString toolTipAt(const QPointF &pos) const override;
    /// Where the last paint put each point's label (empty: left out), and the target line's
    /// band and label: for tests of the collision pass.
    const std::vector<QRectF> &labelRects() const { return m_labelRects; }
    const std::vector<QRectF> &targetRects() const { return m_targetRects; }

private:
    std::vector<Point> m_points;
    QString m_xTitle, m_yTitle, m_targetLabel;
    double m_target = -1;
    mutable std::vector<std::pair<QPointF, QString>> m_hits;
    mutable std::vector<QRectF> m_labelRects;
    mutable std::vector<QRectF> m_targetRects;
};

} // namespace unalloc::ui
