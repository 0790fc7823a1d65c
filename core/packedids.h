#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace unalloc::core {

// Ids are read as four little-endian bytes and masked (see PackedIdRun).
static_assert(std::endian::native == std::endian::little);

/// @brief A run of ids packed at 3 or 4 bytes each, read in place.
class PackedIdRun final
{
public:
    PackedIdRun() = default;
    PackedIdRun(const unsigned char *bytes, size_t size, unsigned width)
        : m_bytes(bytes)
        , m_size(size)
        , m_width(width)
        , m_mask(width == 3 ? 0xFFFFFFU : 0xFFFFFFFFU)
    {}
    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    /// Id i: four bytes loaded and masked to the width (the store keeps a byte after the last
    /// id, so the load never reads past it).
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

/// @brief A growing array of ids stored in 3 bytes each while every id is below 2^24, and in
/// 4 from the first that is not (all ids are then rewritten once).
///
/// A per-request ledger holds one value id per label of every set: at ten million sets of 14
/// labels, 420 MB at 3 bytes instead of 560 at 4. Dictionaries that large are rare (the 10M
/// ledger of the benchmark has about 2.4 million distinct label texts).
class PackedIds final
{
public:
    static constexpr std::uint32_t kNarrowMax = 0xFFFFFFU;

    size_t size() const { return m_size; }
    unsigned width() const { return m_width; }
    std::uint32_t operator[](size_t i) const { return run(i, i + 1)[0]; }
    /// Ids [from, to).
    PackedIdRun run(size_t from, size_t to) const
    {
        return {m_bytes.data() + from * m_width, to - from, m_width};
    }
    void reserve(size_t ids) { m_bytes.reserve(ids * m_width + kPad); }
    void push_back(std::uint32_t id) { append(std::span<const std::uint32_t>(&id, 1)); }
    void append(std::span<const std::uint32_t> ids)
    {
        if (m_width == 3)
            for (const std::uint32_t id : ids)
                if (id > kNarrowMax) {
                    widen();
                    break;
                }
        const size_t at = m_size * m_width;
        m_bytes.resize(at + ids.size() * m_width + kPad);
        unsigned char *out = m_bytes.data() + at;
        // Four bytes per id, each id's store overwriting the byte after the one before: the
        // ids go in ascending order, so only the trailing pad keeps a stray (zero) byte.
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
        m_bytes.back() = 0;
    }
    /// Stores every id in 4 bytes from now on.
    void widen()
    {
        if (m_width == 4)
            return;
        std::vector<unsigned char> wide(m_size * 4 + kPad);
        const PackedIdRun all = run(0, m_size);
        for (size_t i = 0; i < m_size; ++i) {
            const std::uint32_t id = all[i];
            std::memcpy(wide.data() + i * 4, &id, sizeof id);
        }
        m_bytes = std::move(wide);
        m_width = 4;
    }

private:
    static constexpr size_t kPad = 1; ///< the byte a 4-byte load of the last 3-byte id reads
    std::vector<unsigned char> m_bytes = std::vector<unsigned char>(kPad, 0);
    size_t m_size = 0;
    unsigned m_width = 3;
};

} // namespace unalloc::core
