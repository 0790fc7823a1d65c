#pragma once

#include "chartcanvas.h"
#include "chartpaint.h"

#include <optional>
#include <vector>

namespace unalloc::ui {

/// @brief Ledger vs invoice per provider and billing period: a solid ledger bar over an
/// outlined invoice bar on one scale, with the status pill, the delta and the coverage.
/// Every number is computed by core; doubles here only place pixels.
class ReconBarChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Line
    {
        QString label;  ///< provider
        QString period; ///< billing period, muted under the label
        double ledger = 0;
        std::optional<double> invoice;
        QString ledgerText, invoiceText;
        QColor ledgerColour;
        QString status; ///< "matched", "under", …
        QColor statusColour;
        QString deltaText; ///< "−$381.44 · −8.6 %"
        QString coverageText;
    };

    explicit ReconBarChart(QWidget *parent = nullptr);

    void
    setLines(std::vector<Line> lines, std::vector<chartpaint::LegendItem> legend, double maxValue);
    void setEmptyText(const QString &text);
    int lineCount() const { return static_cast<int>(m_lines.size()); }
    const Line &line(int i) const { return m_lines[static_cast<size_t>(i)]; }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QSize exportSize() const override;
    QString toolTipAt(const QPointF &pos) const override;

private:
    void paintLine(QPainter &p, const Line &l, const QRectF &row, double span) const;
    int heightFor(int lines) const;

    std::vector<Line> m_lines;
    std::vector<chartpaint::LegendItem> m_legend;
    double m_max = 0;
    QString m_empty;
    mutable std::vector<std::pair<QRectF, QString>> m_hits;
};

} // namespace unalloc::ui
