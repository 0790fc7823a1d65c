#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace unalloc::core {

/// @brief Paged KV block pool with prefix caching (studies.md §1.3), internal to the simulator.
///
/// A block is free (no content, FIFO free list), evictable (cached content, no holder, LRU
/// list) or held (one or more requests). Block-seconds are settled whenever a block's holders
/// change: the elapsed time is split equally among the holders (integer nanoseconds, the
/// remainder to the earliest holders) or, for an unheld cached block, booked as cache reserve.
class KvPool final
{
public:
    explicit KvPool(int numBlocks);

    int numBlocks() const { return static_cast<int>(m_blocks.size()); }
    int freeCount() const { return static_cast<int>(m_free.size()) - m_freeHead; }
    int evictableCount() const { return m_lruSize; }
    int available() const { return freeCount() + evictableCount(); }
    /// Block holding `key`, or -1.
    int lookup(std::uint64_t key) const;
    bool isEvictable(int block) const { return m_blocks[size_t(block)].refs == 0; }

    /// Adds `request` as a holder of a cached block (found by lookup).
    void acquire(int block, int request, std::int64_t nowNs);
    /// Takes an empty block for `request`: the free list first, else evicts the LRU block.
    int take(int request, std::int64_t nowNs);
    /// Drops `request` from the block's holders; an unheld block becomes evictable or free.
    void release(int block, int request, std::int64_t nowNs);
    /// Publishes a completed block's content; the first writer of a key wins.
    void publish(int block, std::uint64_t key);
    /// Settles every block at the end of the run.
    void settleAll(std::int64_t nowNs);

    /// KV block-nanoseconds charged to a request so far.
    std::int64_t requestBlockNs(int request) const;
    /// Returns a request's block-nanoseconds and zeroes them, so that its slot can be reused.
    std::int64_t takeRequestBlockNs(int request);
    std::int64_t reserveBlockNs() const { return m_reserveNs; }
    std::int64_t evictions() const { return m_evictions; }

    /// True when every block is in exactly one state, reference counts equal holder lists,
    /// and the blocks listed per request match the holders (no block held twice by one
    /// request, no block both free and held).
    bool consistent(const std::vector<std::vector<int>> &blocksOfRequest) const;

private:
    struct Block
    {
        int refs = 0;
        std::uint64_t key = 0;
        std::vector<int> holders;
        std::int64_t settledNs = 0;
        int prev = -1; ///< LRU links
        int next = -1;
        bool inLru = false;
    };
    void settle(Block &b, std::int64_t nowNs);
    void lruPush(int block);
    void lruRemove(int block);
    int popFree();

    std::vector<Block> m_blocks;
    std::vector<int> m_free; ///< FIFO: m_free[m_freeHead..] are free
    int m_freeHead = 0;
    int m_lruHead = -1;
    int m_lruTail = -1;
    int m_lruSize = 0;
    std::unordered_map<std::uint64_t, int> m_byKey;
    std::vector<std::int64_t> m_requestNs;
    std::int64_t m_reserveNs = 0;
    std::int64_t m_evictions = 0;
};

} // namespace unalloc::core
