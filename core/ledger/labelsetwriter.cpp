#include "labelsetwriter.h"

#include "labelsetcodec.h"

#include <algorithm>
#include <cstring>

namespace unalloc::core {

namespace {

std::uint64_t mix(std::uint64_t h)
{
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

/// Words of 8 bytes at a time: strings here are keys, ids, IPs and names, mostly short.
std::uint64_t hashText(std::string_view s)
{
    std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
        std::uint64_t w = 0;
        std::memcpy(&w, s.data() + i, 8);
        h = mix(h ^ w) * 0x9E3779B97F4A7C15ULL;
    }
    std::uint64_t w = 0;
    std::memcpy(&w, s.data() + i, s.size() - i);
    return mix(h ^ w);
}

} // namespace

Result<void> LabelSetWriter::prepare()
{
    struct P
    {
        sql::Stmt *stmt;
        const char *text;
    };
    const P all[] = {
        {&m_findString, "SELECT id FROM label_strings WHERE s = ?1"},
        {&m_insertString, "INSERT INTO label_strings(s) VALUES (?1)"},
        {&m_findSets, "SELECT id, body FROM label_sets WHERE h = ?1"},
        {&m_body, "SELECT body FROM label_sets WHERE id = ?1"},
        {&m_insertSet, "INSERT INTO label_sets(h, body) VALUES (?1, ?2)"},
    };
    for (const P &p : all) {
        auto st = m_db.prepare(p.text);
        if (!st)
            return fail(st.error());
        *p.stmt = std::move(*st);
    }
    auto strings = m_db.scalar("SELECT EXISTS (SELECT 1 FROM label_strings)");
    auto sets = m_db.scalar("SELECT EXISTS (SELECT 1 FROM label_sets)");
    if (!strings)
        return fail(strings.error());
    if (!sets)
        return fail(sets.error());
    m_storedStrings = *strings != 0;
    m_storedSets = *sets != 0;
    return {};
}

Result<std::int64_t> LabelSetWriter::internString(std::string_view s)
{
    const auto next = static_cast<std::uint32_t>(m_stringIds.size());
    const auto [index, added] = m_stringIndex.findOrInsert(
        hashText(s), next, [this, s](std::uint32_t i) { return stringAt(i) == s; });
    if (!added)
        return m_stringIds[index];
    // Known to the index from here on: the arena holds it before anything can fail.
    m_arena.append(s);
    m_offsets.push_back(m_arena.size());
    m_stringIds.push_back(0);
    std::int64_t id = 0;
    if (m_storedStrings) {
        m_findString.reset();
        m_findString.bind(1, s, false);
        auto row = m_findString.step();
        if (!row)
            return fail(row.error());
        if (*row)
            id = m_findString.int64(0);
        m_findString.reset(); // an open read would lock the tables a bulk import drops from
    }
    if (id == 0) {
        m_insertString.reset();
        m_insertString.bind(1, s, false);
        if (auto r = m_insertString.exec(); !r)
            return fail(r.error());
        id = m_db.lastInsertId();
    }
    m_stringIds[index] = id;
    return id;
}

Result<bool> LabelSetWriter::sameBody(std::int64_t id, std::string_view body)
{
    m_body.reset();
    m_body.bind(1, id);
    auto row = m_body.step();
    if (!row)
        return fail(row.error());
    const bool same = *row && m_body.blob(0) == body;
    m_body.reset();
    return same;
}

void LabelSetWriter::index(size_t set)
{
    if (m_ids.size() * 10 > m_slots.size() * 7) {
        m_slots.assign(std::max<size_t>(1024, m_slots.size() * 2), 0);
        for (size_t i = 0; i + 1 < m_ids.size(); ++i)
            index(i);
    }
    const size_t mask = m_slots.size() - 1;
    size_t i = static_cast<size_t>(mix(m_hashes[set])) & mask;
    while (m_slots[i] != 0)
        i = (i + 1) & mask;
    m_slots[i] = static_cast<std::uint32_t>(set + 1);
}

Result<std::int64_t> LabelSetWriter::intern(const LabelMap &labels,
                                            const RawLabels &raw,
                                            const std::vector<Collision> &collisions,
                                            std::uint64_t hash)
{
    auto body = labelsetcodec::encode(labels, raw, collisions,
                                      [this](std::string_view s) { return internString(s); });
    if (!body)
        return fail(body.error());
    if (!m_slots.empty()) {
        const size_t mask = m_slots.size() - 1;
        for (size_t i = static_cast<size_t>(mix(hash)) & mask; m_slots[i] != 0;
             i = (i + 1) & mask) {
            const size_t set = m_slots[i] - 1;
            if (m_hashes[set] != hash)
                continue;
            auto same = sameBody(m_ids[set], *body);
            if (!same)
                return fail(same.error());
            if (*same)
                return m_ids[set];
        }
    }
    const auto storedHash = static_cast<std::int64_t>(hash);
    if (m_storedSets) {
        m_findSets.reset();
        m_findSets.bind(1, storedHash);
        for (;;) {
            auto row = m_findSets.step();
            if (!row)
                return fail(row.error());
            if (!*row) {
                m_findSets.reset();
                break;
            }
            if (m_findSets.blob(1) == *body) {
                const std::int64_t id = m_findSets.int64(0);
                m_findSets.reset();
                return id;
            }
        }
    }
    m_insertSet.reset();
    m_insertSet.bind(1, storedHash);
    m_insertSet.bindBlob(2, body->data(), static_cast<int>(body->size()), false);
    if (auto r = m_insertSet.exec(); !r)
        return fail(r.error());
    const std::int64_t id = m_db.lastInsertId();
    m_hashes.push_back(hash);
    m_ids.push_back(id);
    index(m_ids.size() - 1);
    return id;
}

} // namespace unalloc::core
