#include "hbarchart.h"

#include "chartpaint.h"

#include <QPainter>

#include <algorithm>

namespace unalloc::ui {

namespace {
constexpr double kRowHeight = 26;
constexpr double kBarHeight = 16;
constexpr double kLegendHeight = 24;
} // namespace

HBarChart::HBarChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void HBarChart::setRows(std::vector<Row> rows, std::vector<LegendEntry> legend, double maxValue)
{
    m_rows = std::move(rows);
    m_legend = std::move(legend);
    m_max = maxValue;
    updateGeometry();
    update();
}

void HBarChart::setEmptyText(const QString &text)
{
    m_empty = text;
    update();
}

int HBarChart::legendLines(double width) const
{
    // The legend wraps instead of running off the right edge ("no owner (hatched)" was cut).
    const QFontMetricsF fm(font());
    int lines = m_legend.empty() ? 0 : 1;
    double x = 0;
    for (const LegendEntry &e : m_legend) {
        const double w = 17 + fm.horizontalAdvance(e.text) + 16;
        if (x > 0 && x + w > width) {
            ++lines;
            x = 0;
        }
        x += w;
    }
    return lines;
}

int HBarChart::heightFor(double width) const
{
    return static_cast<int>(kLegendHeight * std::max(1, legendLines(width - 16)) + 16 +
                            kRowHeight * static_cast<double>(std::max<size_t>(m_rows.size(), 2)));
}

QSize HBarChart::sizeHint() const
{
    return {640, heightFor(width() > 0 ? width() : 640)};
}

QSize HBarChart::minimumSizeHint() const
{
    return {280, heightFor(width() > 0 ? width() : 280)};
}

QSize HBarChart::exportSize() const
{
    // The page is as tall as the bars need: a four-owner chart is no strip in an empty page.
    constexpr int kWidth = 1100;
    return {kWidth, std::max(160, heightFor(kWidth) + 16)};
}

void HBarChart::resizeEvent(QResizeEvent *event)
{
    ChartCanvas::resizeEvent(event);
    updateGeometry();
}

double HBarChart::paintLegend(QPainter &p, const QRectF &rect) const
{
    double x = rect.left();
    double y = rect.top();
    const QFontMetricsF fm(p.font());
    m_swatches.clear();
    for (const LegendEntry &e : m_legend) {
        const double w = 17 + fm.horizontalAdvance(e.text) + 16;
        if (x > rect.left() && x + w > rect.right()) {
            x = rect.left();
            y += kLegendHeight;
        }
        const QRectF swatch(x, y + 6, 12, 12);
        m_swatches.push_back(swatch);
        if (e.hatched) {
            chartpaint::unallocatedSegment(p, swatch, theme().panel, theme());
        } else {
            p.setPen(Qt::NoPen);
            p.setBrush(e.colour);
            p.drawRect(swatch);
        }
        p.setPen(theme().text);
        p.drawText(QPointF(x + 17, y + 6 + fm.ascent() - 1), e.text);
        x += w;
    }
    return y - rect.top() + kLegendHeight;
}

void HBarChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    if (m_rows.empty()) {
        p.setPen(theme().mutedText);
        p.drawText(rect.adjusted(16, 8, -16, -8), Qt::AlignCenter | Qt::TextWordWrap, m_empty);
        return;
    }
    const QRectF area = rect.adjusted(8, 4, -8, -4);
    const double top = area.top() + paintLegend(p, area) + 6;
    QFont boldFont = p.font();
    boldFont.setBold(true);
    const QFontMetricsF fm(boldFont); // widths measured bold: the <unallocated> row is bold
    double labelWidth = 60, valueWidth = 60;
    for (const Row &r : m_rows) {
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(r.label) + 12);
        valueWidth = std::max(valueWidth, fm.horizontalAdvance(r.valueText) + 12);
    }
    labelWidth = std::min(labelWidth, area.width() * 0.32);
    const double barLeft = area.left() + labelWidth;
    const double barSpan = std::max(20.0, area.width() - labelWidth - valueWidth);
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const Row &r = m_rows[i];
        const double y = top + static_cast<double>(i) * kRowHeight;
        const QRectF labelRect(area.left(), y, labelWidth - 8, kRowHeight);
        QFont f = p.font();
        f.setBold(r.attention);
        f.setItalic(r.muted);
        p.setFont(f);
        p.setPen(r.attention ? theme().unallocated : (r.muted ? theme().mutedText : theme().text));
        p.drawText(labelRect, Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(r.label, Qt::ElideMiddle, labelRect.width()));
        double x = barLeft;
        const double barTop = y + (kRowHeight - kBarHeight) / 2;
        for (const Segment &s : r.segments) {
            const double w = m_max > 0 ? s.value / m_max * barSpan : 0;
            if (w <= 0)
                continue;
            const QRectF seg(x, barTop, w, kBarHeight);
            if (r.attention)
                chartpaint::unallocatedSegment(p, seg, s.colour, theme());
            else
                p.fillRect(seg, s.colour);
            m_hits.push_back({seg, s.toolTip});
            x += w;
        }
        p.setPen(r.attention ? theme().unallocated : theme().text);
        p.drawText(QRectF(x + 6, y, valueWidth + barSpan, kRowHeight),
                   Qt::AlignLeft | Qt::AlignVCenter, r.valueText);
        f.setBold(false);
        f.setItalic(false);
        p.setFont(f);
    }
}

QRectF HBarChart::segmentRect(const QString &toolTip) const
{
    for (const Hit &h : m_hits)
        if (h.text == toolTip)
            return h.rect;
    return {};
}

QRectF HBarChart::legendSwatch(int i) const
{
    return i >= 0 && i < int(m_swatches.size()) ? m_swatches[size_t(i)] : QRectF();
}

QString HBarChart::toolTipAt(const QPointF &pos) const
{
    for (const Hit &h : m_hits) {
        if (h.rect.contains(pos))
            return h.text;
    }
    return {};
}

} // namespace unalloc::ui
