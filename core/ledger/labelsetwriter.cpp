#include "labelsetwriter.h"

#include "labelsetcodec.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <tuple>

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
        {&m_insertString, "INSERT INTO label_strings(id, s) VALUES (?1, ?2)"},
    };
    for (const P &p : all) {
        auto st = m_db.prepare(p.text);
        if (!st)
            return fail(st.error());
        *p.stmt = std::move(*st);
    }
    auto strings = m_db.scalar("SELECT EXISTS (SELECT 1 FROM label_strings)");
    if (!strings)
        return fail(strings.error());
    m_storedStrings = *strings != 0;
    // The id SQLite would give (the table has no AUTOINCREMENT): the largest plus one.
    auto top = m_db.scalar("SELECT coalesce(max(id), 0) FROM label_strings");
    if (!top)
        return fail(top.error());
    m_nextStringId = *top + 1;
    return {};
}

Result<std::int64_t> LabelSetWriter::internString(std::string_view s)
{
    return internString(s, hashText(s));
}

void LabelSetWriter::prefetchStrings(std::span<const std::uint64_t> hashes) const
{
    for (const std::uint64_t h : hashes)
        m_stringIndex.prefetch(h);
    for (const std::uint64_t h : hashes)
        if (const std::uint32_t i = m_stringIndex.peek(h); i != FlatIndex::kNone)
            __builtin_prefetch(m_arena.data() + m_offsets[i]);
}

Result<std::int64_t> LabelSetWriter::internString(std::string_view s, std::uint64_t hash)
{
    // Bounded: past m_stringBound strings (or kArenaBytes of text) the ones met so far are
    // forgotten, and found again through the ledger's text index, which holds them now. Ids
    // do not change.
    if (s.size() >= kArenaBytes)
        return fail("label-too-long",
                    "a label text of " + std::to_string(s.size()) + " bytes cannot be stored");
    if (m_stringIds.size() >= m_stringBound || m_arena.size() + s.size() > kArenaBytes) {
        if (auto r = flushStrings(); !r)
            return fail(r.error());
        // Until now the arena held every string this writer met: the filter learns them.
        for (size_t i = 0; i + 1 < m_offsets.size(); ++i)
            addToFilter(hashText(stringAt(static_cast<std::uint32_t>(i))));
        m_forgotStrings = true;
        m_arena.clear();
        m_offsets.assign(1, 0);
        m_stringIds.clear();
        m_stringIndex.clear();
    }
    const auto next = static_cast<std::uint32_t>(m_stringIds.size());
    const auto [index, added] = m_stringIndex.findOrInsert(
        hash, next, [this, s](std::uint32_t i) { return stringAt(i) == s; });
    if (!added)
        return m_stringIds[index];
    // Known to the index from here on: the arena holds it before anything can fail.
    m_arena.append(s);
    m_offsets.push_back(static_cast<std::uint32_t>(m_arena.size()));
    m_stringIds.push_back(0);
    std::int64_t id = 0;
    if (m_storedStrings || (m_forgotStrings && mayHaveStored(hash))) {
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
        // Stored by flushStrings, before anything reads the strings of this transaction.
        id = m_nextStringId++;
        m_pendingStrings.push_back(index);
    }
    m_stringIds[index] = id;
    return id;
}

namespace {

/// The filter's three bits for a string's hash: one rule for adding and for asking.
std::array<size_t, 3> filterBits(std::uint64_t hash, size_t bits)
{
    const std::uint64_t h2 = hash * 0x9E3779B97F4A7C15ULL;
    return {static_cast<size_t>(hash) & (bits - 1), static_cast<size_t>(h2) & (bits - 1),
            static_cast<size_t>((hash >> 32) ^ (h2 >> 7)) & (bits - 1)};
}

} // namespace

void LabelSetWriter::addToFilter(std::uint64_t hash)
{
    if (m_storedFilter.empty())
        m_storedFilter.assign(kFilterBits / 64, 0);
    for (const size_t b : filterBits(hash, kFilterBits))
        m_storedFilter[b / 64] |= std::uint64_t{1} << (b % 64);
}

bool LabelSetWriter::mayHaveStored(std::uint64_t hash) const
{
    if (m_storedFilter.empty())
        return false;
    for (const size_t b : filterBits(hash, kFilterBits))
        if ((m_storedFilter[b / 64] & (std::uint64_t{1} << (b % 64))) == 0)
            return false;
    return true;
}

Result<void> LabelSetWriter::flushStrings()
{
    std::sort(m_pendingStrings.begin(), m_pendingStrings.end(),
              [this](std::uint32_t a, std::uint32_t b) { return stringAt(a) < stringAt(b); });
    for (const std::uint32_t i : m_pendingStrings) {
        m_insertString.reset();
        m_insertString.bind(1, m_stringIds[i]);
        m_insertString.bind(2, stringAt(i), false);
        if (auto r = m_insertString.exec(); !r)
            return fail(r.error());
    }
    m_pendingStrings.clear();
    return {};
}

void LabelSetWriter::release()
{
    // Only flushed strings may go: a pending one is known by its place in the arena.
    if (!m_pendingStrings.empty())
        return;
    m_storedStrings = true; // every string is looked up in the ledger again
    m_forgotStrings = false;
    m_storedFilter = {};
    m_arena = {};
    m_offsets = {0};
    m_stringIds = {};
    m_stringIndex = {};
    m_pendingStrings = {};
    m_shapes.clear();
    forgetStored();
    for (Generation &g : m_generations)
        g = {};
}

void LabelSetWriter::forgetStored()
{
    m_readStored = false;
    m_generations[0].clear();
    m_generations[1].clear();
}

Result<void> LabelSetWriter::readStored()
{
    m_readStored = true;
    m_generations[0].clear();
    m_generations[1].clear();
    m_current = 0;
    auto next = labelchunks::nextId(m_db);
    if (!next)
        return fail(next.error());
    // This writer's sets (none yet, or kept across a forgetStored) continue after the stored.
    m_nextId = std::max(m_nextId, *next);
    // The newest chunks holding up to kWindow sets, remembered oldest first.
    auto st = m_db.prepare("SELECT first, span, sets, body FROM label_chunks ORDER BY first DESC");
    if (!st)
        return fail(st.error());
    std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> chunks;
    size_t sets = 0;
    while (sets < kWindow) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        sets += static_cast<size_t>(std::max<std::int64_t>(0, st->int64(2)));
        chunks.emplace_back(st->int64(0), st->int64(1), std::string(st->blob(3)));
    }
    st = {}; // an open read would lock the tables a bulk import drops from
    for (auto it = chunks.rbegin(); it != chunks.rend(); ++it) {
        auto reader = labelchunks::ChunkReader::open(std::move(std::get<2>(*it)), std::get<0>(*it),
                                                     std::get<1>(*it));
        if (!reader)
            return fail(reader.error());
        std::int64_t id = 0;
        std::string_view body;
        for (;;) {
            auto got = reader->next(id, body);
            if (!got)
                return fail(got.error());
            if (!*got)
                break;
            remember(hashText(body), body, id);
        }
    }
    return {};
}

void LabelSetWriter::remember(std::uint64_t hash, std::string_view body, std::int64_t id)
{
    if (m_generations[m_current].sets.size() >= kWindow) {
        m_current ^= 1;
        m_generations[m_current].clear();
    }
    Generation &g = m_generations[m_current];
    const auto i = static_cast<std::uint32_t>(g.sets.size());
    g.sets.push_back({id, g.arena.size(), body.size()});
    g.arena.append(body);
    // A body seen twice in one generation keeps its first id: the probe finds that one.
    (void)g.index.findOrInsert(hash, i, [&](std::uint32_t j) { return g.body(j) == body; });
}

std::int64_t LabelSetWriter::findRemembered(std::uint64_t hash, std::string_view body) const
{
    for (size_t k = 0; k < 2; ++k) {
        const Generation &g = m_generations[m_current ^ k];
        const std::uint32_t i =
            g.index.find(hash, [&](std::uint32_t j) { return g.body(j) == body; });
        if (i != FlatIndex::kNone)
            return g.sets[i].id;
    }
    return 0;
}

Result<void>
LabelSetWriter::encodeByShape(const LabelMap &labels, const RawLabels &raw, std::string &body)
{
    // The keys of a set and of its raw labels, in order: a gateway's sets have a few dozen
    // such shapes, so their ids are looked up once per shape instead of once per key.
    m_signature.clear();
    for (const auto &[k, v] : labels.entries()) {
        m_signature += k;
        m_signature += '\0';
    }
    m_signature += '\1';
    for (const RawLabel &l : raw) {
        m_signature += l.key;
        m_signature += '\0';
    }
    auto shape = m_shapes.find(m_signature);
    if (shape == m_shapes.end()) {
        // A new shape: the set is encoded as always first, so that strings get their ids in
        // the same order (keys and values as they come); the keys' ids are then known.
        auto encoded = labelsetcodec::encode(
            labels, raw, {}, [this](std::string_view s) { return internString(s); });
        if (!encoded)
            return fail(encoded.error());
        body = std::move(*encoded);
        if (m_shapes.size() >= kShapes)
            m_shapes.clear(); // keys that are never the same twice: stay bounded
        KeyShape ks;
        for (const auto &[k, v] : labels.entries()) {
            auto id = internString(k);
            if (!id)
                return fail(id.error());
            ks.keyIds.push_back(*id);
        }
        for (const RawLabel &l : raw) {
            auto id = internString(l.key);
            if (!id)
                return fail(id.error());
            ks.keyIds.push_back(*id);
        }
        ks.rawSource.assign(raw.size(), 0);
        m_shapes.emplace(m_signature, std::move(ks));
        return {};
    }
    KeyShape &ks = shape->second;
    const auto &entries = labels.entries();
    // As labelsetcodec::encode writes it, byte for byte.
    body.clear();
    m_valueHashes.resize(entries.size());
    for (size_t i = 0; i < entries.size(); ++i)
        m_valueHashes[i] = hashText(entries[i].second);
    prefetchStrings(m_valueHashes);
    labelsetcodec::putVarint(body, entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        auto id = internString(entries[i].second, m_valueHashes[i]);
        if (!id)
            return fail(id.error());
        labelsetcodec::putVarint(body, static_cast<std::uint64_t>(ks.keyIds[i]));
        labelsetcodec::putVarint(body, static_cast<std::uint64_t>(*id));
    }
    labelsetcodec::putVarint(body, raw.size());
    for (size_t j = 0; j < raw.size(); ++j) {
        labelsetcodec::putVarint(body, static_cast<std::uint64_t>(ks.keyIds[entries.size() + j]));
        // A raw value is the value of the first label holding it: the label that held it in
        // this shape's last set is tried first.
        const std::string &value = raw[j].value;
        size_t at = entries.size();
        const size_t guess = ks.rawSource[j];
        if (guess < entries.size() && entries[guess].second == value) {
            at = guess;
            for (size_t i = 0; i < guess; ++i)
                if (entries[i].second == value) {
                    at = i;
                    break;
                }
        } else {
            for (size_t i = 0; i < entries.size(); ++i)
                if (entries[i].second == value) {
                    at = i;
                    break;
                }
        }
        if (at < entries.size()) {
            ks.rawSource[j] = static_cast<std::uint32_t>(at);
            labelsetcodec::putVarint(body, static_cast<std::uint64_t>(at) * 2);
            continue;
        }
        auto id = internString(value);
        if (!id)
            return fail(id.error());
        labelsetcodec::putVarint(body, static_cast<std::uint64_t>(*id) * 2 + 1);
    }
    labelsetcodec::putVarint(body, 0); // no collisions
    return {};
}

Result<std::int64_t> LabelSetWriter::intern(const LabelMap &labels,
                                            const RawLabels &raw,
                                            const std::vector<Collision> &collisions)
{
    if (auto r = encode(labels, raw, collisions, m_body); !r)
        return fail(r.error());
    return store(m_body);
}

Result<void> LabelSetWriter::encode(const LabelMap &labels,
                                    const RawLabels &raw,
                                    const std::vector<Collision> &collisions,
                                    std::string &body)
{
    if (collisions.empty())
        return encodeByShape(labels, raw, body);
    auto encoded = labelsetcodec::encode(labels, raw, collisions,
                                         [this](std::string_view s) { return internString(s); });
    if (!encoded)
        return fail(encoded.error());
    body = std::move(*encoded);
    return {};
}

Result<std::int64_t> LabelSetWriter::store(std::string_view body)
{
    if (!m_readStored)
        if (auto r = readStored(); !r)
            return fail(r.error());
    const std::uint64_t hash = hashText(body);
    if (const std::int64_t id = findRemembered(hash, body); id != 0)
        return id;
    const std::int64_t id = m_nextId++;
    if (m_chunk.slotCount() == 0)
        m_chunkFirst = id;
    if (!m_chunk.add(body))
        return fail("ledger-corrupt", "a label set's body could not be stored");
    remember(hash, body, id);
    ++m_added;
    if (m_chunk.slotCount() >= labelchunks::kSlots)
        if (auto r = flush(); !r)
            return fail(r.error());
    return id;
}

Result<void> LabelSetWriter::flush()
{
    if (auto r = flushStrings(); !r)
        return fail(r.error());
    if (m_chunk.slotCount() == 0)
        return {};
    const std::int64_t span = m_chunk.slotCount(), sets = m_chunk.setCount();
    return labelchunks::insertChunk(m_db, m_chunkFirst, span, sets, m_chunk.finish());
}

} // namespace unalloc::core
