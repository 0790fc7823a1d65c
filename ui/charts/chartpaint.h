#pragma once

#include "ui/theme.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <vector>

class QFontMetricsF;
class QPainter;

namespace unalloc::ui::chartpaint {

/// One legend swatch with its text.
struct LegendItem
{
    QString text;
    QColor colour;
    bool hatched = false;
    bool outlined = false; ///< drawn as an empty box (e.g. an invoice outline)
};

/// Paints the legend left to right, wrapping; returns the height used.
double
legend(QPainter &p, const QRectF &rect, const std::vector<LegendItem> &items, const Theme &theme);
/// The height legend() needs at `width`.
double legendHeight(const QFontMetricsF &fm, double width, const std::vector<LegendItem> &items);
/// A bar segment: solid, hatched over a light tint (with an outline), or an outline only.
void segment(QPainter &p,
             const QRectF &rect,
             const QColor &colour,
             bool hatched,
             bool outlined,
             const Theme &theme);
/// A rounded status pill with centred text; returns its width.
double pill(QPainter &p,
            const QPointF &topLeft,
            double height,
            const QString &text,
            const QColor &colour,
            const Theme &theme);

} // namespace unalloc::ui::chartpaint
