#pragma once

#include <cstddef>

/// @file
/// Large blocks of the global operator new on transparent huge pages.
///
/// A ledger of ten million requests is held in arrays of hundreds of megabytes (label sets,
/// groups, per-set sums and owners) read in an order the rows choose. On 4 kB pages nearly
/// every such read misses the TLB, and in a virtual machine a miss walks two page tables. On a
/// 2-core VM whose kernel gives huge pages only where asked ("madvise", the default of several
/// distributions), re-attribution of one million rows took 88–112 ms on 4 kB pages and 20–21
/// ms with this on. With it on, every operator new of kAdvisedBytes or more is aligned to a
/// huge page, rounded up to whole huge pages and advised (madvise MADV_HUGEPAGE); smaller
/// blocks, and every block while it is off, are plain malloc. Every block is freed by free().

namespace unalloc::core::hugepages {

/// The size of a transparent huge page on x86-64 and arm64 with 4 kB base pages.
inline constexpr std::size_t kPageBytes = std::size_t{2} << 20;
/// Blocks from this size up are aligned, rounded and advised.
inline constexpr std::size_t kAdvisedBytes = std::size_t{4} << 20;

/// Turns the advice on or off for blocks allocated from now on (off until called). Programs
/// call it first thing in main(); blocks allocated before or after are freed alike.
void advise(bool on = true);
/// True when large blocks are advised now: advise(true) was called and this build replaces
/// operator new (Linux, not a sanitizer build: those keep their own operator new).
bool advising();

} // namespace unalloc::core::hugepages
