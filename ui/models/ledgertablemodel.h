#pragma once

#include "roles.h"

#include "core/analysis/analysisrequest.h"
#include "core/ledger/ledgerstore.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QLocale>

#include <list>

namespace unalloc::ui {

/// @brief Every ledger row, read from LedgerStore::rows in windows of kPageRows: a million
/// rows cost a count and the pages on screen, never a million objects. Sorting and text
/// filtering happen in the store (SQL side); the resolved owner uses the current request.
class LedgerTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        Start,
        Source,
        CostObject,
        Amount,
        Currency,
        Owner,
        How,
        Labels,
        Batch,
        ColumnCount
    };
    static constexpr int kPageRows = 256;
    static constexpr int kCachedPages = 12;

    explicit LedgerTableModel(const QLocale &locale, QObject *parent = nullptr);

    /// The store to read (null = empty). The caller keeps it alive.
    void setStore(const core::LedgerStore *store);
    /// Period and sources from the analysis bar; owner key and fallbacks for the Owner column.
    void setRequest(const core::AnalysisRequest &request);
    void setTextFilter(const QString &text);
    QString textFilter() const;
    /// Pages read from the store so far (for tests and the benchmark).
    int pagesFetched() const { return m_pagesFetched; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

private:
    const core::LedgerRow *rowAt(int row) const;
    void refresh();
    QVariant cell(const core::LedgerRow &row, int column, int role) const;

    QLocale m_locale;
    const core::LedgerStore *m_store = nullptr;
    core::AnalysisRequest m_request;
    core::LedgerRowFilter m_filter;
    core::LedgerSort m_sort = core::LedgerSort::Amount;
    bool m_ascending = false;
    int m_count = 0;
    mutable QHash<int, std::vector<core::LedgerRow>> m_pages;
    mutable std::list<int> m_lru;
    mutable int m_pagesFetched = 0;
};

} // namespace unalloc::ui
