#include "hugepages.h"

#include <atomic>
#include <cstdlib>
#include <new>

#if defined(__linux__)
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

} // namespace unalloc::core::hugepages

#if defined(UNALLOC_HUGE_NEW)

namespace {

using unalloc::core::hugepages::kAdvisedBytes;
using unalloc::core::hugepages::kPageBytes;

void *allocate(std::size_t n) noexcept
{
    if (n < kAdvisedBytes || !unalloc::core::hugepages::advising())
        return std::malloc(n == 0 ? 1 : n);
    // Whole huge pages from an aligned start, so that the advice covers the block exactly and
    // no page of it is shared with another block. Where the kernel has no transparent huge
    // pages madvise fails and the block is an ordinary one.
    const std::size_t rounded = (n + kPageBytes - 1) & ~(kPageBytes - 1);
    if (rounded < n)
        return nullptr;
    void *p = std::aligned_alloc(kPageBytes, rounded);
    if (p)
        madvise(p, rounded, MADV_HUGEPAGE);
    return p;
}

} // namespace

// The replaceable global allocation functions ([new.delete.single]); the array and nothrow
// forms of libstdc++ call these. Every block is released by free().
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
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

#endif
