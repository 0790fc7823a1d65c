#pragma once

#include "hugepages.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace unalloc::core {

// Ids are read as four little-endian bytes and masked (see PackedIdRun).
static_assert(std::endian::native == std::endian::little);

/// @brief A run of ids packed at 1 to 4 bytes each, read in place.
class PackedIdRun final
{
public:
    PackedIdRun() = default;
    PackedIdRun(const unsigned char *bytes, size_t size, unsigned width)
        : m_bytes(bytes)
        , m_size(size)
        , m_width(width)
        , m_mask(maskOf(width))
    {}
    /// The largest id `width` bytes hold.
    static constexpr std::uint32_t maskOf(unsigned width)
    {
        return width >= 4 ? 0xFFFFFFFFU : (std::uint32_t{1} << (8 * width)) - 1;
    }
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Id i: four bytes loaded and masked to the width (the store keeps three bytes after the
    /// last id, so the load never reads past it).
    std::uint32_t operator[](size_t i) const
    {
        std::uint32_t v = 0;
        std::memcpy(&v, m_bytes + i * m_width, sizeof v);
        return v & m_mask;
    }
    const unsigned char *bytes() const { return m_bytes; }
    unsigned width() const { return m_width; }

private:
    const unsigned char *m_bytes = nullptr;
    size_t m_size = 0;
    unsigned m_width = 4;
    std::uint32_t m_mask = 0xFFFFFFFFU;
};

/// @brief A growing array of ids stored in as few bytes each as the largest id needs, from a
/// width given at construction: when an id does not fit, every id is rewritten once, wider.
///
/// A per-request ledger holds one value id per label of every set and one shape id per set:
/// at ten million sets of 13.3 labels, 399 MB of value ids at 3 bytes instead of 532 at 4,
/// and 10 MB of shape ids at 1 byte instead of 40. Value dictionaries of 2^24 texts are rare
/// (the benchmark's 10M ledger has 2.3 million), and so are more than 255 shapes.
class PackedIds final
{
public:
    static constexpr std::uint32_t kNarrowMax = 0xFFFFFFU; ///< the largest 3-byte id

    explicit PackedIds(unsigned width = 3)
        : m_width(width)
    {}
    size_t size() const { return m_size; }
    unsigned width() const { return m_width; }
    std::uint32_t operator[](size_t i) const { return run(i, i + 1)[0]; }
    /// Ids [from, to).
    PackedIdRun run(size_t from, size_t to) const
    {
        return {m_bytes.data() + from * m_width, to - from, m_width};
    }
    void reserve(size_t ids) { m_bytes.reserve(ids * m_width + kPad); }
    /// hugepages::prefault() over the room reserve() made for the first `ids` ids.
    void prefault(size_t ids) const
    {
        hugepages::prefault(m_bytes.data(), std::min(ids * m_width + kPad, m_bytes.capacity()));
    }
    void push_back(std::uint32_t id) { append(std::span<const std::uint32_t>(&id, 1)); }
    void append(std::span<const std::uint32_t> ids)
    {
        if (m_width < 4) {
            std::uint32_t all = 0;
            for (const std::uint32_t id : ids)
                all |= id;
            if (all > PackedIdRun::maskOf(m_width))
                widen(widthOf(all));
        }
        const size_t at = m_size * m_width;
        m_bytes.resize(at + ids.size() * m_width + kPad);
        unsigned char *out = m_bytes.data() + at;
        // Four bytes per id, each id's store overwriting the bytes after the one before: the
        // ids go in ascending order, so only the trailing pad keeps stray (zero) bytes.
        for (const std::uint32_t id : ids) {
            std::memcpy(out, &id, sizeof id);
            out += m_width;
        }
        m_size += ids.size();
    }
    /// Moves ids [from, to) down to `at` ≤ from (keeping a subset in order).
    void moveDown(size_t from, size_t to, size_t at)
    {
        std::memmove(m_bytes.data() + at * m_width, m_bytes.data() + from * m_width,
                     (to - from) * m_width);
    }
    /// Keeps ids [0, n).
    void truncate(size_t n)
    {
        m_size = n;
        m_bytes.resize(n * m_width + kPad);
    }
    /// Stores every id in `width` bytes (at least the current width) from now on.
    void widen(unsigned width)
    {
        if (width <= m_width)
            return;
        std::vector<unsigned char> wide(m_size * width + kPad);
        const PackedIdRun all = run(0, m_size);
        unsigned char *out = wide.data();
        for (size_t i = 0; i < m_size; ++i, out += width) {
            const std::uint32_t id = all[i];
            std::memcpy(out, &id, sizeof id);
        }
        m_bytes = std::move(wide);
        m_width = width;
    }

private:
    /// Bytes the id needs.
    static unsigned widthOf(std::uint32_t id)
    {
        return id <= 0xFFU ? 1 : id <= 0xFFFFU ? 2 : id <= kNarrowMax ? 3 : 4;
    }
    static constexpr size_t kPad = 3; ///< what a 4-byte load of the last 1-byte id reads past it
    std::vector<unsigned char> m_bytes = std::vector<unsigned char>(kPad, 0);
    size_t m_size = 0;
    unsigned m_width = 3;
};

} // namespace unalloc::core
