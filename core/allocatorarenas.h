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

} // namespace unalloc::core
