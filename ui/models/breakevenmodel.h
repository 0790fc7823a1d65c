#pragma once

#include "rowtablemodel.h"

#include "core/analysis/breakevensnapshot.h"

#include <memory>

namespace unalloc::ui {

using BreakevenPtr = std::shared_ptr<const core::BreakevenSnapshot>;

/// @brief The break-even panel's tiers as a table: prices, the rate above which the GPU
/// pays, and the lowest ratio of the curve (its saturated floor).
class BreakevenModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { Tier, BreakevenRate, Floor, Input, Cached, Output, ColumnCount };
    using RowTableModel::RowTableModel;

    void setSnapshot(BreakevenPtr snapshot);
    const BreakevenPtr &snapshot() const { return m_snapshot; }

protected:
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column != Tier; }
    QVariant cell(int row, int column, int role) const override;

private:
    BreakevenPtr m_snapshot;
};

/// @brief The ledger's pods on the break-even curves: each pod's measured rate and, per
/// tier, what its traffic costs self-hosted against the API and the ratio of the two.
class PodStandingModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { Pod, Requests, Rate, Tier, SelfHosted, ApiCost, Ratio, Verdict, ColumnCount };
    using RowTableModel::RowTableModel;

    void setSnapshot(BreakevenPtr snapshot);

protected:
    int rows() const override;
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override
    {
        return column != Pod && column != Tier && column != Verdict;
    }
    QVariant cell(int row, int column, int role) const override;

private:
    BreakevenPtr m_snapshot;
    size_t m_tiers = 0;
};

/// A ratio or rate (a display double from core), fixed places.
QVariant ratioCell(double value, int places, const QLocale &locale, int role);

} // namespace unalloc::ui
