#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace unalloc::core {

/// @brief Open-addressing hash index over dense ids (0, 1, 2, …) of elements the caller
/// stores: 8 bytes per slot, no allocation per element, linear probing.
///
/// The caller hashes the element and says whether a stored id equals it; the index only
/// keeps (id, 32 bits of the hash), so growing never asks for the hash again.
class FlatIndex final
{
public:
    /// The id of the element equal to the probe (`equal(id)`), or `newId` once inserted.
    /// Returns {id, inserted}.
    template<class Equal>
    std::pair<std::uint32_t, bool>
    findOrInsert(std::uint64_t hash, std::uint32_t newId, Equal &&equal)
    {
        if ((m_size + 1) * 2 > m_slots.size())
            grow(m_slots.empty() ? 16 : m_slots.size() * 2);
        const std::uint32_t h = fold(hash);
        for (size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            Slot &s = m_slots[i];
            if (s.id == kEmpty) {
                s = {newId, h};
                ++m_size;
                return {newId, true};
            }
            if (s.hash == h && equal(s.id))
                return {s.id, false};
        }
    }
    /// The id of the element equal to the probe, or kNone.
    template<class Equal> std::uint32_t find(std::uint64_t hash, Equal &&equal) const
    {
        if (m_slots.empty())
            return kNone;
        const std::uint32_t h = fold(hash);
        for (size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.id == kEmpty)
                return kNone;
            if (s.hash == h && equal(s.id))
                return s.id;
        }
    }
    /// Room for `n` elements without growing.
    void reserve(size_t n)
    {
        size_t want = 16;
        while (want < n * 2)
            want *= 2;
        if (want > m_slots.size())
            grow(want);
    }
    void clear()
    {
        m_slots.clear();
        m_size = 0;
        m_mask = 0;
    }
    size_t size() const { return m_size; }
    /// No id (what `peek` returns when it has no guess).
    static constexpr std::uint32_t kNone = 0xffffffffU;
    /// Start loading the slot a probe for `hash` begins at, for a lookup a little later.
    void prefetch(std::uint64_t hash) const
    {
        if (!m_slots.empty())
            __builtin_prefetch(&m_slots[fold(hash) & m_mask]);
    }
    /// The id a probe for `hash` would most likely compare first (its slot's hash bits match),
    /// or kNone: lets the caller start loading that element ahead of `findOrInsert`.
    std::uint32_t peek(std::uint64_t hash) const
    {
        if (m_slots.empty())
            return kNone;
        const std::uint32_t h = fold(hash);
        for (size_t i = h & m_mask;; i = (i + 1) & m_mask) {
            const Slot &s = m_slots[i];
            if (s.id == kEmpty || s.hash == h)
                return s.id;
        }
    }

private:
    static constexpr std::uint32_t kEmpty = kNone;
    static std::uint32_t fold(std::uint64_t hash)
    {
        return static_cast<std::uint32_t>(hash ^ (hash >> 32));
    }
    struct Slot
    {
        std::uint32_t id = kEmpty;
        std::uint32_t hash = 0;
    };
    void grow(size_t count)
    {
        std::vector<Slot> old = std::move(m_slots);
        m_slots.assign(count, Slot{});
        m_mask = count - 1;
        for (const Slot &s : old) {
            if (s.id == kEmpty)
                continue;
            size_t i = s.hash & m_mask;
            while (m_slots[i].id != kEmpty)
                i = (i + 1) & m_mask;
            m_slots[i] = s;
        }
    }

    std::vector<Slot> m_slots;
    size_t m_size = 0;
    size_t m_mask = 0;
};

/// A 64-bit mix of a few integers (for FlatIndex hashes).
inline std::uint64_t mixHash(std::uint64_t h, std::uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 31);
}

} // namespace unalloc::core
