#pragma once

namespace unalloc::core {

/// @brief Lets the process's threads share at most `arenas` malloc arenas (glibc; elsewhere
/// nothing).
///
/// glibc gives a thread that allocates while another holds an arena an arena of its own, up
/// to eight per core, and memory freed in one arena is never reused by another. The explorer
/// loads and analyses on worker threads, one after another, so each analysis left its freed
/// memory in an arena the next one did not use: on the 1M-row ledger `bench_ui` peaked at
/// 566–593 MB of RSS for about 400 MB of heap. With two arenas it peaks at 479–495 MB, at the
/// same speed. Call it first thing in main(), before any thread starts.
void shareAllocatorArenas(int arenas = 2);

/// Bytes of free memory a malloc heap keeps at its top before it gives them back
/// (keepFreedMemory).
inline constexpr long kKeptFreeBytes = 64L << 20;

/// @brief Keeps freed memory mapped for the next allocation (glibc; elsewhere nothing).
///
/// A re-attribution allocates and frees arrays of a few hundred kilobytes to a few megabytes
/// (per owner sums, the owner names, per value tables): 50k end users make each about 2 MB.
/// glibc serves such blocks as mappings of their own (its threshold grows only with blocks
/// freed before) and returns the heap's free top past twice that threshold, so each pass
/// faulted the same pages in afresh. On the 2-core VM of the benchmarks a fault costs
/// microseconds, and with owner `end_user` on the 1M-row ledger the faults of the owners'
/// numbering and of the per-owner sums took 12–19 and 17–25 ms of a 50–70 ms re-attribution;
/// with this on, 3–5 and 4.5–7 ms. Blocks below hugepages::kAdvisedBytes then come from the
/// heap; larger ones stay with hugepages (or mmap when that is off). A heap gives its free top
/// back once it exceeds kKeptFreeBytes. Call it first thing in main(), before any thread starts.
void keepFreedMemory();

} // namespace unalloc::core
