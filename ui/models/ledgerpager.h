#pragma once

#include "core/ledger/ledgerstore.h"

#include <QObject>
#include <QString>
#include <QThreadPool>

#include <memory>
#include <vector>

namespace unalloc::ui {

/// The rows of one page of the ledger table, and the keys that find any page.
using LedgerPage = std::shared_ptr<const std::vector<core::LedgerRow>>;
using LedgerPageIndexPtr = std::shared_ptr<const core::LedgerPageIndex>;
/// The sum of a query's rows per currency.
using LedgerTotals = std::shared_ptr<const std::vector<core::Money>>;

/// @brief Reads the ledger table's pages off the GUI thread, on its own read-only connection
/// to the ledger file (a LedgerStore is one connection and not thread-safe).
///
/// Each query (filter, sort order, direction) starts a generation: the worker makes sure the
/// sort order's index exists, builds the page index in one pass (its length is the row count)
/// and then reads the pages asked for, the latest first, each by keyset. Everything is
/// reported on the GUI thread with its generation; the caller drops older ones.
class LedgerPager final : public QObject
{
    Q_OBJECT
public:
    struct Query
    {
        core::LedgerRowFilter filter;
        core::LedgerSort sort = core::LedgerSort::Amount;
        bool ascending = false;
    };
    /// Pages waiting beyond this many are dropped, oldest first (scrolled past).
    static constexpr size_t kMaxWaiting = 8;

    explicit LedgerPager(int pageRows, QObject *parent = nullptr);
    ~LedgerPager() override;

    /// Starts a generation: `path` (the ledger file) read for `query`. Returns the generation.
    quint64 start(const QString &path, const Query &query);
    /// Stops reading (no ledger); pending work is dropped.
    void clear();
    /// Queues page `page` of the current generation. Returns the pages dropped from the queue to
    /// keep it short: they will not arrive unless asked for again.
    std::vector<int> requestPage(int page);

    struct Shared; ///< what the GUI thread and the worker share (ledgerpager.cpp)
    struct Worker; ///< the worker's connection and page index

signals:
    void counted(quint64 generation, const unalloc::ui::LedgerPageIndexPtr &index);
    /// The filtered rows' totals (only for a filtered query), just before counted.
    void totalled(quint64 generation, const unalloc::ui::LedgerTotals &totals);
    void pageReady(quint64 generation, int page, const unalloc::ui::LedgerPage &rows);
    void failed(quint64 generation, const QString &message);

private:
    void kick();

    const int m_pageRows;
    std::shared_ptr<Shared> m_shared;
    QThreadPool m_pool;
};

} // namespace unalloc::ui
