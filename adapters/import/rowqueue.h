#pragma once

#include "core/costrow.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace unalloc::adapters {

/// @brief Bounded hand-off of row chunks from the parser thread to the ledger writer.
///
/// Bounded so that a parser faster than SQLite waits instead of buffering the file in RAM.
class RowQueue final
{
public:
    using Chunk = std::vector<core::CostRow>;
    explicit RowQueue(size_t capacity)
        : m_capacity(capacity)
    {}

    /// Blocks while full; drops the chunk once the queue is cancelled.
    void push(Chunk &&chunk);
    /// The next chunk; empty once closed and drained, or cancelled.
    std::optional<Chunk> pop();
    /// No more chunks will come.
    void close();
    /// The consumer gave up: wake and release the producer.
    void cancel();

private:
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<Chunk> m_chunks;
    size_t m_capacity;
    bool m_closed = false;
    bool m_cancelled = false;
};

} // namespace unalloc::adapters
