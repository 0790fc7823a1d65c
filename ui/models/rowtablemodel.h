#pragma once

#include "roles.h"

#include <QAbstractTableModel>
#include <QLocale>

namespace unalloc::ui {

/// @brief Shared plumbing for the explorer's snapshot tables: each subclass declares its
/// Column enum, names the columns and answers one cell; this base handles counts, headers,
/// number alignment and the Export role fallback.
class RowTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit RowTableModel(const QLocale &locale, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    void setLocale(const QLocale &locale);
    const QLocale &locale() const { return m_locale; }

protected:
    virtual int rows() const = 0;
    virtual int columns() const = 0;
    virtual QString columnTitle(int column) const = 0;
    virtual QString columnToolTip(int column) const;
    /// True for columns holding amounts, counts or percentages (right-aligned).
    virtual bool isNumeric(int column) const = 0;
    virtual QVariant cell(int row, int column, int role) const = 0;
    /// Resets the view around a change of the underlying rows.
    template<class F> void replaceRows(F &&assign)
    {
        beginResetModel();
        assign();
        endResetModel();
    }

private:
    QLocale m_locale;
};

} // namespace unalloc::ui
