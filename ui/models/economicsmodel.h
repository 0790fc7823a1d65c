#pragma once

#include "rowtablemodel.h"

#include "core/analysis/economics.h"

#include <optional>
#include <vector>

namespace unalloc::ui {

/// @brief Feature economics as a table: per feature value (and the unattributed line, last)
/// the gateway requests, the dollars per 1,000 requests on the API bill, on the
/// infrastructure and together, the invisible share, and the dollars behind them.
///
/// Per-1k figures are core's (half-even, 4 places); a line without requests shows "—"
/// (exported as an empty cell).
class EconomicsModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column {
        Feature,
        Requests,
        ApiPerK,
        InfraPerK,
        TotalPerK,
        Invisible,
        Api,
        Infra,
        Total,
        ColumnCount
    };
    using RowTableModel::RowTableModel;

    /// The report's feature lines, then its unattributed line when it has cost or requests.
    void setReport(const core::EconomicsReport &report);
    const std::vector<core::EconomicsLine> &lines() const { return m_lines; }
    /// The line shown in model row `row` (the model's own order, not the sorted one).
    const core::EconomicsLine *lineAt(int row) const;
    /// "—" in a table: a per-1k figure for a line without requests, a share without cost.
    static QString none();
    /// Display/Raw/Export of a per-1k figure (4 places) or a share (1 place).
    static QVariant optionalCell(const std::optional<core::Decimal> &value,
                                 bool percent,
                                 const core::Currency &currency,
                                 const QLocale &locale,
                                 int role);

protected:
    int rows() const override { return static_cast<int>(m_lines.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    QString columnToolTip(int column) const override;
    bool isNumeric(int column) const override { return column != Feature; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<core::EconomicsLine> m_lines;
    core::Currency m_currency = core::Currency::usd();
};

} // namespace unalloc::ui
