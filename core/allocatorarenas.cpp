#include "allocatorarenas.h"

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

} // namespace unalloc::core
