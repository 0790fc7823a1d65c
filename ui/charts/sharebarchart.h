#pragma once

#include "chartcanvas.h"

#include <vector>

namespace unalloc::ui {

/// @brief One 100% bar split into parts with a legend line per part — "How rows resolved":
/// owner label / fallback / no owner, each with its amount and share.
class ShareBarChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Part
    {
        QString label;       ///< "Owner label (team)"
        QString description; ///< "rows carrying team directly"
        QString valueText;   ///< "$17,647.24 · 26.5 %"
        double fraction = 0; ///< 0..1, geometry only
        QColor colour;
        bool hatched = false;
    };
    explicit ShareBarChart(QWidget *parent = nullptr);

    void setParts(std::vector<Part> parts);
    const std::vector<Part> &parts() const { return m_parts; }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override { return {560, 200}; }
    QSize minimumSizeHint() const override { return {280, 200}; }
    QSize exportSize() const override { return {1000, 230}; }
    QString toolTipAt(const QPointF &pos) const override;

private:
    std::vector<Part> m_parts;
    mutable std::vector<std::pair<QRectF, QString>> m_hits;
};

} // namespace unalloc::ui
