#include "kvpool.h"

#include <algorithm>
#include <cassert>

namespace unalloc::core {

KvPool::KvPool(int numBlocks)
    : m_blocks(static_cast<size_t>(std::max(0, numBlocks)))
{
    m_free.reserve(m_blocks.size());
    for (int i = 0; i < numBlocks; ++i)
        m_free.push_back(i);
    m_byKey.reserve(m_blocks.size() * 2);
}

int KvPool::lookup(std::uint64_t key) const
{
    const auto it = m_byKey.find(key);
    return it == m_byKey.end() ? -1 : it->second;
}

void KvPool::settle(Block &b, std::int64_t nowNs)
{
    const std::int64_t elapsed = nowNs - b.settledNs;
    b.settledNs = nowNs;
    if (elapsed <= 0)
        return;
    if (!b.holders.empty()) {
        const auto n = static_cast<std::int64_t>(b.holders.size());
        const std::int64_t each = elapsed / n;
        std::int64_t rest = elapsed % n;
        for (int r : b.holders) {
            if (static_cast<size_t>(r) >= m_requestNs.size())
                m_requestNs.resize(static_cast<size_t>(r) + 1024, 0);
            m_requestNs[size_t(r)] += each + (rest > 0 ? 1 : 0);
            if (rest > 0)
                --rest;
        }
    } else if (b.key != 0) {
        m_reserveNs += elapsed;
    }
}

void KvPool::lruPush(int block)
{
    Block &b = m_blocks[size_t(block)];
    b.prev = m_lruTail;
    b.next = -1;
    if (m_lruTail >= 0)
        m_blocks[size_t(m_lruTail)].next = block;
    else
        m_lruHead = block;
    m_lruTail = block;
    b.inLru = true;
    ++m_lruSize;
}

void KvPool::lruRemove(int block)
{
    Block &b = m_blocks[size_t(block)];
    if (b.prev >= 0)
        m_blocks[size_t(b.prev)].next = b.next;
    else
        m_lruHead = b.next;
    if (b.next >= 0)
        m_blocks[size_t(b.next)].prev = b.prev;
    else
        m_lruTail = b.prev;
    b.prev = b.next = -1;
    b.inLru = false;
    --m_lruSize;
}

int KvPool::popFree()
{
    const int block = m_free[size_t(m_freeHead++)];
    if (m_freeHead > 4096 && m_freeHead * 2 > static_cast<int>(m_free.size())) {
        m_free.erase(m_free.begin(), m_free.begin() + m_freeHead);
        m_freeHead = 0;
    }
    return block;
}

void KvPool::acquire(int block, int request, std::int64_t nowNs)
{
    Block &b = m_blocks[size_t(block)];
    settle(b, nowNs);
    if (b.refs == 0 && b.inLru)
        lruRemove(block);
    ++b.refs;
    b.holders.push_back(request);
}

int KvPool::take(int request, std::int64_t nowNs)
{
    int block = -1;
    if (freeCount() > 0) {
        block = popFree();
    } else {
        assert(m_lruHead >= 0);
        block = m_lruHead;
        lruRemove(block);
        Block &victim = m_blocks[size_t(block)];
        settle(victim, nowNs); // its cached time until now is reserve
        m_byKey.erase(victim.key);
        victim.key = 0;
        ++m_evictions;
    }
    Block &b = m_blocks[size_t(block)];
    b.settledNs = nowNs; // a free block accrues nothing
    b.refs = 1;
    b.holders.assign(1, request);
    return block;
}

void KvPool::release(int block, int request, std::int64_t nowNs)
{
    Block &b = m_blocks[size_t(block)];
    settle(b, nowNs);
    const auto it = std::find(b.holders.begin(), b.holders.end(), request);
    assert(it != b.holders.end());
    b.holders.erase(it);
    if (--b.refs > 0)
        return;
    if (b.key != 0)
        lruPush(block);
    else
        m_free.push_back(block);
}

void KvPool::publish(int block, std::uint64_t key)
{
    Block &b = m_blocks[size_t(block)];
    if (b.key != 0 || key == 0)
        return;
    if (m_byKey.emplace(key, block).second)
        b.key = key; // a duplicate of already cached content stays private
}

void KvPool::settleAll(std::int64_t nowNs)
{
    for (Block &b : m_blocks) {
        if (b.refs > 0 || b.key != 0)
            settle(b, nowNs);
        else
            b.settledNs = nowNs;
    }
}

std::int64_t KvPool::requestBlockNs(int request) const
{
    return static_cast<size_t>(request) < m_requestNs.size() ? m_requestNs[size_t(request)] : 0;
}

std::int64_t KvPool::takeRequestBlockNs(int request)
{
    const std::int64_t ns = requestBlockNs(request);
    if (static_cast<size_t>(request) < m_requestNs.size())
        m_requestNs[size_t(request)] = 0;
    return ns;
}

bool KvPool::consistent(const std::vector<std::vector<int>> &blocksOfRequest) const
{
    std::vector<int> state(m_blocks.size(), 0); // bit 1 free, 2 lru, 4 held
    for (size_t i = size_t(m_freeHead); i < m_free.size(); ++i)
        state[size_t(m_free[i])] += 1;
    int lruCount = 0;
    for (int b = m_lruHead; b >= 0; b = m_blocks[size_t(b)].next, ++lruCount)
        state[size_t(b)] += 2;
    if (lruCount != m_lruSize)
        return false;
    std::vector<int> holds(m_blocks.size(), 0);
    for (size_t r = 0; r < blocksOfRequest.size(); ++r) {
        std::vector<int> own = blocksOfRequest[r];
        std::sort(own.begin(), own.end());
        if (std::adjacent_find(own.begin(), own.end()) != own.end())
            return false;
        for (int b : own)
            ++holds[size_t(b)];
    }
    for (size_t i = 0; i < m_blocks.size(); ++i) {
        const Block &b = m_blocks[i];
        const int expected = b.refs > 0 ? 4 : (b.key != 0 ? 2 : 1);
        if (state[i] + (b.refs > 0 ? 4 : 0) != expected)
            return false;
        if (b.refs != static_cast<int>(b.holders.size()) || holds[i] != b.refs)
            return false;
        if (b.key != 0 && lookup(b.key) != static_cast<int>(i))
            return false;
    }
    return true;
}

} // namespace unalloc::core
