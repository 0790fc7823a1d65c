#include "rowqueue.h"

namespace unalloc::adapters {

void RowQueue::push(Chunk &&chunk, const IdleWork &idle)
{
    std::unique_lock lock(m_mutex);
    const auto ready = [this] {
        return m_cancelled || m_chunks.size() < m_capacity;
    };
    while (idle && !ready()) {
        lock.unlock();
        const bool worked = idle();
        lock.lock();
        if (!worked)
            break;
    }
    m_notFull.wait(lock, ready);
    if (m_cancelled)
        return;
    m_chunks.push_back(std::move(chunk));
    m_notEmpty.notify_one();
}

std::optional<RowQueue::Chunk> RowQueue::pop(const IdleWork &idle)
{
    std::unique_lock lock(m_mutex);
    const auto ready = [this] {
        return m_cancelled || m_closed || !m_chunks.empty();
    };
    while (idle && !ready()) {
        lock.unlock();
        const bool worked = idle();
        lock.lock();
        if (!worked)
            break;
    }
    m_notEmpty.wait(lock, ready);
    if (m_cancelled || m_chunks.empty())
        return std::nullopt;
    Chunk c = std::move(m_chunks.front());
    m_chunks.pop_front();
    m_notFull.notify_one();
    return c;
}

void RowQueue::close()
{
    std::lock_guard lock(m_mutex);
    m_closed = true;
    m_notEmpty.notify_all();
}

void RowQueue::cancel()
{
    std::lock_guard lock(m_mutex);
    m_cancelled = true;
    m_chunks.clear();
    m_notFull.notify_all();
    m_notEmpty.notify_all();
}

void RowQueue::recycle(Chunk &&chunk)
{
    std::unique_lock lock(m_mutex);
    if (m_spare.size() < m_capacity)
        m_spare.push_back(std::move(chunk));
}

RowQueue::Chunk RowQueue::fresh(size_t rows)
{
    Chunk c;
    {
        std::lock_guard lock(m_mutex);
        if (!m_spare.empty()) {
            c = std::move(m_spare.back());
            m_spare.pop_back();
        }
    }
    c.count = 0;
    c.labelHashes.clear();
    c.labelSets.clear();
    c.rows.reserve(rows);
    c.labelHashes.reserve(rows);
    c.labelSets.reserve(rows);
    return c;
}

} // namespace unalloc::adapters
