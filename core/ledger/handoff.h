#pragma once
// A small bounded queue between two threads: one that reads the ledger and the one that builds
// from what it read (SqliteLedger::loadCube).

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace unalloc::core {

/// @brief A small bounded hand-off between a reader and the builder of loadCube().
template<typename Chunk> class HandOff final
{
public:
    /// False once the builder stopped.
    bool push(Chunk &&chunk)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [this] { return m_stopped || m_chunks.size() < kDepth; });
        if (m_stopped)
            return false;
        m_chunks.push_back(std::move(chunk));
        m_notEmpty.notify_one();
        return true;
    }
    std::optional<Chunk> pop()
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [this] { return m_stopped || m_closed || !m_chunks.empty(); });
        if (m_chunks.empty() || m_stopped)
            return std::nullopt;
        Chunk c = std::move(m_chunks.front());
        m_chunks.pop_front();
        m_notFull.notify_one();
        return c;
    }
    /// The builder hands back a chunk it is done with, for the reader to refill: a new
    /// chunk's buffers are fresh pages that the kernel must fault in and zero; a chunk given
    /// back is already in memory.
    void giveBack(Chunk &&chunk)
    {
        std::lock_guard lock(m_mutex);
        if (m_spares.size() < kDepth + 2)
            m_spares.push_back(std::move(chunk));
    }
    /// A chunk given back (the caller empties it), or a new one.
    Chunk reuse()
    {
        std::lock_guard lock(m_mutex);
        if (m_spares.empty())
            return Chunk{};
        Chunk c = std::move(m_spares.back());
        m_spares.pop_back();
        return c;
    }
    /// The reader is done.
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }
    /// The builder gave up: the reader stops at its next push.
    void stop()
    {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
        m_notFull.notify_all();
        m_notEmpty.notify_all();
    }

private:
    static constexpr size_t kDepth = 4;
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<Chunk> m_chunks;
    std::vector<Chunk> m_spares; ///< given back by the builder
    bool m_closed = false;
    bool m_stopped = false;
};

} // namespace unalloc::core
