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
/// Spend with no owner, in its source's colour: the segment keeps `base` (a source colour;
/// the panel colour for the legend swatch) with the theme's unallocated hatch over it and an
/// unallocated outline. The bar and the legend's swatch are painted by this one function, so
/// the hatch and outline match exactly and the source stays recognisable under them.
void unallocatedSegment(QPainter &p, const QRectF &rect, const QColor &base, const Theme &theme);
/// Places point labels (sizes `sizes`, anchored at `anchors`) so that none overlaps another,
/// an obstacle (a target line's band, its label) or leaves `bounds`: each label tries right
/// above its point, right below, left above, left below; one that fits nowhere gets an empty
/// rectangle (its point keeps its tool tip). Later labels have priority (the latest point).
std::vector<QRectF> placePointLabels(const std::vector<QPointF> &anchors,
                                     const std::vector<QSizeF> &sizes,
                                     const std::vector<QRectF> &obstacles,
                                     const QRectF &bounds);
/// A rounded status pill with centred text; returns its width.
double pill(QPainter &p,
            const QPointF &topLeft,
            double height,
            const QString &text,
            const QColor &colour,
            const Theme &theme);

} // namespace unalloc::ui::chartpaint
