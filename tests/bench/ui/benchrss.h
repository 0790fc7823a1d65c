#pragma once
// The benchmark's own resident set, read from /proc (Linux), printed after each stage.

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>

namespace unalloc::bench {

/// This process's resident set now and at its peak so far, KiB (Linux: VmRSS, VmHWM).
inline std::pair<long, long> rssKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    long now = -1, peak = -1;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0)
            now = std::strtol(line.c_str() + 6, nullptr, 10);
        else if (line.rfind("VmHWM:", 0) == 0)
            peak = std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return {now, peak};
}

inline void printRss(const char *when)
{
    const auto [now, peak] = rssKiB();
    std::printf("  RSS %s: %ld KB (peak so far %ld KB)\n", when, now, peak);
}

} // namespace unalloc::bench
