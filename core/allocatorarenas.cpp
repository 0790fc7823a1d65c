#include "allocatorarenas.h"

#include "hugepages.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace unalloc::core {

void shareAllocatorArenas(int arenas)
{
#if defined(__GLIBC__)
    (void)mallopt(M_ARENA_MAX, arenas);
#else
    (void)arenas;
#endif
}

void keepFreedMemory()
{
#if defined(__GLIBC__)
    // Setting either turns off glibc's sliding thresholds: both are fixed from here on.
    (void)mallopt(M_MMAP_THRESHOLD, static_cast<int>(hugepages::kAdvisedBytes));
    (void)mallopt(M_TRIM_THRESHOLD, static_cast<int>(kKeptFreeBytes));
#endif
}

} // namespace unalloc::core
