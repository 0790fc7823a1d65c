#include "overlapchart.h"

#include <QPainter>

#include <algorithm>

namespace unalloc::ui {

namespace {
constexpr double kHeader = 24;
constexpr double kBar = 16;
constexpr double kBarGap = 6;
constexpr double kBlock = kHeader + 2 * kBar + kBarGap + 18;
constexpr double kLegend = 66; // up to three legend lines in a narrow panel
} // namespace

OverlapChart::OverlapChart(QWidget *parent)
    : ChartCanvas(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

void OverlapChart::setProviders(std::vector<Provider> providers,
                                std::vector<chartpaint::LegendItem> legend,
                                double maxValue)
{
    m_providers = std::move(providers);
    m_legend = std::move(legend);
    m_max = maxValue;
    updateGeometry();
    update();
}

void OverlapChart::setEmptyText(const QString &text)
{
    m_empty = text;
    update();
}

int OverlapChart::heightFor(int providers) const
{
    return static_cast<int>(kLegend + 8 + kBlock * std::max(providers, 1));
}

QSize OverlapChart::sizeHint() const
{
    return {560, std::max(heightFor(providerCount()), 150)};
}

QSize OverlapChart::minimumSizeHint() const
{
    return {420, std::max(heightFor(providerCount()), 150)};
}

QSize OverlapChart::exportSize() const
{
    return {1000, heightFor(providerCount()) + 16};
}

void OverlapChart::paintChart(QPainter &p, const QRectF &rect) const
{
    m_hits.clear();
    p.fillRect(rect, theme().panel);
    if (m_providers.empty()) {
        p.setPen(theme().mutedText);
        p.drawText(rect.adjusted(16, 8, -16, -8), Qt::AlignCenter | Qt::TextWordWrap, m_empty);
        return;
    }
    const QRectF area = rect.adjusted(10, 6, -10, -6);
    const double top = area.top() + chartpaint::legend(p, area, m_legend, theme()) + 8;
    const QFontMetricsF fm(p.font());
    double labelWidth = 80, valueWidth = 60;
    for (const Provider &pr : m_providers) {
        labelWidth = std::max({labelWidth, fm.horizontalAdvance(pr.gatewayLabel) + 14,
                               fm.horizontalAdvance(pr.billLabel) + 14});
        valueWidth = std::max({valueWidth, fm.horizontalAdvance(pr.gatewayText) + 12,
                               fm.horizontalAdvance(pr.billText) + 12});
    }
    labelWidth = std::min(labelWidth, area.width() * 0.3);
    m_span = std::max(20.0, area.width() - labelWidth - valueWidth);
    for (size_t i = 0; i < m_providers.size(); ++i) {
        const double y = top + static_cast<double>(i) * kBlock;
        const QRectF block(area.left(), y, area.width(), kBlock);
        paintProvider(p, m_providers[i], block, labelWidth);
    }
}

void OverlapChart::paintProvider(QPainter &p,
                                 const Provider &pr,
                                 const QRectF &block,
                                 double labelWidth) const
{
    const QFont normal = p.font();
    QFont bold = normal;
    bold.setBold(true);
    const QFontMetricsF bfm(bold);
    // Header: provider, the dollars counted twice (warning colour), coverage.
    p.setFont(bold);
    p.setPen(theme().text);
    p.drawText(QRectF(block.left(), block.top(), block.width(), kHeader),
               Qt::AlignLeft | Qt::AlignVCenter, pr.label);
    double x = block.left() + bfm.horizontalAdvance(pr.label) + 12;
    p.setPen(overlapColour(theme()));
    p.drawText(QRectF(x, block.top(), block.right() - x, kHeader), Qt::AlignLeft | Qt::AlignVCenter,
               pr.headline);
    x += bfm.horizontalAdvance(pr.headline) + 12;
    p.setFont(normal);
    p.setPen(theme().mutedText);
    const QFontMetricsF fm(normal);
    p.drawText(QRectF(x, block.top(), block.right() - x, kHeader), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(pr.coverageText, Qt::ElideRight, std::max(0.0, block.right() - x)));

    const double barLeft = block.left() + labelWidth;
    const QRectF gatewayBar(barLeft, block.top() + kHeader + 2, m_span, kBar);
    const QRectF billBar(barLeft, gatewayBar.bottom() + kBarGap, m_span, kBar);
    const auto label = [&](const QRectF &bar, const QString &text) {
        p.setPen(theme().text);
        p.drawText(QRectF(block.left(), bar.top() - 2, labelWidth - 10, bar.height() + 4),
                   Qt::AlignRight | Qt::AlignVCenter,
                   fm.elidedText(text, Qt::ElideRight, labelWidth - 10));
    };
    label(gatewayBar, pr.gatewayLabel);
    label(billBar, pr.billLabel);
    paintBar(p, gatewayBar, pr.overlap, pr.excess, excessColour(theme()),
             pr.gatewayLabel + QStringLiteral(" · ") + pr.overlapText,
             pr.gatewayLabel + QStringLiteral(" · ") + pr.excessText);
    paintBar(p, billBar, pr.overlap, pr.residual, residualColour(theme()),
             pr.billLabel + QStringLiteral(" · ") + pr.overlapText,
             pr.billLabel + QStringLiteral(" · ") + pr.residualText);
    const auto value = [&](const QRectF &bar, double total, const QString &text) {
        const double end = bar.left() + (m_max > 0 ? total / m_max * m_span : 0);
        p.setPen(theme().text);
        p.drawText(QRectF(end + 6, bar.top() - 3, block.right() - end - 6, bar.height() + 6),
                   Qt::AlignLeft | Qt::AlignVCenter, text);
    };
    value(gatewayBar, pr.overlap + pr.excess, pr.gatewayText);
    value(billBar, pr.overlap + pr.residual, pr.billText);
}

void OverlapChart::paintBar(QPainter &p,
                            const QRectF &bar,
                            double first,
                            double second,
                            const QColor &secondColour,
                            const QString &firstTip,
                            const QString &secondTip) const
{
    const auto w = [&](double v) {
        return m_max > 0 ? std::max(0.0, v) / m_max * m_span : 0;
    };
    const QRectF a(bar.left(), bar.top(), w(first), bar.height());
    const QRectF b(a.right(), bar.top(), w(second), bar.height());
    if (a.width() > 0) {
        chartpaint::segment(p, a, overlapColour(theme()), true, false, theme());
        m_hits.emplace_back(a, firstTip);
    }
    if (b.width() > 0) {
        chartpaint::segment(p, b, secondColour, false, false, theme());
        m_hits.emplace_back(b, secondTip);
    }
}

QString OverlapChart::toolTipAt(const QPointF &pos) const
{
    for (const auto &[r, text] : m_hits) {
        if (r.contains(pos))
            return text;
    }
    return {};
}

} // namespace unalloc::ui
