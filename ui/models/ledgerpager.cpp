#include "ledgerpager.h"

#include "ui/format.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <mutex>
#include <optional>

namespace unalloc::ui {

/// What only the running drain task touches (one at a time: Shared::draining).
struct LedgerPager::Worker
{
    QString path;
    std::unique_ptr<core::LedgerStore> store;
    quint64 indexed = 0; ///< the generation `index` belongs to
    Query query;
    LedgerPageIndexPtr index;
};

struct LedgerPager::Shared
{
    std::mutex mutex;
    // Under the mutex: what the GUI thread asked for.
    QString path;
    Query query;
    quint64 generation = 0;
    std::deque<int> waiting; ///< pages of `generation`, the latest asked for at the back
    bool draining = false;
    bool stop = false;
    // Read by a running pass to give up early.
    std::atomic<quint64> live{0};
    std::atomic<bool> stopping{false};
    Worker worker;
};

namespace {

/// The sort order's index: the read-only connection tells whether it exists; a missing one is
/// built by a short-lived writable connection (one short write transaction). Without it the
/// pages are still right, only slower to read.
void ensureSortIndex(core::LedgerStore &reader, const QString &path, core::LedgerSort sort)
{
    if (reader.ensureSortIndex(sort))
        return;
    if (auto writer = core::LedgerStore::open(fmt::s(path), false))
        (void)(*writer)->ensureSortIndex(sort);
}

template<class F> void post(LedgerPager *pager, F f)
{
    QMetaObject::invokeMethod(pager, std::move(f), Qt::QueuedConnection);
}

void drain(LedgerPager *pager, const std::shared_ptr<LedgerPager::Shared> &s, int pageRows);

} // namespace

LedgerPager::LedgerPager(int pageRows, QObject *parent)
    : QObject(parent)
    , m_pageRows(pageRows)
    , m_shared(std::make_shared<Shared>())
{
    m_pool.setMaxThreadCount(1);
}

LedgerPager::~LedgerPager()
{
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->stop = true;
    }
    m_shared->stopping = true;
    m_pool.waitForDone();
}

quint64 LedgerPager::start(const QString &path, const Query &query)
{
    quint64 generation = 0;
    {
        const std::lock_guard lock(m_shared->mutex);
        m_shared->path = path;
        m_shared->query = query;
        generation = ++m_shared->generation;
        m_shared->live = generation;
        m_shared->waiting.clear();
    }
    kick();
    return generation;
}

void LedgerPager::clear()
{
    (void)start({}, {});
}

std::vector<int> LedgerPager::requestPage(int page)
{
    std::vector<int> dropped;
    {
        const std::lock_guard lock(m_shared->mutex);
        auto &waiting = m_shared->waiting;
        waiting.erase(std::remove(waiting.begin(), waiting.end(), page), waiting.end());
        waiting.push_back(page);
        while (waiting.size() > kMaxWaiting) {
            dropped.push_back(waiting.front());
            waiting.pop_front();
        }
    }
    kick();
    return dropped;
}

void LedgerPager::kick()
{
    {
        const std::lock_guard lock(m_shared->mutex);
        if (m_shared->draining || m_shared->stop)
            return;
        m_shared->draining = true;
    }
    m_pool.start([this, s = m_shared, rows = m_pageRows] { drain(this, s, rows); });
}

namespace {

void buildIndex(LedgerPager *pager,
                LedgerPager::Shared &s,
                quint64 generation,
                const LedgerPager::Query &query,
                int pageRows)
{
    LedgerPager::Worker &w = s.worker;
    ensureSortIndex(*w.store, w.path, query.sort);
    if (query.filter.from || query.filter.to) // bounds the period in two seeks
        ensureSortIndex(*w.store, w.path, core::LedgerSort::Start);
    auto index = w.store->pageIndex(query.filter, query.sort, query.ascending, pageRows,
                                    [&] { return !s.stopping && s.live == generation; });
    if (!index && index.error().code == "cancelled")
        return; // a newer generation (or none) replaces it
    w.indexed = generation;
    w.query = query;
    if (!index) {
        w.index = std::make_shared<const core::LedgerPageIndex>();
        post(pager, [pager, generation, message = fmt::q(index.error().message())] {
            emit pager->failed(generation, message);
        });
        return;
    }
    w.index = std::make_shared<const core::LedgerPageIndex>(std::move(*index));
    if (query.filter.filtered()) {
        if (auto totals = w.store->rowTotals(query.filter)) {
            auto t = std::make_shared<const std::vector<core::Money>>(std::move(*totals));
            post(pager, [pager, generation, t] { emit pager->totalled(generation, t); });
        }
    }
    post(pager, [pager, generation, i = w.index] { emit pager->counted(generation, i); });
}

void readPage(LedgerPager *pager, LedgerPager::Worker &w, int page, int pageRows)
{
    if (page < 0 || size_t(page) >= w.index->pageStarts.size())
        return;
    const quint64 generation = w.indexed;
    auto rows = w.store->rowsFrom(w.query.filter, w.query.sort, w.query.ascending,
                                  w.index->pageStarts[size_t(page)], pageRows);
    if (!rows) {
        post(pager, [pager, generation, message = fmt::q(rows.error().message())] {
            emit pager->failed(generation, message);
        });
        return;
    }
    auto shared = std::make_shared<const std::vector<core::LedgerRow>>(std::move(*rows));
    post(pager,
         [pager, generation, page, shared] { emit pager->pageReady(generation, page, shared); });
}

void drain(LedgerPager *pager, const std::shared_ptr<LedgerPager::Shared> &s, int pageRows)
{
    LedgerPager::Worker &w = s->worker;
    for (;;) {
        quint64 generation = 0;
        LedgerPager::Query query;
        QString path;
        std::optional<int> page;
        {
            const std::lock_guard lock(s->mutex);
            generation = s->generation;
            path = s->path;
            if (s->stop || path.isEmpty()) {
                w = {}; // closes the connection
                s->draining = false;
                return;
            }
            if (w.indexed != generation || w.path != path)
                query = s->query;
            else if (!s->waiting.empty()) {
                page = s->waiting.back();
                s->waiting.pop_back();
            } else {
                s->draining = false;
                return;
            }
        }
        if (w.path != path || (!w.store && !page)) { // a new generation retries a failed open
            w = {};
            w.path = path;
            auto store = core::LedgerStore::open(fmt::s(path), true);
            if (!store) {
                w.indexed = generation;
                w.index = std::make_shared<const core::LedgerPageIndex>();
                post(pager, [pager, generation, message = fmt::q(store.error().message())] {
                    emit pager->failed(generation, message);
                });
                continue;
            }
            w.store = std::move(*store);
        }
        if (!w.store)
            continue;
        if (page)
            readPage(pager, w, *page, pageRows);
        else
            buildIndex(pager, *s, generation, query, pageRows);
    }
}

} // namespace

} // namespace unalloc::ui
