#include "aggsegment.h"

#include "ledgercodec.h"
#include "ledgerschema.h"

#include <algorithm>
#include <map>
#include <optional>
#include <queue>
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
    bool ok = true;
    const auto get = [&]() -> std::uint64_t {
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_body.size())
                break;
            const auto b = static_cast<unsigned char>(m_body[m_pos++]);
            v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
            if (!(b & 0x80))
                return v;
        }
        ok = false;
        return 0;
    };
    const std::uint64_t setDelta = get();
    if (!ok || m_pos >= m_body.size())
        return fail(corrupt("of batch " + std::to_string(m_batch) + " ends early"));
    const unsigned flags = static_cast<unsigned char>(m_body[m_pos++]);
    g.labelSet = static_cast<std::int64_t>(static_cast<std::uint64_t>(m_prev.labelSet) + setDelta);
    const auto field = [&](unsigned same, std::int64_t prev) {
        return (flags & same) ? prev : static_cast<std::int64_t>(get());
    };
    g.source = field(kSameSource, m_prev.source);
    g.object = field(kSameObject, m_prev.object);
    g.currency = field(kSameCurrency, m_prev.currency);
    g.provider = field(kSameProvider, m_prev.provider);
    g.model = field(kSameModel, m_prev.model);
    const std::int64_t days = field(kSameDays, m_prev.days);
    const std::int64_t day = m_prev.day + unzigzag(get());
    g.rows = (flags & kOneRow) ? 1 : static_cast<std::int64_t>(get());
    std::uint64_t k = 0;
    if (ok && m_pos < m_body.size())
        k = static_cast<unsigned char>(m_body[m_pos++]);
    else
        ok = false;
    U128 zz = 0;
    bool ended = false;
    for (int shift = 0; ok && shift < 128; shift += 7) {
        if (m_pos >= m_body.size())
            break;
        const auto b = static_cast<unsigned char>(m_body[m_pos++]);
        zz |= static_cast<U128>(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            ended = true;
            break;
        }
    }
    if (!ok || !ended || (flags & 0x80) || k > static_cast<std::uint64_t>(Decimal::kScale) ||
        days < 1 || days > INT32_MAX || day < INT32_MIN || day > INT32_MAX || g.rows < 0 ||
        g.labelSet < m_prev.labelSet)
        return fail(corrupt("of batch " + std::to_string(m_batch) + " is malformed at group " +
                            std::to_string(m_read + 1)));
    const I128 v = static_cast<I128>(zz >> 1) ^ -static_cast<I128>(zz & 1);
    const I128 scale = pow10(static_cast<int>(k));
    I128 units = 0;
    if (__builtin_mul_overflow(v, scale, &units))
        return fail(
            corrupt("of batch " + std::to_string(m_batch) + " holds an amount out of range"));
    g.amount = Decimal::fromUnits(units);
    g.day = static_cast<std::int32_t>(day);
    g.days = static_cast<std::int32_t>(days);
    g.batch = m_batch;
    if (m_read > 0 && compareKey(m_prev, g) >= 0)
        return fail(corrupt("of batch " + std::to_string(m_batch) + " lists group " +
                            std::to_string(m_read + 1) + " out of key order"));
    m_prev = g;
    ++m_read;
    return true;
}

Result<void> writeBatch(sql::Db &db, std::int64_t batch, std::span<const Group> groups)
{
    if (groups.empty())
        return {};
    auto st = db.prepare("INSERT INTO agg_segments(batch, groups, body) VALUES (?1, ?2, ?3)");
    if (!st)
        return fail(st.error());
    for (size_t at = 0; at < groups.size(); at += kPartGroups) {
        const size_t n = std::min(kPartGroups, groups.size() - at);
        const std::string body = encode(groups.subspan(at, n));
        st->reset();
        st->bind(1, batch);
        st->bind(2, static_cast<std::int64_t>(n));
        st->bindBlob(3, body.data(), static_cast<int>(body.size()), false);
        if (auto r = st->exec(); !r)
            return r;
    }
    return {};
}

namespace {

/// A group of the agg table (texts as agg_strings ids) from `st`'s current row.
Result<Group> groupFrom(const sql::Stmt &st)
{
    Group g;
    g.labelSet = st.int64(0);
    g.source = st.int64(1);
    g.object = st.int64(2);
    g.day = static_cast<std::int32_t>(st.int64(3));
    g.currency = st.int64(4);
    g.batch = st.int64(5);
    g.provider = st.int64(6);
    g.model = st.int64(7);
    g.days = static_cast<std::int32_t>(st.int64(8));
    auto amount = ledgercodec::decodeAmount(st.blob(9));
    if (!amount)
        return fail(amount.error());
    g.amount = *amount;
    g.rows = st.int64(10);
    return g;
}

} // namespace

Result<void> segmentsFromTable(sql::Db &db)
{
    // Batch by batch in key order (the table's key starts with the label set: sorted here).
    auto st =
        db.prepare(std::string("SELECT ") + ledgerschema::kAggColumns + " FROM agg ORDER BY batch");
    if (!st)
        return fail(st.error());
    std::vector<Group> groups;
    std::int64_t batch = 0;
    const auto flush = [&]() -> Result<void> {
        std::sort(groups.begin(), groups.end(),
                  [](const Group &a, const Group &b) { return compareKey(a, b) < 0; });
        auto r = writeBatch(db, batch, groups);
        groups.clear();
        return r;
    };
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto g = groupFrom(*st);
        if (!g)
            return fail(g.error());
        if (!groups.empty() && g->batch != batch)
            if (auto r = flush(); !r)
                return r;
        batch = g->batch;
        groups.push_back(*g);
    }
    if (auto r = flush(); !r)
        return r;
    st->reset();
    return db.exec("DELETE FROM agg");
}

struct Merged::Impl
{
    explicit Impl(const sql::Db &d)
        : db(d)
    {}
    const sql::Db &db;
    /// One stream per batch: its segments in id order, read one at a time.
    struct Stream
    {
        std::int64_t batch = 0;
        std::int64_t segment = 0; ///< id of the segment being read
        std::string body;
        Reader reader;
        Group head;
    };
    std::vector<Stream> streams;
    std::optional<sql::Stmt> nextSegment; ///< the batch's segment after a given id
    std::optional<sql::Stmt> adjustments; ///< the agg table in key order
    std::optional<Group> adjustment;      ///< its current row
    /// Streams by their head's key (the heap's top is the smallest).
    std::vector<size_t> heap;

    bool greater(size_t a, size_t b) const
    {
        return compareKey(streams[a].head, streams[b].head) > 0;
    }
    void push(size_t i)
    {
        heap.push_back(i);
        std::push_heap(heap.begin(), heap.end(),
                       [this](size_t a, size_t b) { return greater(a, b); });
    }
    size_t pop()
    {
        std::pop_heap(heap.begin(), heap.end(),
                      [this](size_t a, size_t b) { return greater(a, b); });
        const size_t i = heap.back();
        heap.pop_back();
        return i;
    }
    /// Moves stream `s` to its next group (loading its next segment when one ends).
    Result<bool> advance(Stream &s)
    {
        for (;;) {
            auto got = s.reader.next(s.head);
            if (!got)
                return fail(got.error());
            if (*got)
                return true;
            nextSegment->reset();
            nextSegment->bind(1, s.batch);
            nextSegment->bind(2, s.segment);
            auto row = nextSegment->step();
            if (!row)
                return fail(row.error());
            if (!*row)
                return false;
            s.segment = nextSegment->int64(0);
            s.body.assign(nextSegment->blob(1));
            nextSegment->reset();
            s.reader = Reader(s.body, s.batch);
        }
    }
    Result<void> advanceAdjustment()
    {
        auto row = adjustments->step();
        if (!row)
            return fail(row.error());
        if (!*row) {
            adjustment.reset();
            return {};
        }
        auto g = groupFrom(*adjustments);
        if (!g)
            return fail(g.error());
        adjustment = *g;
        return {};
    }
};

Merged::Merged(const sql::Db &db)
    : m(std::make_unique<Impl>(db))
{}

Merged::~Merged() = default;

Result<void> Merged::start()
{
    auto next = m->db.prepare(
        "SELECT id, body FROM agg_segments WHERE batch = ?1 AND id > ?2 ORDER BY id LIMIT 1");
    auto adj = m->db.prepare(std::string("SELECT ") + ledgerschema::kAggColumns + " FROM agg");
    auto batches = m->db.prepare("SELECT DISTINCT batch FROM agg_segments ORDER BY batch");
    if (!next || !adj || !batches)
        return fail(!next ? next.error() : !adj ? adj.error() : batches.error());
    m->nextSegment = std::move(*next);
    m->adjustments = std::move(*adj);
    for (;;) {
        auto row = batches->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        Impl::Stream s;
        s.batch = batches->int64(0);
        m->streams.push_back(std::move(s));
    }
    for (size_t i = 0; i < m->streams.size(); ++i) {
        auto got = m->advance(m->streams[i]);
        if (!got)
            return fail(got.error());
        if (*got)
            m->push(i);
    }
    return m->advanceAdjustment();
}

Result<bool> Merged::next(Group &g)
{
    for (;;) {
        const bool haveSegment = !m->heap.empty();
        if (!haveSegment && !m->adjustment)
            return false;
        std::strong_ordering order = std::strong_ordering::less; // segment first
        if (haveSegment && m->adjustment)
            order = compareKey(m->streams[m->heap.front()].head, *m->adjustment);
        else if (!haveSegment)
            order = std::strong_ordering::greater;
        if (order > 0) { // an adjustment with no segment group: a group of its own
            g = *m->adjustment;
            if (auto r = m->advanceAdjustment(); !r)
                return fail(r.error());
            if (g.rows < 0 || (g.rows == 0 && !g.amount.isZero()))
                return fail(corrupt("adjustment of batch " + std::to_string(g.batch) +
                                    " has no group to adjust"));
            if (g.rows == 0)
                continue;
            return true;
        }
        const size_t i = m->pop();
        Impl::Stream &s = m->streams[i];
        g = s.head;
        auto got = m->advance(s);
        if (!got)
            return fail(got.error());
        if (*got)
            m->push(i);
        if (order == 0) { // the group moved by meter splits
            auto sum = g.amount.checkedAdd(m->adjustment->amount);
            if (!sum)
                return fail(corrupt("adjustment overflows its group"));
            g.amount = *sum;
            g.rows += m->adjustment->rows;
            if (auto r = m->advanceAdjustment(); !r)
                return fail(r.error());
        }
        if (g.rows < 0 || (g.rows == 0 && !g.amount.isZero()))
            return fail(corrupt("of batch " + std::to_string(g.batch) +
                                " and its adjustments leave a group with " +
                                std::to_string(g.rows) + " rows"));
        if (g.rows == 0)
            continue;
        return true;
    }
}

Result<void> forEachGroup(const sql::Db &db,
                          const std::string &file,
                          const std::function<Result<void>(const Group &)> &visit)
{
    Merged merged(db);
    if (auto r = merged.start(); !r)
        return fail(r.error());
    for (Group g;;) {
        auto got = merged.next(g);
        if (!got) {
            Error e = got.error();
            e.file = file;
            return fail(std::move(e));
        }
        if (!*got)
            return {};
        if (auto r = visit(g); !r)
            return r;
    }
}

} // namespace unalloc::core::aggsegment
