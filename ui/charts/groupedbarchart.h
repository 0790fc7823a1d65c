#pragma once

#include "chartcanvas.h"

#include <vector>

namespace unalloc::ui {

/// @brief Vertical bars grouped by category, one bar per series: "share of the pod by tenant
/// under each meter". A hatched group (the kept overhead) is set apart. Values are percentages
/// computed by core; doubles here only place pixels.
class GroupedBarChart final : public ChartCanvas
{
    Q_OBJECT
public:
    struct Series
    {
        QString name;
        QColor colour;
    };
    struct Bar
    {
        double value = 0; ///< percent, geometry only
        QString label;    ///< "16.7" (drawn above the bar when it fits)
        QString toolTip;
    };
    struct Group
    {
        QString label;
        std::vector<Bar> bars; ///< one per series
        bool hatched = false;
    };

    explicit GroupedBarChart(QWidget *parent = nullptr);

    void setData(std::vector<Series> series, std::vector<Group> groups, const QString &yTitle);
    void setEmptyText(const QString &text);
    int groupCount() const { return static_cast<int>(m_groups.size()); }
    const Group &group(int i) const { return m_groups[static_cast<size_t>(i)]; }

    void paintChart(QPainter &painter, const QRectF &rect) const override;
    QSize sizeHint() const override { return {640, 340}; }
    QSize minimumSizeHint() const override { return {420, 300}; }
    QSize exportSize() const override { return {1100, 520}; }
    QString toolTipAt(const QPointF &pos) const override;

private:
    std::vector<Series> m_series;
    std::vector<Group> m_groups;
    QString m_yTitle;
    QString m_empty;
    mutable std::vector<std::pair<QRectF, QString>> m_hits;
};

} // namespace unalloc::ui
