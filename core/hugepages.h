#pragma once

#include <cstddef>
#include <cstdint>

/// @file
/// Large blocks of the global operator new on transparent huge pages.
///
/// A ledger of ten million requests is held in arrays of hundreds of megabytes (label sets,
/// groups, per-set sums and owners) read in an order the rows choose. On 4 kB pages nearly
/// every such read misses the TLB, and in a virtual machine a miss walks two page tables. On a
/// 2-core VM whose kernel gives huge pages only where asked ("madvise", the default of several
/// distributions), re-attribution of one million rows took 88–112 ms on 4 kB pages and 16–21
/// ms with this on. With it on, every operator new of kAdvisedBytes or more is a mapping of its
/// own, aligned to a huge page, whole huge pages long and advised (madvise MADV_HUGEPAGE), and
/// unmapped when deleted; smaller blocks, and every block while it is off, are plain malloc.

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

/// The advised blocks now mapped, by start (a huge-page boundary) with their lengths: an
/// open-addressing table of fixed size, so that operator new and delete never allocate to
/// keep it, its entries moved back on removal so that no tombstones build up. operator
/// delete looks a block up only when it starts on a huge page; anything else is malloc's.
class BlockTable
{
public:
    static constexpr int kBits = 14;
    /// Blocks of kAdvisedBytes and more alive at once, at most three quarters of the slots
    /// (12,288 blocks, 48 GB or more); past that, new blocks are plain malloc.
    static constexpr std::size_t kSlots = std::size_t{1} << kBits;

    /// The slot where the search for `start` begins.
    static std::size_t home(std::uintptr_t start);
    /// False when the table is three quarters full.
    bool add(std::uintptr_t start, std::size_t bytes);
    /// The block's length, after removing it; 0 when `start` is no block of the table.
    std::size_t remove(std::uintptr_t start);
    std::size_t size() const { return m_count; }

private:
    std::size_t m_count = 0;
    std::uintptr_t m_start[kSlots] = {};
    std::size_t m_bytes[kSlots] = {};
};

} // namespace unalloc::core::hugepages
