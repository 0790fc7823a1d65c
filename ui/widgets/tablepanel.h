#pragma once

#include "panel.h"

#include <functional>

class QAbstractItemModel;
class QAbstractItemView;

namespace unalloc::ui {

/// @brief A panel showing one table or tree; exports it as CSV (exact decimals) or copies it.
class TablePanel final : public Panel
{
    Q_OBJECT
public:
    /// `view` shows `model` (possibly through a proxy); exports read `model` itself.
    TablePanel(const QString &title,
               QAbstractItemView *view,
               QAbstractItemModel *model,
               const ExportHost &host,
               QWidget *parent = nullptr);

    QAbstractItemView *view() const { return m_view; }
    bool exportTo(const QString &path, QString *error = nullptr) const;
    void copyToClipboard() const;
    /// Runs before every export and copy: a view that fills its hidden tables only when shown
    /// brings `model` up to date here.
    void setBeforeExport(std::function<void()> bringUpToDate)
    {
        m_beforeExport = std::move(bringUpToDate);
    }

private:
    void exportCsv();

    QAbstractItemView *m_view;
    QAbstractItemModel *m_model;
    std::function<void()> m_beforeExport;
};

/// Common setup of the explorer's table views: sortable, alternating rows, stretch last.
/// Call it after setModel(); with `fitToContents` a table's columns fit their header and
/// cells after every reset (off for ledger-scale tables, which size columns themselves).
void setUpTableView(QAbstractItemView *view, bool fitToContents = true);

} // namespace unalloc::ui
