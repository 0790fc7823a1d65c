// Label-set chunks (labelchunks.h): building one, reading one slot by slot or by id, and
// scanning every stored set in id order.
#include "labelchunks.h"

#include "labelsetcodec.h"

#include <algorithm>

namespace unalloc::core::labelchunks {

using labelsetcodec::getVarint;
using labelsetcodec::putVarint;

Error chunkCorrupt(std::int64_t first, const std::string &detail)
{
    return Error{"ledger-corrupt",
                 "stored label-set chunk " + std::to_string(first) + " " + detail,
                 {},
                 {},
                 {}};
}

namespace {

/// A set's v5 body from its shape and values.
void rebuild(std::string &out,
             const std::vector<std::uint64_t> &keys,
             const std::uint64_t *values,
             std::string_view rest)
{
    out.clear();
    putVarint(out, keys.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        putVarint(out, keys[i]);
        putVarint(out, values[i]);
    }
    out.append(rest);
}

} // namespace

bool ChunkBuilder::add(std::string_view body)
{
    size_t pos = 0;
    std::uint64_t n = 0;
    if (!getVarint(body, pos, n) || n > body.size())
        return false;
    m_keys.clear();
    const size_t valuesAt = m_slotBytes.size();
    m_slotBytes += '\0'; // the shape number, written below (one byte while shapes < 128)
    std::string values;
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t k = 0, v = 0;
        if (!getVarint(body, pos, k) || !getVarint(body, pos, v)) {
            m_slotBytes.resize(valuesAt);
            return false;
        }
        m_keys.push_back(k);
        putVarint(values, v);
    }
    const std::string_view rest = body.substr(pos);
    m_shape.clear();
    putVarint(m_shape, n);
    for (std::uint64_t k : m_keys)
        putVarint(m_shape, k);
    putVarint(m_shape, rest.size());
    m_shape.append(rest);
    auto [it, added] =
        m_shapeIndex.try_emplace(m_shape, static_cast<std::uint32_t>(m_shapes.size() + 1));
    if (added)
        m_shapes.push_back(&it->first);
    std::string number;
    putVarint(number, it->second);
    m_slotBytes.replace(valuesAt, 1, number);
    m_slotBytes += values;
    ++m_slots;
    ++m_sets;
    return true;
}

void ChunkBuilder::addHole()
{
    m_slotBytes += '\0';
    ++m_slots;
}

std::string ChunkBuilder::finish()
{
    std::string out;
    putVarint(out, m_shapes.size());
    for (const std::string *s : m_shapes)
        out += *s;
    out += m_slotBytes;
    m_shapeIndex.clear();
    m_shapes.clear();
    m_slotBytes.clear();
    m_slots = m_sets = 0;
    return out;
}

Result<ChunkReader> ChunkReader::open(std::string body, std::int64_t first, std::int64_t span)
{
    ChunkReader r;
    r.m_body = std::move(body);
    r.m_first = first;
    r.m_span = span;
    if (first <= 0 || span <= 0 || span > std::int64_t{1} << 20)
        return fail(chunkCorrupt(first, "has a span of " + std::to_string(span) + " ids"));
    const std::string_view b = r.m_body;
    size_t &pos = r.m_pos;
    std::uint64_t shapes = 0;
    if (!getVarint(b, pos, shapes) || shapes > b.size())
        return fail(chunkCorrupt(first, "ends early"));
    r.m_shapes.reserve(shapes);
    for (std::uint64_t s = 0; s < shapes; ++s) {
        Shape shape;
        std::uint64_t n = 0, restSize = 0;
        if (!getVarint(b, pos, n) || n > b.size())
            return fail(chunkCorrupt(first, "ends early"));
        shape.keys.resize(n);
        for (std::uint64_t &k : shape.keys)
            if (!getVarint(b, pos, k))
                return fail(chunkCorrupt(first, "ends early"));
        if (!getVarint(b, pos, restSize) || restSize > b.size() - pos)
            return fail(chunkCorrupt(first, "ends early"));
        shape.restAt = pos;
        shape.restSize = restSize;
        // The rest as decodeIds checks it: raw labels (two numbers each), collisions.
        const std::string_view rest = b.substr(pos, restSize);
        size_t at = 0;
        std::uint64_t nRaw = 0, skip = 0, nCollisions = 0;
        if (!getVarint(rest, at, nRaw) || nRaw > rest.size())
            return fail(chunkCorrupt(first, "has a shape that ends early"));
        for (std::uint64_t i = 0; i < 2 * nRaw; ++i)
            if (!getVarint(rest, at, skip))
                return fail(chunkCorrupt(first, "has a shape that ends early"));
        if (!getVarint(rest, at, nCollisions))
            return fail(chunkCorrupt(first, "has a shape that ends early"));
        shape.hasCollisions = nCollisions > 0;
        if (!shape.hasCollisions && at != rest.size())
            return fail(chunkCorrupt(first, "has a shape with bytes after its end"));
        pos += restSize;
        r.m_shapes.push_back(std::move(shape));
    }
    return r;
}

Result<bool> ChunkReader::nextSlot(std::int64_t &id)
{
    const std::string_view b = m_body;
    size_t pos = m_pos;
    while (m_slot < m_span) {
        std::uint64_t shape = 0;
        if (!getVarint(b, pos, shape)) {
            m_pos = pos;
            return fail(chunkCorrupt(m_first, "ends early"));
        }
        const std::int64_t slot = m_slot++;
        if (shape == 0)
            continue;
        m_pos = pos;
        if (shape > m_shapes.size())
            return fail(chunkCorrupt(m_first, "names shape " + std::to_string(shape) + " of " +
                                                  std::to_string(m_shapes.size())));
        m_current = static_cast<std::uint32_t>(shape - 1);
        m_valuesAt = pos;
        id = m_first + slot;
        return true;
    }
    m_pos = pos;
    if (m_pos != b.size())
        return fail(chunkCorrupt(m_first, "has bytes after its last slot"));
    return false;
}

Result<bool> ChunkReader::nextIds(std::int64_t &id, labelsetcodec::BodyIds &ids)
{
    auto got = nextSlot(id);
    if (!got || !*got)
        return got;
    const Shape &s = m_shapes[m_current];
    const size_t n = s.keys.size();
    ids.labels.resize(n);
    // A local cursor: stored back into m_pos once per set, not after every byte.
    const std::string_view b = m_body;
    size_t pos = m_pos;
    std::pair<std::uint64_t, std::uint64_t> *const labels = ids.labels.data();
    const std::uint64_t *const keys = s.keys.data();
    for (size_t i = 0; i < n; ++i) {
        std::uint64_t v = 0;
        if (!getVarint(b, pos, v)) {
            m_pos = pos;
            return fail(chunkCorrupt(m_first, "ends early"));
        }
        labels[i] = {keys[i], v};
    }
    m_pos = pos;
    ids.hasCollisions = s.hasCollisions;
    return true;
}

Result<bool>
ChunkReader::nextValues(std::int64_t &id, std::vector<std::uint32_t> &values, IdRange &range)
{
    auto got = nextSlot(id);
    if (!got || !*got)
        return got;
    const size_t n = m_shapes[m_current].keys.size(), at = values.size();
    values.resize(at + n);
    std::uint32_t *const out = values.data() + at;
    const std::string_view b = m_body;
    size_t pos = m_pos;
    std::uint32_t lowest = range.lowest, highest = range.highest;
    for (size_t i = 0; i < n; ++i) {
        std::uint64_t v = 0;
        if (!getVarint(b, pos, v)) {
            m_pos = pos;
            values.resize(at);
            return fail(chunkCorrupt(m_first, "ends early"));
        }
        const std::uint32_t w = v < 0xffffffffU ? static_cast<std::uint32_t>(v) : 0xffffffffU;
        out[i] = w;
        lowest = std::min(lowest, w);
        highest = std::max(highest, w);
    }
    m_pos = pos;
    range = {lowest, highest};
    return true;
}

std::string_view ChunkReader::body()
{
    const Shape &s = m_shapes[m_current];
    m_values.resize(s.keys.size());
    size_t pos = m_valuesAt;
    for (std::uint64_t &v : m_values)
        (void)getVarint(m_body, pos, v); // checked when the set was read
    rebuild(m_set, s.keys, m_values.data(), std::string_view(m_body).substr(s.restAt, s.restSize));
    return m_set;
}

std::string ChunkReader::shapeBytes() const
{
    const Shape &s = m_shapes[m_current];
    std::string out;
    labelsetcodec::putVarint(out, s.keys.size());
    for (const std::uint64_t k : s.keys)
        labelsetcodec::putVarint(out, k);
    out.append(std::string_view(m_body).substr(s.restAt, s.restSize));
    return out;
}

Result<bool> ChunkReader::next(std::int64_t &id, std::string_view &body)
{
    auto got = nextIds(id, m_ids);
    if (got && *got)
        body = this->body();
    return got;
}

Result<bool> SetScan::next(std::int64_t &id, std::string_view &body)
{
    auto got = nextIds(id, m_ids);
    if (got && *got)
        body = m_reader->body();
    return got;
}

template<typename Read> Result<bool> SetScan::fromChunks(Read &&read)
{
    for (;;) {
        if (m_reader) {
            auto got = read(*m_reader);
            if (!got || *got)
                return got;
            m_reader.reset();
        }
        if (auto opened = openNext(); !opened || !*opened)
            return opened;
    }
}

Result<bool> SetScan::nextIds(std::int64_t &id, labelsetcodec::BodyIds &ids)
{
    return fromChunks([&](ChunkReader &r) { return r.nextIds(id, ids); });
}

Result<bool>
SetScan::nextValues(std::int64_t &id, std::vector<std::uint32_t> &values, IdRange &range)
{
    return fromChunks([&](ChunkReader &r) { return r.nextValues(id, values, range); });
}

Result<bool> SetScan::openNext()
{
    std::unique_lock<sql::Turns> held;
    if (m_turns)
        held = std::unique_lock<sql::Turns>(*m_turns);
    if (!m_started) {
        m_started = true;
        auto st = m_db.prepare("SELECT first, span, body FROM label_chunks ORDER BY first");
        if (!st)
            return fail(st.error());
        m_chunks = std::move(*st);
    }
    if (!m_chunks.isValid())
        return false;
    auto row = m_chunks.step();
    if (!row)
        return fail(row.error());
    if (!*row) {
        m_chunks = {};
        return false;
    }
    std::string body(m_chunks.blob(2));
    const std::int64_t first = m_chunks.int64(0), span = m_chunks.int64(1);
    if (held)
        held.unlock(); // the chunk is parsed outside the lock
    auto reader = ChunkReader::open(std::move(body), first, span);
    if (!reader)
        return fail(reader.error());
    m_reader = std::move(*reader);
    ++m_serial;
    return true;
}

Result<void> ChunkReader::indexSlots()
{
    const std::string_view b = m_body;
    m_slotAt.resize(static_cast<size_t>(m_span));
    for (std::int64_t slot = 0; slot < m_span; ++slot) {
        m_slotAt[static_cast<size_t>(slot)] = static_cast<std::uint32_t>(m_pos);
        std::uint64_t shape = 0, skip = 0;
        if (!getVarint(b, m_pos, shape))
            return fail(chunkCorrupt(m_first, "ends early"));
        if (shape > m_shapes.size())
            return fail(chunkCorrupt(m_first, "names shape " + std::to_string(shape) + " of " +
                                                  std::to_string(m_shapes.size())));
        if (shape == 0)
            continue;
        for (size_t i = 0; i < m_shapes[shape - 1].keys.size(); ++i)
            if (!getVarint(b, m_pos, skip))
                return fail(chunkCorrupt(m_first, "ends early"));
    }
    if (m_pos != b.size())
        return fail(chunkCorrupt(m_first, "has bytes after its last slot"));
    m_slot = m_span;
    return {};
}

bool ChunkReader::setAt(std::int64_t id, std::string &out) const
{
    if (id < m_first || id >= m_first + m_span || m_slotAt.empty())
        return false;
    const std::string_view b = m_body;
    size_t pos = m_slotAt[static_cast<size_t>(id - m_first)];
    std::uint64_t shape = 0;
    (void)getVarint(b, pos, shape); // indexSlots checked every slot
    if (shape == 0)
        return false;
    const Shape &s = m_shapes[shape - 1];
    std::vector<std::uint64_t> values(s.keys.size());
    for (std::uint64_t &v : values)
        (void)getVarint(b, pos, v);
    rebuild(out, s.keys, values.data(), b.substr(s.restAt, s.restSize));
    return true;
}

Result<std::optional<std::string>> BodyLookup::find(std::int64_t id)
{
    std::string out;
    for (auto it = m_chunks.rbegin(); it != m_chunks.rend(); ++it)
        if (id >= it->first() && id < it->first() + it->span())
            return it->setAt(id, out) ? std::optional<std::string>(std::move(out))
                                      : std::optional<std::string>();
    if (!m_select.isValid()) {
        auto st = m_db.prepare("SELECT first, span, body FROM label_chunks WHERE first <= ?1 "
                               "ORDER BY first DESC LIMIT 1");
        if (!st)
            return fail(st.error());
        m_select = std::move(*st);
    }
    m_select.reset();
    m_select.bind(1, id);
    auto row = m_select.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<std::string>();
    const std::int64_t first = m_select.int64(0), span = m_select.int64(1);
    if (id >= first + span) {
        m_select.reset();
        return std::optional<std::string>();
    }
    auto reader = ChunkReader::open(std::string(m_select.blob(2)), first, span);
    m_select.reset();
    if (!reader)
        return fail(reader.error());
    if (auto r = reader->indexSlots(); !r)
        return fail(r.error());
    if (m_chunks.size() == kKept)
        m_chunks.erase(m_chunks.begin());
    m_chunks.push_back(std::move(*reader));
    return m_chunks.back().setAt(id, out) ? std::optional<std::string>(std::move(out))
                                          : std::optional<std::string>();
}

} // namespace unalloc::core::labelchunks
