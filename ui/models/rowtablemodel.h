#pragma once

#include "roles.h"

#include <QAbstractTableModel>
#include <QLocale>

#include <algorithm>
#include <vector>

namespace unalloc::ui {

/// @brief Shared plumbing for the explorer's snapshot tables: each subclass declares its
/// Column enum, names the columns and answers one cell; this base handles counts, headers,
/// number alignment, the Export role fallback and sorting.
///
/// sort() orders the rows by RawRole (exact decimals through core, numbers numerically, text
/// by the locale's collation, ties in model order) without a proxy, so that a table of a
/// million rows costs nothing to refill until someone sorts it; column -1 restores the
/// model's own order. The order survives new rows. Exports read the rows as shown.
///
/// A table of millions of rows can be paged (setPageRows): rowCount() then counts the rows
/// handed to the view so far, a page at first and a page more each time the view scrolls to
/// the end (fetchMore), because a view's header keeps a record per row it has been given (134
/// MB for the ten million unowned objects of a backlog). Sorting orders every row, and exports
/// read every row (allRows, exportData), handed over or not.
class RowTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit RowTableModel(const QLocale &locale, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;

    /// Rows handed to the view at first and added per fetchMore(); 0 (the default) hands every
    /// row at once.
    void setPageRows(int rows);
    /// Every row of the table, handed to the view yet or not (rowCount() counts the handed).
    int allRows() const { return rows(); }
    /// What data() answers for shown row `row` of allRows(), handed to the view yet or not.
    QVariant exportData(int row, int column, int role) const;
    /// Hands the view every row up to shown row `row` (a paged table; no-op otherwise).
    void handThrough(int row);

    void setLocale(const QLocale &locale);
    /// Where model row `modelRow` is shown under the current sort order (-1: no such row).
    int shownRow(int modelRow) const;
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
        sortRows();
        m_handed = m_pageRows;
        endResetModel();
    }

private:
    /// Model row of a shown row.
    int modelRow(int shownRow) const
    {
        return m_order.empty() ? shownRow : m_order[static_cast<size_t>(shownRow)];
    }
    /// Recomputes m_order for m_sortColumn (no signals).
    void sortRows();
    /// Rows the view has: all, or as many pages as it fetched.
    int handedRows() const { return m_pageRows > 0 ? std::min(rows(), m_handed) : rows(); }

    QLocale m_locale;
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    std::vector<int> m_order; ///< shown row → model row; empty = model order
    int m_pageRows = 0;       ///< setPageRows(); 0 = not paged
    int m_handed = 0;         ///< rows handed to the view while paged (may exceed rows())
};

} // namespace unalloc::ui
