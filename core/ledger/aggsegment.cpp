// Aggregate segments (aggsegment.h): the body codec and the writer; aggmerge.cpp reads them
// back merged with the agg table.
#include "aggsegment.h"

#include <algorithm>
#include <array>
#include <utility>

namespace unalloc::core::aggsegment {

namespace {

// Body: format byte, varint group count, then per group
//   varint label set − previous label set (keys ascend, so never negative)
//   flags: which of source, object, currency, provider, model, days equal the previous
//          group's (bit 0–5), rows == 1 (bit 6)
//   the fields that differ, as varints (day as a zigzag difference to the previous day)
//   varint rows when not 1
//   the amount: varint k (0–18) and a zigzag varint of units ÷ 10^k (most amounts end in zeros
//   at 18 decimal places: $0.000123 takes 3 bytes instead of 16)
constexpr unsigned char kFormat = 1;
constexpr unsigned kSameSource = 1U << 0;
constexpr unsigned kSameObject = 1U << 1;
constexpr unsigned kSameCurrency = 1U << 2;
constexpr unsigned kSameProvider = 1U << 3;
constexpr unsigned kSameModel = 1U << 4;
constexpr unsigned kSameDays = 1U << 5;
constexpr unsigned kOneRow = 1U << 6;

using U128 = unsigned __int128;
using I128 = __int128;

void put(std::string &out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<char>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}

void put128(std::string &out, U128 v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<char>(static_cast<unsigned>(v) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(static_cast<unsigned>(v)));
}

std::uint64_t zigzag(std::int64_t v)
{
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

std::int64_t unzigzag(std::uint64_t v)
{
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

constexpr I128 pow10(int k)
{
    I128 p = 1;
    for (int i = 0; i < k; ++i)
        p *= 10;
    return p;
}

Error corrupt(std::string detail)
{
    return Error{"ledger-corrupt", "an aggregate segment " + std::move(detail), {}, {}, {}};
}

} // namespace

std::strong_ordering compareKey(const Group &a, const Group &b)
{
    if (auto c = a.labelSet <=> b.labelSet; c != 0)
        return c;
    if (auto c = a.source <=> b.source; c != 0)
        return c;
    if (auto c = a.object <=> b.object; c != 0)
        return c;
    if (auto c = a.day <=> b.day; c != 0)
        return c;
    if (auto c = a.currency <=> b.currency; c != 0)
        return c;
    if (auto c = a.batch <=> b.batch; c != 0)
        return c;
    if (auto c = a.provider <=> b.provider; c != 0)
        return c;
    if (auto c = a.model <=> b.model; c != 0)
        return c;
    return a.days <=> b.days;
}

std::string encode(std::span<const Group> groups)
{
    std::string out;
    out.reserve(8 + groups.size() * 12);
    out.push_back(static_cast<char>(kFormat));
    put(out, groups.size());
    Group prev;
    prev.days = -1; // the first group's days are always written
    prev.source = prev.object = prev.currency = prev.provider = prev.model = -1;
    for (const Group &g : groups) {
        put(out, static_cast<std::uint64_t>(g.labelSet - prev.labelSet));
        unsigned flags = 0;
        flags |= g.source == prev.source ? kSameSource : 0U;
        flags |= g.object == prev.object ? kSameObject : 0U;
        flags |= g.currency == prev.currency ? kSameCurrency : 0U;
        flags |= g.provider == prev.provider ? kSameProvider : 0U;
        flags |= g.model == prev.model ? kSameModel : 0U;
        flags |= g.days == prev.days ? kSameDays : 0U;
        flags |= g.rows == 1 ? kOneRow : 0U;
        out.push_back(static_cast<char>(flags));
        if (!(flags & kSameSource))
            put(out, static_cast<std::uint64_t>(g.source));
        if (!(flags & kSameObject))
            put(out, static_cast<std::uint64_t>(g.object));
        if (!(flags & kSameCurrency))
            put(out, static_cast<std::uint64_t>(g.currency));
        if (!(flags & kSameProvider))
            put(out, static_cast<std::uint64_t>(g.provider));
        if (!(flags & kSameModel))
            put(out, static_cast<std::uint64_t>(g.model));
        if (!(flags & kSameDays))
            put(out, static_cast<std::uint64_t>(g.days));
        put(out, zigzag(std::int64_t{g.day} - prev.day));
        if (!(flags & kOneRow))
            put(out, static_cast<std::uint64_t>(g.rows));
        // Trailing decimal zeros come off (64-bit divisions while the value fits).
        I128 units = g.amount.units();
        int k = 0;
        if (units != 0) {
            if (units >= INT64_MIN && units <= INT64_MAX) {
                auto v = static_cast<std::int64_t>(units);
                while (k < Decimal::kScale && v % 10 == 0) {
                    v /= 10;
                    ++k;
                }
                units = v;
            } else {
                while (k < Decimal::kScale && units % 10 == 0) {
                    units /= 10;
                    ++k;
                }
            }
        }
        out.push_back(static_cast<char>(k));
        put128(out, (static_cast<U128>(units) << 1) ^ static_cast<U128>(units >> 127));
        prev = g;
    }
    return out;
}

Reader::Reader(std::string_view body, std::int64_t batch)
    : m_body(body)
    , m_batch(batch)
{
    m_prev.days = -1;
    m_prev.source = m_prev.object = m_prev.currency = m_prev.provider = m_prev.model = -1;
    if (!m_body.empty() && static_cast<unsigned char>(m_body[0]) == kFormat) {
        m_pos = 1;
        std::uint64_t n = 0;
        size_t pos = 1;
        bool ok = true;
        for (int shift = 0; ok; shift += 7) {
            if (pos >= m_body.size() || shift > 63) {
                ok = false;
                break;
            }
            const auto b = static_cast<unsigned char>(m_body[pos++]);
            n |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80))
                break;
        }
        // Every group takes at least three bytes.
        if (ok && n <= m_body.size()) {
            m_count = n;
            m_pos = pos;
        } else {
            m_pos = std::string_view::npos;
        }
    } else {
        m_pos = std::string_view::npos;
    }
}

Result<bool> Reader::next(Group &g)
{
    if (m_pos == std::string_view::npos)
        return fail(corrupt("of batch " + std::to_string(m_batch) + " has no valid header"));
    if (m_read == m_count) {
        if (m_pos != m_body.size())
            return fail(corrupt("of batch " + std::to_string(m_batch) + " has trailing bytes"));
        return false;
    }
    // The body is read through a local cursor, not the member (stored back once per group).
    const auto *const begin = reinterpret_cast<const unsigned char *>(m_body.data());
    const unsigned char *p = begin + m_pos;
    const unsigned char *const end = begin + m_body.size();
    bool ok = true;
    const auto get = [&]() -> std::uint64_t {
        if (p < end && !(*p & 0x80))
            return *p++;
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64 && p < end; shift += 7) {
            const unsigned b = *p++;
            v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80))
                return v;
        }
        ok = false;
        return 0;
    };
    const std::uint64_t setDelta = get();
    if (!ok || p >= end) {
        m_pos = static_cast<size_t>(p - begin);
        return fail(corrupt("of batch " + std::to_string(m_batch) + " ends early"));
    }
    const unsigned flags = *p++;
    // The fields as locals first; store() below writes g and m_prev from them.
    const auto labelSet =
        static_cast<std::int64_t>(static_cast<std::uint64_t>(m_prev.labelSet) + setDelta);
    const auto field = [&](unsigned same, std::int64_t prev) {
        return (flags & same) ? prev : static_cast<std::int64_t>(get());
    };
    const std::int64_t source = field(kSameSource, m_prev.source);
    const std::int64_t object = field(kSameObject, m_prev.object);
    const std::int64_t currency = field(kSameCurrency, m_prev.currency);
    const std::int64_t provider = field(kSameProvider, m_prev.provider);
    const std::int64_t model = field(kSameModel, m_prev.model);
    const std::int64_t days = field(kSameDays, m_prev.days);
    const std::int64_t day = m_prev.day + unzigzag(get());
    const std::int64_t rows = (flags & kOneRow) ? 1 : static_cast<std::int64_t>(get());
    std::uint64_t k = 0;
    if (ok && p < end)
        k = *p++;
    else
        ok = false;
    // The amount's zigzag varint: up to nine bytes (63 bits) in 64-bit arithmetic, the rest
    // of a 128-bit value only when it needs more.
    std::uint64_t low = 0;
    int shift = 0;
    bool ended = false;
    for (; ok && shift < 63 && p < end; shift += 7) {
        const unsigned b = *p++;
        low |= static_cast<std::uint64_t>(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            ended = true;
            break;
        }
    }
    U128 zz = low;
    for (; ok && !ended && shift < 128 && p < end; shift += 7) {
        const unsigned b = *p++;
        zz |= static_cast<U128>(b & 0x7F) << shift;
        if (!(b & 0x80))
            ended = true;
    }
    m_pos = static_cast<size_t>(p - begin);
    if (!ok || !ended || (flags & 0x80) || k > static_cast<std::uint64_t>(Decimal::kScale) ||
        days < 1 || days > INT32_MAX || day < INT32_MIN || day > INT32_MAX || rows < 0 ||
        labelSet < m_prev.labelSet)
        return fail(corrupt("of batch " + std::to_string(m_batch) + " is malformed at group " +
                            std::to_string(m_read + 1)));
    static constexpr auto kPow10 = [] {
        std::array<I128, Decimal::kScale + 1> t{};
        for (int i = 0; i <= Decimal::kScale; ++i)
            t[static_cast<size_t>(i)] = pow10(i);
        return t;
    }();
    const I128 v = static_cast<I128>(zz >> 1) ^ -static_cast<I128>(zz & 1);
    const I128 scale = kPow10[k];
    I128 units = 0;
    if (zz >> 64 == 0)
        units = v * scale; // |v| < 2^63 and scale ≤ 10^18 < 2^60: no overflow
    else if (__builtin_mul_overflow(v, scale, &units))
        return fail(
            corrupt("of batch " + std::to_string(m_batch) + " holds an amount out of range"));
    // Field by field from the locals into both: copying m_prev from g was a `rep movs` (most
    // of this function's samples on an AMD virtual machine), and a field-wise copy read back
    // 16 bytes of g just stored 8 at a time (a stall).
    const Decimal amount = Decimal::fromUnits(units);
    const auto store = [&](Group &to) {
        to.labelSet = labelSet;
        to.source = source;
        to.object = object;
        to.day = static_cast<std::int32_t>(day);
        to.currency = currency;
        to.batch = m_batch;
        to.provider = provider;
        to.model = model;
        to.days = static_cast<std::int32_t>(days);
        to.amount = amount;
        to.rows = rows;
    };
    store(g);
    if (m_read > 0 && compareKey(m_prev, g) >= 0)
        return fail(corrupt("of batch " + std::to_string(m_batch) + " lists group " +
                            std::to_string(m_read + 1) + " out of key order"));
    store(m_prev);
    ++m_read;
    return true;
}

Result<SegmentWriter> SegmentWriter::forBatch(sql::Db &db, std::int64_t batch)
{
    auto st = db.prepare("INSERT INTO agg_segments(batch, groups, body) VALUES (?1, ?2, ?3)");
    if (!st)
        return fail(st.error());
    return SegmentWriter(std::move(*st), batch);
}

Result<SegmentWriter> SegmentWriter::forRun(sql::Db &db, std::int64_t run)
{
    auto st = db.prepare(std::string("INSERT INTO ") + kRunsTable +
                         "(run, groups, body) VALUES (?1, ?2, ?3)");
    if (!st)
        return fail(st.error());
    return SegmentWriter(std::move(*st), run);
}

Result<void> SegmentWriter::add(const Group &g)
{
    m_pending.push_back(g);
    if (m_pending.size() < kPartGroups)
        return {};
    return finish();
}

Result<void> SegmentWriter::finish()
{
    if (m_pending.empty())
        return {};
    const std::string body = encode(m_pending);
    m_insert.reset();
    m_insert.bind(1, m_stream);
    m_insert.bind(2, static_cast<std::int64_t>(m_pending.size()));
    m_insert.bindBlob(3, body.data(), static_cast<int>(body.size()), false);
    m_pending.clear();
    return m_insert.exec();
}

Result<void> writeBatch(sql::Db &db, std::int64_t batch, std::span<const Group> groups)
{
    if (groups.empty())
        return {};
    auto writer = SegmentWriter::forBatch(db, batch);
    if (!writer)
        return fail(writer.error());
    for (const Group &g : groups)
        if (auto r = writer->add(g); !r)
            return r;
    return writer->finish();
}

} // namespace unalloc::core::aggsegment
