#include "sharebarchart.h"

#include <QPainter>

namespace unalloc::ui {

ShareBarChart::ShareBarChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMinimumHeight(200);
}

void ShareBarChart::setParts(std::vector<Part> parts)
{
    m_parts = std::move(parts);
    update();
}

void ShareBarChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    const QRectF area = rect.adjusted(10, 10, -10, -8);
    const QRectF bar(area.left(), area.top(), area.width(), 22);
    double x = bar.left();
    for (const Part &part : m_parts) {
        const double w = part.fraction * bar.width();
        if (w <= 0)
            continue;
        const QRectF seg(x, bar.top(), w, bar.height());
        p.fillRect(seg, part.hatched ? theme().panel : part.colour);
        if (part.hatched) {
            p.fillRect(seg, QBrush(part.colour, Qt::BDiagPattern));
            p.setPen(QPen(part.colour, 1.2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(seg.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        m_hits.emplace_back(seg, part.label + QStringLiteral(": ") + part.valueText);
        x += w;
    }
    const QFontMetricsF fm(p.font());
    double y = bar.bottom() + 12;
    const double lineHeight = fm.height() + 8;
    for (const Part &part : m_parts) {
        const QRectF swatch(area.left(), y + (fm.height() - 12) / 2, 12, 12);
        p.setPen(QPen(part.colour, 1));
        p.setBrush(part.hatched ? QBrush(part.colour, Qt::BDiagPattern) : QBrush(part.colour));
        p.drawRect(swatch);
        QFont bold = p.font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(part.hatched ? part.colour : theme().text);
        const QFontMetricsF bfm(bold);
        p.drawText(QPointF(area.left() + 20, y + fm.ascent()), part.label);
        const double labelEnd = area.left() + 20 + bfm.horizontalAdvance(part.label);
        bold.setBold(false);
        p.setFont(bold);
        Q_UNUSED(labelEnd);
        p.setPen(theme().text);
        p.drawText(QRectF(area.left() + 20, y, area.width() - 20, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, part.valueText);
        p.setPen(theme().mutedText);
        p.drawText(QRectF(area.left() + 20, y + fm.height(), area.width() - 20, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(part.description, Qt::ElideRight, area.width() - 20));
        y += lineHeight + fm.height();
    }
}

QString ShareBarChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[r, text] : m_hits) {
        if (r.contains(pos))
            return text;
    }
    return {};
}

} // namespace unalloc::ui
