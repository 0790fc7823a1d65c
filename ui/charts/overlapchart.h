#pragma once

#include "chartcanvas.h"
#include "chartpaint.h"

#include <vector>

namespace unalloc::ui {

/// @brief Double counting per provider: the gateway's bar and the bill's bar share one
/// hatched block — the overlap, the same dollars in both ledgers — followed by the gateway's
/// excess and the bill's residual ("bypass"). The overlap total is written in the warning
/// colour next to the provider.
class OverlapChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Provider
    {
        QString label;                   ///< "OpenAI"
        QString headline;                ///< "$40.29 counted twice"
        QString coverageText;            ///< "gateway covers 98.8 % of the bill"
        QString gatewayLabel, billLabel; ///< "LiteLLM gateway", "OpenAI bill"
        double overlap = 0, residual = 0, excess = 0;
        QString overlapText, residualText, excessText; ///< for tooltips
        QString gatewayText, billText;                 ///< totals at the bar ends
    };

    explicit OverlapChart(QWidget *parent = nullptr);

    void setProviders(std::vector<Provider> providers,
                      std::vector<chartpaint::LegendItem> legend,
                      double maxValue);
    void setEmptyText(const QString &text);
    int providerCount() const { return static_cast<int>(m_providers.size()); }
    const Provider &provider(int i) const { return m_providers[static_cast<size_t>(i)]; }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QSize exportSize() const override;
    QString toolTipAt(const QPointF &pos) const override;

    /// Colours of the three parts (chosen from the theme).
    static QColor overlapColour(const Theme &theme) { return theme.critical; }
    static QColor residualColour(const Theme &theme) { return theme.ownerLabel; }
    static QColor excessColour(const Theme &theme) { return theme.fallback; }

private:
    void
    paintProvider(QPainter &p, const Provider &pr, const QRectF &block, double labelWidth) const;
    void paintBar(QPainter &p,
                  const QRectF &bar,
                  double first,
                  double second,
                  const QColor &secondColour,
                  const QString &firstTip,
                  const QString &secondTip) const;
    int heightFor(int providers) const;

    std::vector<Provider> m_providers;
    std::vector<chartpaint::LegendItem> m_legend;
    double m_max = 0;
    QString m_empty;
    mutable double m_span = 0;
    mutable std::vector<std::pair<QRectF, QString>> m_hits;
};

} // namespace unalloc::ui
