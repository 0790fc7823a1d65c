#pragma once

#include "rowtablemodel.h"

#include "core/valuealiases.h"

namespace unalloc::ui {

/// @brief The ledger's label value aliases with the dollars each moves in the period shown.
class ValueAliasModel final : public RowTableModel
{
    Q_OBJECT
public:
    enum Column { Key, Value, Target, Rows, Moved, ColumnCount };
    using RowTableModel::RowTableModel;

    void setAliases(std::vector<core::AliasTotal> aliases);
    const std::vector<core::AliasTotal> &aliases() const { return m_aliases; }

protected:
    int rows() const override { return static_cast<int>(m_aliases.size()); }
    int columns() const override { return ColumnCount; }
    QString columnTitle(int column) const override;
    bool isNumeric(int column) const override { return column == Rows || column == Moved; }
    QVariant cell(int row, int column, int role) const override;

private:
    std::vector<core::AliasTotal> m_aliases;
};

} // namespace unalloc::ui
