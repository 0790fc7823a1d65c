#include "sweepchart.h"

#include "chartpaint.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace unalloc::ui {

SweepChart::SweepChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SweepChart::setData(std::vector<QString> xLabels,
                         std::vector<Line> lines,
                         const QString &xTitle,
                         const QString &yTitle)
{
    m_x = std::move(xLabels);
    m_lines = std::move(lines);
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    m_message.clear();
    update();
}

void SweepChart::setMessage(const QString &text)
{
    m_message = text;
    update();
}

void SweepChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    const QFontMetricsF fm(p.font());
    if (!m_message.isEmpty() || m_x.empty() || m_lines.empty()) {
        p.setPen(theme().mutedText);
        p.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, m_message);
        return;
    }
    std::vector<chartpaint::LegendItem> legend;
    for (const Line &l : m_lines)
        legend.push_back({l.name, l.colour, false, false});
    const double legendH = chartpaint::legend(p, rect.adjusted(12, 6, -12, 0), legend, theme());
    const QRectF plot = rect.adjusted(58, 6 + legendH + 12, -24, -30 - fm.height());
    if (plot.width() < 60 || plot.height() < 60)
        return;
    const size_t n = m_x.size();
    auto px = [&](size_t i) {
        return plot.left() + plot.width() * double(i) / double(std::max<size_t>(n - 1, 1));
    };
    auto py = [&](double v) {
        return plot.bottom() - plot.height() * std::clamp(v, 0.0, 100.0) / 100.0;
    };
    for (int t = 0; t <= 5; ++t) {
        const double v = 20.0 * t;
        p.setPen(QPen(theme().grid, 1));
        p.drawLine(QPointF(plot.left(), py(v)), QPointF(plot.right(), py(v)));
        p.setPen(theme().mutedText);
        p.drawText(QRectF(rect.left(), py(v) - 8, 52, 16), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(v, 'f', 0) + QStringLiteral(" %"));
    }
    for (size_t i = 0; i < n; ++i)
        p.drawText(QRectF(px(i) - 30, plot.bottom() + 4, 60, fm.height()), Qt::AlignCenter, m_x[i]);
    p.drawText(QRectF(plot.left(), plot.bottom() + 6 + fm.height(), plot.width(), fm.height() + 4),
               Qt::AlignCenter, m_xTitle);
    p.save();
    p.translate(rect.left() + 10, plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, -8, plot.height(), 16), Qt::AlignCenter, m_yTitle);
    p.restore();
    for (const Line &l : m_lines) {
        if (l.values.empty())
            continue;
        QPainterPath path(QPointF(px(0), py(l.values[0])));
        for (size_t i = 1; i < l.values.size() && i < n; ++i)
            path.lineTo(px(i), py(l.values[i]));
        p.setPen(QPen(l.colour, 2, l.dashed ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        p.setPen(Qt::NoPen);
        p.setBrush(l.colour);
        for (size_t i = 0; i < l.values.size() && i < n; ++i) {
            const QPointF c(px(i), py(l.values[i]));
            p.drawEllipse(c, 3.5, 3.5);
            m_hits.emplace_back(c, i < l.toolTips.size() ? l.toolTips[i] : QString());
        }
    }
}

QString SweepChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[c, text] : m_hits) {
        if (QLineF(c, pos).length() < 8)
            return text;
    }
    return {};
}

} // namespace unalloc::ui
