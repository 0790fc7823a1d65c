#pragma once

#include <cmath>
#include <cstdint>

namespace unalloc::core {

/// @brief Small deterministic generator (xoshiro256**, seeded through splitmix64).
///
/// The simulator must give the same run for the same seed on every platform and library
/// version, which the std:: distributions do not promise; every draw is therefore derived
/// here from 64-bit integer operations only (plus one std::log for exponential gaps).
class Prng final
{
public:
    explicit Prng(std::uint64_t seed)
    {
        std::uint64_t x = seed;
        for (std::uint64_t &s : m_state)
            s = splitMix(x);
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_state[1] * 5, 7) * 9;
        const std::uint64_t t = m_state[1] << 17;
        m_state[2] ^= m_state[0];
        m_state[3] ^= m_state[1];
        m_state[1] ^= m_state[2];
        m_state[0] ^= m_state[3];
        m_state[2] ^= t;
        m_state[3] = rotl(m_state[3], 45);
        return result;
    }

    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

    /// Uniform integer in [lo, hi] (inclusive), unbiased by rejection.
    std::int64_t uniformInt(std::int64_t lo, std::int64_t hi)
    {
        if (hi <= lo)
            return lo;
        const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
        const std::uint64_t limit = span == 0 ? 0 : (~std::uint64_t(0) - span + 1) % span;
        std::uint64_t v = next();
        while (span != 0 && v < limit)
            v = next();
        return lo + static_cast<std::int64_t>(span == 0 ? v : v % span);
    }

    /// Exponential gap with the given rate (> 0).
    double exponential(double rate) { return -std::log(1.0 - uniform()) / rate; }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    static std::uint64_t splitMix(std::uint64_t &x)
    {
        std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    std::uint64_t m_state[4]{};
};

} // namespace unalloc::core
