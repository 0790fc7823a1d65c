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

/// Faults in the pages of [start, start + bytes) now, as a first write would but without
/// writing (madvise MADV_POPULATE_WRITE, Linux 5.14+), a huge page at a time, while `start`
/// is the start of an advised block that long: the block is pinned for each page, and a delete
/// of it waits for that page, so that no page is faulted in after the block is unmapped (other
/// blocks are allocated and freed meanwhile). Returns the bytes faulted in (0 for memory that is no
/// advised block, a kernel without the advice, or a block freed meanwhile). The contents do not
/// change.
std::size_t populate(const void *start, std::size_t bytes);

/// populate() on a thread of its own, when `bytes` is kPrefaultBytes or more (nothing
/// otherwise). For an array about to be filled front to back: the kernel clears its pages on
/// the other core meanwhile instead of in the filling thread's page faults. In the 2-core VM
/// of the benchmarks the kernel spent a third of a ten-million-request report clearing fresh
/// huge pages (up to 1.5 ms each: the host backs the guest's memory on its first touch).
void prefault(const void *start, std::size_t bytes);
/// Arrays smaller than this are filled as before: at a million requests (arrays of 40 MB) the
/// thread gained nothing measurable, and the load's other threads already share both cores.
inline constexpr std::size_t kPrefaultBytes = std::size_t{128} << 20;

/// prefault() over a vector's whole capacity, right after its reserve().
template<class Vector> void prefaultCapacity(const Vector &v)
{
    prefault(v.data(), v.capacity() * sizeof(*v.data()));
}

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
    /// The block's length; 0 when `start` is no block of the table.
    std::size_t find(std::uintptr_t start) const;
    std::size_t size() const { return m_count; }

private:
    std::size_t m_count = 0;
    std::uintptr_t m_start[kSlots] = {};
    std::size_t m_bytes[kSlots] = {};
};

} // namespace unalloc::core::hugepages
