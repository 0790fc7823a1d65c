#include "reconbarchart.h"

#include <QPainter>

#include <algorithm>

namespace unalloc::ui {

namespace {
constexpr double kHeader = 20;
constexpr double kBarHeight = 14;
constexpr double kRowHeight = 4 + kHeader + 5 + 2 * kBarHeight + 4 + 9;
constexpr double kIndent = 12;
constexpr double kLegendHeight = 30;
} // namespace

ReconBarChart::ReconBarChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void ReconBarChart::setLines(std::vector<Line> lines,
                             std::vector<chartpaint::LegendItem> legend,
                             double maxValue)
{
    m_lines = std::move(lines);
    m_legend = std::move(legend);
    m_max = maxValue;
    updateGeometry();
    update();
}

void ReconBarChart::setEmptyText(const QString &text)
{
    m_empty = text;
    update();
}

int ReconBarChart::heightFor(int lines) const
{
    return static_cast<int>(kLegendHeight + 12 + kRowHeight * std::max(lines, 2));
}

QSize ReconBarChart::sizeHint() const
{
    return {640, heightFor(lineCount())};
}

QSize ReconBarChart::minimumSizeHint() const
{
    return {460, heightFor(lineCount())};
}

QSize ReconBarChart::exportSize() const
{
    return {1100, heightFor(lineCount()) + 20};
}

void ReconBarChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    if (m_lines.empty()) {
        p.setPen(theme().mutedText);
        p.drawText(rect, Qt::AlignCenter | Qt::TextWordWrap, m_empty);
        return;
    }
    const QRectF area = rect.adjusted(10, 6, -10, -6);
    const double top = area.top() + chartpaint::legend(p, area, m_legend, theme()) + 6;
    const QFontMetricsF fm(p.font());
    double valueWidth = 60, coverageWidth = 0;
    for (const Line &l : m_lines) {
        valueWidth = std::max({valueWidth, fm.horizontalAdvance(l.ledgerText) + 12,
                               fm.horizontalAdvance(l.invoiceText) + 12});
        coverageWidth = std::max(coverageWidth, fm.horizontalAdvance(l.coverageText) + 12);
    }
    const double span = std::max(40.0, area.width() - kIndent - valueWidth - coverageWidth);
    for (size_t i = 0; i < m_lines.size(); ++i) {
        const QRectF row(area.left(), top + static_cast<double>(i) * kRowHeight, area.width(),
                         kRowHeight);
        if (i > 0) {
            p.setPen(QPen(theme().grid, 1));
            p.drawLine(row.topLeft(), row.topRight());
        }
        paintLine(p, m_lines[i], row, span);
    }
}

void ReconBarChart::paintLine(QPainter &p, const Line &l, const QRectF &row, double span) const
{
    const QFont normal = p.font();
    const QFontMetricsF fm(normal);
    QFont bold = normal;
    bold.setBold(true);
    const QFontMetricsF bfm(bold);
    // Header: provider and billing period on the left; delta and status pill on the right.
    const QRectF header(row.left(), row.top() + 4, row.width(), kHeader);
    const double deltaWidth = fm.horizontalAdvance(l.deltaText) + 4;
    p.setPen(l.statusColour);
    p.drawText(header, Qt::AlignRight | Qt::AlignVCenter, l.deltaText);
    const double pillWidth = bfm.horizontalAdvance(l.status) + 16;
    const QPointF pillAt(header.right() - deltaWidth - 8 - pillWidth, header.top());
    chartpaint::pill(p, pillAt, kHeader, l.status, l.statusColour, theme());
    m_hits.emplace_back(QRectF(pillAt, QSizeF(pillWidth + 8 + deltaWidth, kHeader)),
                        l.label + QStringLiteral(": ") + l.status + QStringLiteral(" · ") +
                            l.deltaText);
    p.setFont(bold);
    p.setPen(theme().text);
    p.drawText(header, Qt::AlignLeft | Qt::AlignVCenter, l.label);
    p.setFont(normal);
    p.setPen(theme().mutedText);
    const double periodLeft = header.left() + bfm.horizontalAdvance(l.label) + 10;
    const double periodWidth = std::max(0.0, pillAt.x() - periodLeft - 8);
    p.drawText(QRectF(periodLeft, header.top(), periodWidth, kHeader),
               Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(l.period, Qt::ElideRight, periodWidth));

    // Ledger over invoice on one scale, each with its amount at its end; coverage right.
    const auto width = [&](double v) {
        return m_max > 0 ? std::max(0.0, v) / m_max * span : 0;
    };
    const double barLeft = row.left() + kIndent;
    const QRectF ledgerBar(barLeft, header.bottom() + 5, width(l.ledger), kBarHeight);
    chartpaint::segment(p, ledgerBar, l.ledgerColour, false, false, theme());
    m_hits.emplace_back(ledgerBar, l.label + QStringLiteral(" · ") + l.ledgerText);
    const QRectF invoiceBar(barLeft, ledgerBar.bottom() + 4,
                            l.invoice ? std::max(2.0, width(*l.invoice)) : 0, kBarHeight);
    if (l.invoice) {
        chartpaint::segment(p, invoiceBar, theme().text, false, true, theme());
        m_hits.emplace_back(invoiceBar, l.label + QStringLiteral(" · ") + l.invoiceText);
    }
    const auto value = [&](const QRectF &bar, const QString &text, const QColor &colour) {
        p.setPen(colour);
        p.drawText(
            QRectF(bar.right() + 6, bar.top() - 3, row.right() - bar.right() - 6, bar.height() + 6),
            Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    value(ledgerBar, l.ledgerText, theme().text);
    value(invoiceBar, l.invoiceText, l.invoice ? theme().text : theme().mutedText);
    p.setPen(theme().mutedText);
    const double barsHeight = invoiceBar.bottom() - ledgerBar.top();
    p.drawText(QRectF(row.left(), ledgerBar.top(), row.width(), barsHeight),
               Qt::AlignRight | Qt::AlignVCenter, l.coverageText);
}

QString ReconBarChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[r, text] : m_hits) {
        if (r.contains(pos))
            return text;
    }
    return {};
}

} // namespace unalloc::ui
