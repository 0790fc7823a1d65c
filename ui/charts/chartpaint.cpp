#include "chartpaint.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

namespace unalloc::ui::chartpaint {

namespace {
constexpr double kSwatch = 12;
constexpr double kGap = 16;
constexpr double kLine = 22;

double itemWidth(const QFontMetricsF &fm, const LegendItem &item)
{
    return kSwatch + 5 + fm.horizontalAdvance(item.text) + kGap;
}
} // namespace

double legendHeight(const QFontMetricsF &fm, double width, const std::vector<LegendItem> &items)
{
    double x = 0;
    double height = items.empty() ? 0 : kLine;
    for (const LegendItem &item : items) {
        const double w = itemWidth(fm, item);
        if (x > 0 && x + w > width) {
            x = 0;
            height += kLine;
        }
        x += w;
    }
    return height;
}

double
legend(QPainter &p, const QRectF &rect, const std::vector<LegendItem> &items, const Theme &theme)
{
    const QFontMetricsF fm(p.font());
    double x = rect.left();
    double y = rect.top();
    for (const LegendItem &item : items) {
        const double w = itemWidth(fm, item);
        if (x > rect.left() && x + w > rect.right()) {
            x = rect.left();
            y += kLine;
        }
        const QRectF swatch(x, y + (kLine - kSwatch) / 2, kSwatch, kSwatch);
        segment(p, swatch, item.colour, item.hatched, item.outlined, theme);
        p.setPen(theme.text);
        p.drawText(QRectF(x + kSwatch + 5, y, w, kLine), Qt::AlignLeft | Qt::AlignVCenter,
                   item.text);
        x += w;
    }
    return items.empty() ? 0 : y - rect.top() + kLine;
}

void unallocatedSegment(QPainter &p, const QRectF &rect, const QColor &base, const Theme &theme)
{
    p.save();
    p.fillRect(rect, base);
    p.fillRect(rect, theme.unallocatedBrush());
    p.setPen(QPen(theme.unallocated, 1.2));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    p.restore();
}

std::vector<QRectF> placePointLabels(const std::vector<QPointF> &anchors,
                                     const std::vector<QSizeF> &sizes,
                                     const std::vector<QRectF> &obstacles,
                                     const QRectF &bounds)
{
    constexpr double kOffset = 6;
    std::vector<QRectF> placed(anchors.size());
    std::vector<QRectF> taken = obstacles;
    for (size_t k = anchors.size(); k-- > 0;) {
        const QPointF a = anchors[k];
        const QSizeF s = sizes[k];
        const QRectF candidates[] = {
            QRectF(QPointF(a.x() + kOffset, a.y() - kOffset - s.height()), s),
            QRectF(QPointF(a.x() + kOffset, a.y() + kOffset), s),
            QRectF(QPointF(a.x() - kOffset - s.width(), a.y() - kOffset - s.height()), s),
            QRectF(QPointF(a.x() - kOffset - s.width(), a.y() + kOffset), s),
        };
        for (const QRectF &c : candidates) {
            if (!bounds.contains(c))
                continue;
            const bool clash = std::any_of(taken.begin(), taken.end(),
                                           [&c](const QRectF &t) { return t.intersects(c); });
            if (clash)
                continue;
            placed[k] = c;
            taken.push_back(c);
            break;
        }
    }
    return placed;
}

void segment(QPainter &p,
             const QRectF &rect,
             const QColor &colour,
             bool hatched,
             bool outlined,
             const Theme &theme)
{
    p.save();
    if (hatched) {
        QColor tint = colour;
        tint.setAlphaF(theme.dark ? 0.30 : 0.16);
        p.fillRect(rect, theme.panel);
        p.fillRect(rect, tint);
        p.fillRect(rect, QBrush(colour, Qt::BDiagPattern));
        p.setPen(QPen(colour, 1.4));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect.adjusted(0.7, 0.7, -0.7, -0.7));
    } else if (outlined) {
        p.setPen(QPen(colour, 1.6));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect.adjusted(0.8, 0.8, -0.8, -0.8));
    } else {
        p.fillRect(rect, colour);
    }
    p.restore();
}

double pill(QPainter &p,
            const QPointF &topLeft,
            double height,
            const QString &text,
            const QColor &colour,
            const Theme &theme)
{
    p.save();
    QFont bold = p.font();
    bold.setBold(true);
    p.setFont(bold);
    const QFontMetricsF fm(bold);
    const QRectF r(topLeft, QSizeF(fm.horizontalAdvance(text) + 16, height));
    QColor fill = colour;
    fill.setAlphaF(theme.dark ? 0.28 : 0.14);
    p.setPen(QPen(colour, 1.2));
    p.setBrush(fill);
    p.drawRoundedRect(r.adjusted(0.6, 0.6, -0.6, -0.6), height / 2, height / 2);
    p.setPen(colour);
    p.drawText(r, Qt::AlignCenter, text);
    p.restore();
    return r.width();
}

} // namespace unalloc::ui::chartpaint
