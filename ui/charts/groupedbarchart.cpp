#include "groupedbarchart.h"

#include "chartpaint.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace unalloc::ui {

GroupedBarChart::GroupedBarChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void GroupedBarChart::setData(std::vector<Series> series,
                              std::vector<Group> groups,
                              const QString &yTitle)
{
    m_series = std::move(series);
    m_groups = std::move(groups);
    m_yTitle = yTitle;
    update();
}

void GroupedBarChart::setEmptyText(const QString &text)
{
    m_empty = text;
    update();
}

void GroupedBarChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    const QFontMetricsF fm(p.font());
    if (m_groups.empty() || m_series.empty()) {
        p.setPen(theme().mutedText);
        p.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, m_empty);
        return;
    }
    std::vector<chartpaint::LegendItem> legend;
    for (const Series &s : m_series)
        legend.push_back({s.name, s.colour, false, false});
    const QRectF legendRect = rect.adjusted(12, 6, -12, 0);
    const double legendH = chartpaint::legend(p, legendRect, legend, theme());
    const QRectF plot = rect.adjusted(58, 6 + legendH + 18, -12, -26 - fm.height());
    if (plot.width() < 60 || plot.height() < 60)
        return;
    double yMax = 10;
    for (const Group &g : m_groups)
        for (const Bar &b : g.bars)
            yMax = std::max(yMax, b.value);
    // A round step (1, 2, 5, 10, 20 or 25 points) so the five grid lines read easily.
    double step = 25;
    for (double candidate : {1.0, 2.0, 5.0, 10.0, 20.0, 25.0}) {
        if (candidate * 5 >= yMax) {
            step = candidate;
            break;
        }
    }
    const int ticks = int(std::ceil(yMax / step - 1e-9));
    yMax = step * ticks;
    auto py = [&](double v) {
        return plot.bottom() - plot.height() * std::min(v, yMax) / yMax;
    };
    for (int t = 0; t <= ticks; ++t) {
        const double v = step * t;
        p.setPen(QPen(theme().grid, 1));
        p.drawLine(QPointF(plot.left(), py(v)), QPointF(plot.right(), py(v)));
        p.setPen(theme().mutedText);
        p.drawText(QRectF(rect.left(), py(v) - 8, 52, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(v, 'f', 0) + QStringLiteral(" %"));
    }
    p.save();
    p.translate(rect.left() + 10, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 16), Qt::AlignCenter, m_yTitle);
    p.restore();

    const double groupW = plot.width() / double(m_groups.size());
    const double inner = groupW * 0.8;
    const double barW = inner / double(m_series.size());
    QFont small = p.font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    const QFontMetricsF smallFm(small);
    for (size_t gi = 0; gi < m_groups.size(); ++gi) {
        const Group &g = m_groups[gi];
        const double x0 = plot.left() + groupW * double(gi) + (groupW - inner) / 2;
        if (g.hatched) {
            p.setPen(QPen(theme().grid, 1, Qt::DashLine));
            p.drawLine(QPointF(plot.left() + groupW * double(gi), plot.top()),
                       QPointF(plot.left() + groupW * double(gi), plot.bottom()));
        }
        for (size_t si = 0; si < g.bars.size() && si < m_series.size(); ++si) {
            const Bar &b = g.bars[si];
            const QRectF bar(x0 + barW * double(si) + 1, py(b.value), barW - 2,
                             plot.bottom() - py(b.value));
            chartpaint::segment(p, bar, m_series[si].colour, g.hatched, false, theme());
            m_hits.emplace_back(bar.adjusted(0, -4, 0, 0), b.toolTip);
            if (smallFm.horizontalAdvance(b.label) <= barW + 4 && !b.label.isEmpty()) {
                p.save();
                p.setFont(small);
                p.setPen(theme().text);
                p.drawText(QRectF(bar.left() - 4, bar.top() - smallFm.height() - 1, bar.width() + 8,
                                  smallFm.height()),
                           Qt::AlignHCenter | Qt::AlignBottom, b.label);
                p.restore();
            }
        }
        p.setPen(g.hatched ? theme().mutedText : theme().text);
        const QString label = fm.elidedText(g.label, Qt::ElideRight, groupW - 4);
        p.drawText(
            QRectF(plot.left() + groupW * double(gi), plot.bottom() + 4, groupW, fm.height() + 4),
            Qt::AlignHCenter | Qt::AlignTop, label);
    }
    p.setPen(QPen(theme().border, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
}

QString GroupedBarChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[r, text] : m_hits) {
        if (r.contains(pos))
            return text;
    }
    return {};
}

} // namespace unalloc::ui
