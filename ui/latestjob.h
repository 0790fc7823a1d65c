#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace unalloc::ui {

/// Polled by long work to stop early once its answer can no longer be shown.
using Superseded = std::function<bool()>;

/// @brief Background work in ui/ where only the newest request counts — the stale-result
/// rule, written once. start() runs the work on a pool (QtConcurrent) and hands its result to
/// `done` on the owner's thread, unless a newer start() or a supersede() came in between, or
/// the owner is gone: then the result is dropped unseen. Work that runs long can ask its
/// Superseded callable whether to give up. Every view and controller that computes off the
/// GUI thread goes through this class instead of its own generation counter.
class LatestJob
{
public:
    /// `owner` receives the results (its thread) and bounds their lifetime; `pool` (optional)
    /// is where the work runs, the global pool otherwise.
    explicit LatestJob(QObject *owner, QThreadPool *pool = nullptr)
        : m_owner(owner)
        , m_pool(pool)
        , m_generation(std::make_shared<std::atomic<quint64>>(0))
        , m_busy(std::make_shared<Busy>())
    {}
    ~LatestJob() { supersede(); }
    LatestJob(const LatestJob &) = delete;
    LatestJob &operator=(const LatestJob &) = delete;

    /// Called with true when work starts while none runs, and with false when the last
    /// running work has finished (superseded ones included): a busy indicator.
    void onBusyChanged(std::function<void(bool)> handler) { m_busy->handler = std::move(handler); }
    bool busy() const { return m_busy->running > 0; }

    /// Runs `work` (callable as `work()` or `work(const Superseded &)`, returning a value) and
    /// calls `done(result)` if this is still the newest request when it finishes.
    template<class Work, class Done> void start(Work work, Done done)
    {
        const quint64 generation = ++*m_generation;
        const Superseded superseded = [counter = m_generation, generation] {
            return counter->load() != generation;
        };
        using Result = decltype(invoke(work, superseded));
        auto *watcher = new QFutureWatcher<Result>(m_owner);
        QObject::connect(watcher, &QFutureWatcherBase::finished, m_owner,
                         [watcher, superseded, busy = m_busy, done = std::move(done)]() mutable {
                             watcher->deleteLater();
                             if (--busy->running == 0 && busy->handler)
                                 busy->handler(false);
                             if (!superseded())
                                 done(watcher->result());
                         });
        if (m_busy->running++ == 0 && m_busy->handler)
            m_busy->handler(true);
        auto run = [work = std::move(work), superseded]() mutable {
            return invoke(work, superseded);
        };
        watcher->setFuture(m_pool ? QtConcurrent::run(m_pool, std::move(run))
                                  : QtConcurrent::run(std::move(run)));
    }

    /// Drops the answer of whatever is running (the ledger changed, the view closes).
    void supersede() { ++*m_generation; }

private:
    template<class Work> static auto invoke(Work &work, const Superseded &superseded)
    {
        if constexpr (std::is_invocable_v<Work &, const Superseded &>)
            return work(superseded);
        else
            return work();
    }

    struct Busy
    {
        int running = 0; ///< started and not yet finished (owner's thread only)
        std::function<void(bool)> handler;
    };

    QObject *m_owner;
    QThreadPool *m_pool;
    std::shared_ptr<std::atomic<quint64>> m_generation;
    std::shared_ptr<Busy> m_busy;
};

} // namespace unalloc::ui
