#pragma once

#include <cstdint>

namespace unalloc::bench {

/// A small deterministic generator (splitmix64): the same data on every run.
struct Rng
{
    std::uint64_t s;
    std::uint64_t next()
    {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    /// Uniform-ish in [0, n); 0 for n <= 1 (a draw is taken either way).
    int below(int n)
    {
        const std::uint64_t v = next();
        return n <= 1 ? 0 : static_cast<int>(v % static_cast<std::uint64_t>(n));
    }
};

} // namespace unalloc::bench
