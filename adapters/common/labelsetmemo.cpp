#include "labelsetmemo.h"

#include <atomic>

#include <algorithm>
#include <cstring>
#include <utility>

namespace unalloc::adapters {

namespace {

/// Whitespace only (or empty), by core::trimmed's notion of whitespace.
bool blank(std::string_view s)
{
    for (const char c : s) {
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v')
            return false;
    }
    return true;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t word)
{
    h = (h ^ word) * 0x9E3779B97F4A7C15ULL;
    return h ^ (h >> 32);
}

/// Eight bytes per step; the length goes in first so that where a string ends matters. The
/// tail is read with fixed-size loads (overlapping ones cover every byte) rather than a copy
/// of a variable length.
std::uint64_t feed(std::uint64_t h, std::string_view s)
{
    const char *p = s.data();
    const size_t n = s.size();
    h = mix(h, n);
    auto load64 = [](const char *at) {
        std::uint64_t w;
        std::memcpy(&w, at, sizeof w);
        return w;
    };
    auto load32 = [](const char *at) {
        std::uint32_t w;
        std::memcpy(&w, at, sizeof w);
        return std::uint64_t(w);
    };
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 <= n; i += 8)
            h = mix(h, load64(p + i));
        return i == n ? h : mix(h, load64(p + n - 8));
    }
    if (n >= 4)
        return mix(h, (load32(p) << 32) | load32(p + n - 4));
    if (n > 0) {
        const auto byte = [p](size_t i) {
            return std::uint64_t(static_cast<unsigned char>(p[i]));
        };
        return mix(h, (byte(0) << 16) | (byte(n / 2) << 8) | byte(n - 1));
    }
    return h;
}

/// The table indexes by the low bits: spread every input bit into them.
std::uint64_t avalanche(std::uint64_t h)
{
    h ^= h >> 30;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 27;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

void pack(std::vector<char> &out, std::string_view s)
{
    const auto n = static_cast<std::uint32_t>(s.size());
    const auto *len = reinterpret_cast<const char *>(&n);
    out.insert(out.end(), len, len + sizeof n);
    out.insert(out.end(), s.begin(), s.end());
}

/// The next packed string at `p`, which moves past it.
std::string_view unpack(const char *&p)
{
    std::uint32_t n;
    std::memcpy(&n, p, sizeof n);
    p += sizeof n;
    const std::string_view s(p, n);
    p += n;
    return s;
}

} // namespace

void LabelSetMemo::add(std::string_view key, std::string_view value)
{
    if (blank(key) || blank(value))
        return;
    for (const auto &[k, v] : m_views) {
        if (k == key)
            return;
    }
    m_views.emplace_back(key, value);
    m_hash = feed(feed(m_hash, key), value);
}

void LabelSetMemo::prefetchSlot() const
{
    if (!m_slots.empty())
        __builtin_prefetch(&m_slots[slotOf(avalanche(m_hash))]);
}

void LabelSetMemo::prefetchEntry() const
{
    if (m_slots.empty())
        return;
    const std::uint64_t h = avalanche(m_hash);
    const Slot &s = m_slots[slotOf(h)];
    if (s.entry == 0 || s.hash != h)
        return;
    // An entry is a few hundred bytes: its first lines, where the header and raw labels are.
    const char *p = m_arena.data() + s.entry - 1;
    for (int line = 0; line < 4; ++line)
        __builtin_prefetch(p + line * 64);
}

bool LabelSetMemo::matches(const char *packed, size_t bytes) const
{
    const char *const end = packed + bytes;
    auto same = [&packed, end](std::string_view s) {
        std::uint32_t n;
        if (end - packed < static_cast<std::ptrdiff_t>(sizeof n))
            return false;
        std::memcpy(&n, packed, sizeof n);
        packed += sizeof n;
        if (n != s.size() || end - packed < static_cast<std::ptrdiff_t>(n) ||
            std::memcmp(packed, s.data(), n) != 0)
            return false;
        packed += n;
        return true;
    };
    for (const auto &[k, v] : m_views) {
        if (!same(k) || !same(v))
            return false;
    }
    return packed == end;
}

void LabelSetMemo::fill(core::CostRow &row)
{
    if (m_slots.empty())
        m_slots.resize(1024);
    const std::uint64_t h = avalanche(m_hash);
    size_t i = slotOf(h);
    size_t at = 0;
    for (;; i = (i + 1) & (m_slots.size() - 1)) {
        const Slot &s = m_slots[i];
        if (s.entry == 0) {
            at = insert(h, i);
            break;
        }
        if (s.hash != h)
            continue;
        Header head;
        std::memcpy(&head, m_arena.data() + s.entry - 1, sizeof head);
        if (matches(m_arena.data() + s.entry - 1 + sizeof head, head.rawBytes)) {
            at = s.entry - 1;
            break;
        }
    }
    Header head;
    std::memcpy(&head, m_arena.data() + at, sizeof head);
    row.labelSetMemo = head.id;
    row.labelSetMemoRestarted = std::exchange(m_restarted, false);
    if (m_elideRepeats && head.handedOut != 0) {
        row.labelsElided = true;
        return;
    }
    row.labelsElided = false;
    if (head.handedOut == 0) {
        head.handedOut = 1;
        std::memcpy(m_arena.data() + at, &head, sizeof head);
    }
    row.rawLabels.resize(m_views.size());
    for (size_t k = 0; k < m_views.size(); ++k) {
        row.rawLabels[k].key.assign(m_views[k].first);
        row.rawLabels[k].value.assign(m_views[k].second);
    }
    const char *p = m_arena.data() + at + sizeof head + head.rawBytes;
    m_labelViews.clear();
    for (std::uint32_t k = 0; k < head.labelCount; ++k) {
        const std::string_view key = unpack(p);
        m_labelViews.emplace_back(key, unpack(p));
    }
    row.labels.assignSorted(m_labelViews);
    if (head.collisions == kNoCollisions)
        row.collisions.clear();
    else
        row.collisions = m_collisions[head.collisions];
}

size_t LabelSetMemo::insert(std::uint64_t hash, size_t slot)
{
    if (m_sets >= kMaxSets || m_arena.size() >= kMaxArena) {
        reset();
        slot = slotOf(hash);
    }
    // Over views: a set of per-request metadata was ~20 strings allocated and freed here.
    m_normaliser.normaliseViews(m_views, m_labelViews, m_newCollisions);

    if (m_arena.capacity() == 0) // past kMaxArena by at most one set: rarely regrown
        m_arena.reserve(kMaxArena + (size_t(1) << 16));
    const size_t at = m_arena.size();
    // Ids come from one process-wide counter: rows of two memos (two files of one import)
    // never share one by chance. 0 is never handed out.
    static std::atomic<std::uint32_t> nextId{0};
    std::uint32_t id = nextId.fetch_add(1, std::memory_order_relaxed) + 1;
    if (id == 0) // after 2^32 sets: skip the "none" value
        id = nextId.fetch_add(1, std::memory_order_relaxed) + 1;
    // No ledger hash of the set: the importer numbers a memo's rows by their id, and the
    // ledger's writer finds a set by its body (hashing every per-request set was a tenth of
    // the parser thread's time).
    Header head{0, static_cast<std::uint32_t>(m_labelViews.size()), kNoCollisions, id, 0};
    m_arena.resize(at + sizeof head);
    for (const auto &[k, v] : m_views) {
        pack(m_arena, k);
        pack(m_arena, v);
    }
    head.rawBytes = static_cast<std::uint32_t>(m_arena.size() - at - sizeof head);
    for (const auto &[k, v] : m_labelViews) {
        pack(m_arena, k);
        pack(m_arena, v);
    }
    if (!m_newCollisions.empty()) {
        head.collisions = static_cast<std::uint32_t>(m_collisions.size());
        m_collisions.push_back(std::move(m_newCollisions));
        m_newCollisions.clear();
    }
    std::memcpy(m_arena.data() + at, &head, sizeof head);
    m_arena.resize((m_arena.size() + 7) & ~size_t(7)); // the next header starts aligned

    m_slots[slot] = Slot{hash, static_cast<std::uint32_t>(at + 1)};
    if (++m_sets * 2 > m_slots.size())
        grow();
    return at;
}

void LabelSetMemo::grow()
{
    std::vector<Slot> slots(m_slots.size() * 2);
    const size_t mask = slots.size() - 1;
    for (const Slot &s : m_slots) {
        if (s.entry == 0)
            continue;
        size_t i = size_t(s.hash) & mask;
        while (slots[i].entry != 0)
            i = (i + 1) & mask;
        slots[i] = s;
    }
    m_slots = std::move(slots);
}

void LabelSetMemo::reset()
{
    m_arena.clear();
    m_collisions.clear();
    std::fill(m_slots.begin(), m_slots.end(), Slot());
    m_sets = 0;
    m_restarted = true;
}

} // namespace unalloc::adapters
