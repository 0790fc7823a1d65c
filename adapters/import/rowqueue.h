#pragma once

#include "core/costrow.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <vector>

namespace unalloc::adapters {

/// A few thousand parsed rows with their label-set hashes and ordinals (computed on the
/// parser thread).
struct RowChunk
{
    /// The first `count` are this round's rows; the rest are rows of an earlier round, kept
    /// so that the parser refills their strings instead of allocating new ones (see RowSink).
    std::vector<core::CostRow> rows;
    size_t count = 0;
    std::vector<std::uint64_t> labelHashes; ///< parallel to the first `count` rows
    std::vector<std::uint32_t> labelSets;   ///< parallel to the first `count` rows: ordinals
    /// No later chunk has an ordinal below this (LabelSetOrdinals::floor once it was full).
    std::uint32_t ordinalFloor = 0;

    /// The slot of the next row: an old row (whatever it held) or a new empty one.
    core::CostRow &next()
    {
        if (count == rows.size())
            rows.emplace_back();
        return rows[count++];
    }
};

/// @brief Bounded hand-off of row chunks from the parser thread to the ledger writer.
///
/// Bounded so that a parser faster than SQLite waits instead of buffering the file in RAM.
/// Drained chunks travel back (`recycle`) so that their rows are reused (or freed) on the
/// parser's thread, which allocated them.
class RowQueue final
{
public:
    using Chunk = RowChunk;
    explicit RowQueue(size_t capacity)
        : m_capacity(capacity)
    {}

    /// Work either side may do instead of waiting (hashing the input): returns true when it
    /// did some, false when there is none to do now (the caller then blocks).
    using IdleWork = std::function<bool()>;

    /// Blocks while full (running `idle` first, while it has work); drops the chunk once the
    /// queue is cancelled.
    void push(Chunk &&chunk, const IdleWork &idle = {});
    /// The next chunk (running `idle` first while none is ready and it has work); empty once
    /// closed and drained, or cancelled.
    std::optional<Chunk> pop(const IdleWork &idle = {});
    /// No more chunks will come.
    void close();
    /// The consumer gave up: wake and release the producer.
    void cancel();
    /// The consumer is done with a chunk; kept (up to capacity) for the producer to reuse.
    void recycle(Chunk &&chunk);
    /// A recycled chunk (count 0, its rows kept for reuse) or a fresh one; never blocks.
    Chunk fresh(size_t rows);

private:
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<Chunk> m_chunks;
    std::vector<Chunk> m_spare;
    size_t m_capacity;
    bool m_closed = false;
    bool m_cancelled = false;
};

} // namespace unalloc::adapters
