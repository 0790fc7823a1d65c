#include "hugepages.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#if defined(__linux__)
#include <pthread.h>
#include <sys/mman.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||                         \
    __has_feature(thread_sanitizer)
#define UNALLOC_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNALLOC_SANITIZED 1
#endif

#if defined(__linux__) && !defined(UNALLOC_SANITIZED)
#define UNALLOC_HUGE_NEW 1
#endif

namespace unalloc::core::hugepages {

namespace {

std::atomic<bool> g_on{false};

} // namespace

void advise(bool on)
{
    g_on.store(on, std::memory_order_relaxed);
}

bool advising()
{
#if defined(UNALLOC_HUGE_NEW)
    return g_on.load(std::memory_order_relaxed);
#else
    return false;
#endif
}

std::size_t BlockTable::home(std::uintptr_t start)
{
    return static_cast<std::size_t>(((start >> 21) * 0x9E3779B97F4A7C15ULL) >> (64 - kBits));
}

bool BlockTable::add(std::uintptr_t start, std::size_t bytes)
{
    if ((m_count + 1) * 4 > kSlots * 3)
        return false;
    std::size_t i = home(start);
    while (m_start[i] != 0)
        i = (i + 1) & (kSlots - 1);
    m_start[i] = start;
    m_bytes[i] = bytes;
    ++m_count;
    return true;
}

std::size_t BlockTable::find(std::uintptr_t start) const
{
    if (start == 0)
        return 0;
    for (std::size_t i = home(start); m_start[i] != 0; i = (i + 1) & (kSlots - 1))
        if (m_start[i] == start)
            return m_bytes[i];
    return 0;
}

std::size_t BlockTable::remove(std::uintptr_t start)
{
    if (start == 0) // the mark of an empty slot, never a block
        return 0;
    std::size_t hole = home(start);
    while (m_start[hole] != start) {
        if (m_start[hole] == 0)
            return 0;
        hole = (hole + 1) & (kSlots - 1);
    }
    const std::size_t bytes = m_bytes[hole];
    // Each later entry of the run moves into the hole unless its home lies in (hole, j].
    for (std::size_t j = (hole + 1) & (kSlots - 1); m_start[j] != 0; j = (j + 1) & (kSlots - 1)) {
        const std::size_t h = home(m_start[j]);
        const bool stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
        if (!stays) {
            m_start[hole] = m_start[j];
            m_bytes[hole] = m_bytes[j];
            hole = j;
        }
    }
    m_start[hole] = 0;
    m_bytes[hole] = 0;
    --m_count;
    return bytes;
}

} // namespace unalloc::core::hugepages

#if defined(UNALLOC_HUGE_NEW)

namespace {

using unalloc::core::hugepages::kAdvisedBytes;
using unalloc::core::hugepages::kPageBytes;

/// The table of blocks, locked (no allocation happens while it is), never destroyed: blocks
/// may be freed by static destructors after main() returns.
class Registry
{
public:
    static Registry &instance()
    {
        alignas(Registry) static unsigned char storage[sizeof(Registry)];
        static Registry *const registry = new (storage) Registry;
        return *registry;
    }

    bool add(std::uintptr_t start, std::size_t bytes)
    {
        std::lock_guard lock(m_mutex);
        return m_table.add(start, bytes);
    }

    /// Waits while a populate() works on the block: its pages are never populated after it is
    /// unmapped (the range could be someone else's by then).
    std::size_t remove(std::uintptr_t start)
    {
        std::unique_lock lock(m_mutex);
        m_unpinned.wait(lock, [&] { return !pinned(start); });
        return m_table.remove(start);
    }

    /// Faults in [start + from, start + from + length) while `start` is a block of at least
    /// that length; false when it is not (any more) or the kernel refuses.
    bool populate(std::uintptr_t start, std::size_t from, std::size_t length)
    {
#if defined(MADV_POPULATE_WRITE)
        // The block is pinned, not the lock held, while the kernel clears its pages (a
        // millisecond and more per huge page): other blocks come and go meanwhile.
        size_t slot = kPins;
        {
            std::lock_guard lock(m_mutex);
            if (m_table.find(start) < from + length)
                return false;
            for (size_t i = 0; i < kPins && slot == kPins; ++i)
                if (m_pin[i] == 0)
                    slot = i;
            if (slot == kPins)
                return false; // enough pages being faulted in already
            m_pin[slot] = start;
        }
        const bool ok =
            madvise(reinterpret_cast<void *>(start + from), length, MADV_POPULATE_WRITE) == 0;
        {
            std::lock_guard lock(m_mutex);
            m_pin[slot] = 0;
        }
        m_unpinned.notify_all();
        return ok;
#else
        (void)start, (void)from, (void)length;
        return false;
#endif
    }

private:
    Registry()
    {
        // A fork() while another thread holds the lock must not leave it held in the child.
        // The child has none of the parent's threads: no populate() will unpin a block there.
        pthread_atfork([] { instance().m_mutex.lock(); }, [] { instance().m_mutex.unlock(); },
                       [] {
                           for (std::uintptr_t &p : instance().m_pin)
                               p = 0;
                           instance().m_mutex.unlock();
                       });
    }

    bool pinned(std::uintptr_t start) const
    {
        if (start == 0) // the mark of a free pin, never a block
            return false;
        for (const std::uintptr_t p : m_pin)
            if (p == start)
                return true;
        return false;
    }

    static constexpr size_t kPins = 8; ///< blocks populated at once
    std::mutex m_mutex;
    std::condition_variable m_unpinned;
    std::uintptr_t m_pin[kPins] = {};
    unalloc::core::hugepages::BlockTable m_table;
};

/// Whole huge pages from an aligned start, mapped for this block alone: the advice covers it
/// exactly, and freeing it unmaps it (a block from malloc's heap would stay there, and the
/// kernel may later fill a partly used huge page of the heap). Where the kernel has no
/// transparent huge pages madvise fails and the block is an ordinary mapping.
void *mapAdvised(std::size_t n) noexcept
{
    const std::size_t rounded = (n + kPageBytes - 1) & ~(kPageBytes - 1);
    if (rounded < n || rounded + kPageBytes < rounded)
        return nullptr;
    void *raw = mmap(nullptr, rounded + kPageBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED)
        return nullptr;
    const auto base = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t start = (base + kPageBytes - 1) & ~(kPageBytes - 1);
    if (start > base)
        munmap(raw, start - base);
    if (const std::uintptr_t end = start + rounded; base + rounded + kPageBytes > end)
        munmap(reinterpret_cast<void *>(end), base + rounded + kPageBytes - end);
    void *block = reinterpret_cast<void *>(start);
    if (!Registry::instance().add(start, rounded)) {
        munmap(block, rounded);
        return std::malloc(n);
    }
    madvise(block, rounded, MADV_HUGEPAGE);
    return block;
}

void *allocate(std::size_t n) noexcept
{
    if (n < kAdvisedBytes || !unalloc::core::hugepages::advising())
        return std::malloc(n == 0 ? 1 : n);
    return mapAdvised(n);
}

void release(void *p) noexcept
{
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    if (p && (at & (kPageBytes - 1)) == 0) {
        if (const std::size_t bytes = Registry::instance().remove(at); bytes != 0) {
            munmap(p, bytes);
            return;
        }
    }
    std::free(p);
}

} // namespace

namespace unalloc::core::hugepages {

std::size_t populate(const void *start, std::size_t bytes)
{
    const auto at = reinterpret_cast<std::uintptr_t>(start);
    if (!start || (at & (kPageBytes - 1)) != 0)
        return 0;
    std::size_t done = 0;
    // A huge page per pin: a delete of the block meanwhile waits at most for one.
    while (done < bytes) {
        const std::size_t step = std::min(kPageBytes, bytes - done);
        if (!Registry::instance().populate(at, done, step))
            break;
        done += step;
    }
    return done;
}

void prefault(const void *start, std::size_t bytes)
{
    if (bytes < kPrefaultBytes || !advising())
        return;
    try {
        std::thread([start, bytes] { populate(start, bytes); }).detach();
    } catch (const std::system_error &) {
        // No thread to spare: the pages are faulted in as they are written, as without.
    }
}

} // namespace unalloc::core::hugepages

// The replaceable global allocation functions ([new.delete.single]); the array and nothrow
// forms of libstdc++ call these.
void *operator new(std::size_t n)
{
    for (;;) {
        if (void *p = allocate(n))
            return p;
        std::new_handler handler = std::get_new_handler();
        if (!handler)
            throw std::bad_alloc();
        handler();
    }
}

void operator delete(void *p) noexcept
{
    release(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    release(p);
}

#endif

#if !defined(UNALLOC_HUGE_NEW)

namespace unalloc::core::hugepages {

// Without the replaced operator new there are no advised blocks: nothing to fault in.
std::size_t populate(const void *, std::size_t)
{
    return 0;
}

void prefault(const void *, std::size_t) {}

} // namespace unalloc::core::hugepages

#endif
