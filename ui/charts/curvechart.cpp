#include "curvechart.h"

#include "chartpaint.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace unalloc::ui {

CurveChart::CurveChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CurveChart::setPoints(std::vector<Point> points, const QString &xTitle, const QString &yTitle)
{
    m_points = std::move(points);
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    update();
}

void CurveChart::setTarget(double percent, const QString &label)
{
    m_target = percent;
    m_targetLabel = label;
    update();
}

void CurveChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    const QFontMetricsF fm(p.font());
    const QRectF plot = rect.adjusted(52, 16, -24, -44);
    if (m_points.empty() || plot.width() < 40 || plot.height() < 40)
        return;
    double yMax = 10;
    for (const Point &pt : m_points)
        yMax = std::max(yMax, pt.y);
    yMax = std::ceil(yMax / 10.0) * 10.0;
    const size_t n = m_points.size();
    auto px = [&](size_t i) {
        return plot.left() + plot.width() * double(i) / double(std::max<size_t>(n - 1, 1));
    };
    auto py = [&](double y) {
        return plot.bottom() - plot.height() * y / yMax;
    };
    p.setPen(QPen(theme().grid, 1));
    for (int t = 0; t <= 5; ++t) {
        const double v = yMax * t / 5.0;
        p.drawLine(QPointF(plot.left(), py(v)), QPointF(plot.right(), py(v)));
        p.setPen(theme().mutedText);
        p.drawText(QRectF(rect.left(), py(v) - 8, 46, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(v, 'f', 0) + QStringLiteral(" %"));
        p.setPen(QPen(theme().grid, 1));
    }
    const size_t xStep = std::max<size_t>(1, (n + 9) / 10);
    p.setPen(theme().mutedText);
    for (size_t i = 0; i < n; i += xStep)
        p.drawText(QRectF(px(i) - 20, plot.bottom() + 4, 40, 16), Qt::AlignCenter,
                   QString::number(i));
    p.drawText(QRectF(plot.left(), plot.bottom() + 22, plot.width(), 18), Qt::AlignCenter,
               m_xTitle);
    // What a point label must not cover: the target line (a band around it) and its label.
    std::vector<QRectF> obstacles;
    if (m_target >= 0 && m_target <= yMax) {
        const double ty = py(m_target);
        p.setPen(QPen(theme().fallback, 1, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), ty), QPointF(plot.right(), ty));
        const QRectF targetLabel(plot.right() - fm.horizontalAdvance(m_targetLabel),
                                 ty - 4 - fm.ascent(), fm.horizontalAdvance(m_targetLabel),
                                 fm.height());
        p.drawText(QPointF(targetLabel.left(), ty - 4), m_targetLabel);
        obstacles.push_back(QRectF(plot.left(), ty - 2, plot.width(), 4));
        obstacles.push_back(targetLabel);
    }
    QPainterPath path(QPointF(px(0), py(m_points[0].y)));
    for (size_t i = 1; i < n; ++i) {
        path.lineTo(px(i), py(m_points[i - 1].y));
        path.lineTo(px(i), py(m_points[i].y));
    }
    p.setPen(QPen(theme().unallocated, 2));
    p.setBrush(Qt::NoBrush);
    p.drawPath(path);
    for (size_t i = 0; i < n; ++i) {
        const QPointF c(px(i), py(m_points[i].y));
        p.setBrush(theme().unallocated);
        p.setPen(Qt::NoPen);
        p.drawEllipse(c, 3.5, 3.5);
        m_hits.emplace_back(c, m_points[i].toolTip);
    }
    // Labels where they touch neither each other, the target line and its label, nor the
    // curve's dots; a label that fits nowhere is left out (its point keeps its tool tip).
    const size_t targetRects = obstacles.size();
    std::vector<QPointF> anchors;
    std::vector<QSizeF> sizes;
    for (size_t i = 0; i < n; ++i) {
        anchors.emplace_back(px(i), py(m_points[i].y));
        sizes.emplace_back(fm.horizontalAdvance(m_points[i].label) + 2, fm.height());
        obstacles.push_back(QRectF(anchors.back() - QPointF(4, 4), QSizeF(8, 8)));
    }
    // Nor the x axis' numbers and title.
    for (size_t i = 0; i < n; i += xStep) {
        const double w = fm.horizontalAdvance(QString::number(i)) + 2;
        obstacles.push_back(QRectF(px(i) - w / 2, plot.bottom() + 4, w, 16));
    }
    obstacles.push_back(QRectF(plot.left(), plot.bottom() + 22, plot.width(), 18));
    m_labelRects =
        chartpaint::placePointLabels(anchors, sizes, obstacles, rect.adjusted(2, 2, -2, -2));
    p.setPen(theme().text);
    for (size_t k = 0; k < n; ++k)
        if (!m_labelRects[k].isEmpty())
            p.drawText(m_labelRects[k], Qt::AlignCenter, m_points[k].label);
    m_targetRects.assign(obstacles.begin(), obstacles.begin() + long(targetRects));
}

QString CurveChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[c, text] : m_hits) {
        if (QLineF(c, pos).length() < 8)
            return text;
    }
    return {};
}

} // namespace unalloc::ui
