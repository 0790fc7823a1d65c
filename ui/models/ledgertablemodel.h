#pragma once

#include "ledgerpager.h"
#include "roles.h"

#include "core/analysis/analysisrequest.h"
#include "core/ledger/ledgerstore.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QLocale>
#include <QSet>

#include <list>

namespace unalloc::ui {

/// @brief Every ledger row, in pages of kPageRows found by keyset: a million rows cost a page
/// index (one pass) and the pages on screen, never a million objects. Sorting and text
/// filtering happen in the store (SQL side); the resolved owner uses the current request.
///
/// With a ledger file, the count and the pages are read off the GUI thread (LedgerPager): a
/// row whose page has not arrived shows empty cells with a "loading" tooltip until
/// dataChanged. Without one (an in-memory store) pages are read at once. ExportRole always
/// reads at once, so that exports are complete.
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
    ~LedgerTableModel() override;

    /// The store to read (null = empty) and its file: with a file, reads happen on a worker
    /// with its own connection. The caller keeps the store alive.
    void setStore(const core::LedgerStore *store, const QString &filePath = {});
    /// Period and sources from the analysis bar; owner key and fallbacks for the Owner column.
    void setRequest(const core::AnalysisRequest &request);
    /// The ledger's label value aliases: the Owner column resolves the aliased labels (as the
    /// report attributes), the Labels column shows them as stored.
    void setAliases(std::vector<core::ValueAlias> aliases);
    /// The filter line (core::parseRowFilter syntax). Returns the parse error, or empty when
    /// the filter applies; on an error the previous filter stays.
    QString setTextFilter(const QString &text);
    QString textFilter() const;
    /// The sum of the filtered rows per currency; empty until known, and for no filter.
    const std::vector<core::Money> &totals() const { return m_totals; }
    /// Pages read from the store so far (for tests and the benchmark).
    int pagesFetched() const { return m_pagesFetched; }
    /// True while the rows of the current filter and order are being counted.
    bool isCounting() const { return m_counting; }
    /// True when `row`'s page is in memory (its cells show data).
    bool isRowLoaded(int row) const;
    /// The last read error, or empty.
    QString lastError() const { return m_error; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    void sort(int column, Qt::SortOrder order) override;

signals:
    /// The row count of the current filter and order is known (or failed: lastError()).
    void counted();
    /// A page arrived (after its dataChanged).
    void pageLoaded(int page);

private:
    const core::LedgerRow *rowAt(int row, bool now) const;
    const std::vector<core::LedgerRow> *cache(int page, LedgerPage rows) const;
    void refresh();
    void onCounted(quint64 generation, const LedgerPageIndexPtr &index);
    void onPage(quint64 generation, int page, const LedgerPage &rows);
    QVariant cell(const core::LedgerRow &row, int column, int role) const;

    QLocale m_locale;
    const core::LedgerStore *m_store = nullptr;
    QString m_path;
    LedgerPager *m_pager;
    quint64 m_generation = 0;
    core::AnalysisRequest m_request;
    std::vector<core::ValueAlias> m_aliases;
    void composeFilter();
    core::LedgerRowFilter m_filter; ///< the request's slice and the filter line together
    core::LedgerRowFilter m_query;  ///< the parsed filter line
    QString m_queryText;
    std::vector<core::Money> m_totals;
    core::LedgerSort m_sort = core::LedgerSort::Amount;
    bool m_ascending = false;
    bool m_counting = false;
    int m_count = 0;
    QString m_error;
    LedgerPageIndexPtr m_index;
    mutable QHash<int, LedgerPage> m_pages;
    mutable std::list<int> m_lru;
    mutable QSet<int> m_pending;
    mutable int m_pagesFetched = 0;
};

} // namespace unalloc::ui
