// The aggregate as a ledger reads it back (aggsegment.h): every batch's segments merged in key
// order with the agg table's adjustments, and the migration that moves agg rows into segments.
#include "aggsegment.h"

#include "ledgercodec.h"
#include "ledgerschema.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace unalloc::core::aggsegment {

namespace {

Error corrupt(std::string detail)
{
    return Error{"ledger-corrupt", "an aggregate segment " + std::move(detail), {}, {}, {}};
}

} // namespace

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
    /// The segments' table and the column that names a stream: agg_segments by batch, or an
    /// import's spilled runs by run (all of batch `runsBatch`, no adjustments).
    std::string table = "agg_segments", column = "batch";
    std::optional<std::int64_t> runsBatch;
    /// One stream per batch (or run): its segments in id order, read one at a time.
    struct Stream
    {
        std::int64_t stream = 0;
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
    sql::Turns *turns = nullptr;          ///< serialize()
    std::unique_lock<sql::Turns> hold() const
    {
        return turns ? std::unique_lock<sql::Turns>(*turns) : std::unique_lock<sql::Turns>();
    }
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
            const auto held = hold();
            nextSegment->reset();
            nextSegment->bind(1, s.stream);
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
    /// Moves stream `i` on and puts it back on the heap unless it ended.
    Result<void> advanceAndPush(size_t i)
    {
        auto got = advance(streams[i]);
        if (!got)
            return fail(got.error());
        if (*got)
            push(i);
        return {};
    }
    Result<void> advanceAdjustment()
    {
        if (!adjustments) {
            adjustment.reset();
            return {};
        }
        const auto held = hold();
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

Merged Merged::runs(const sql::Db &db, std::int64_t batch)
{
    Merged merged(db);
    merged.m->table = kRunsTable;
    merged.m->column = "run";
    merged.m->runsBatch = batch;
    return merged;
}

void Merged::serialize(sql::Turns &turns)
{
    m->turns = &turns;
}

Merged::Merged(Merged &&) noexcept = default;
Merged::~Merged() = default;

Result<void> Merged::start()
{
    const std::string &table = m->table, &column = m->column;
    auto next = m->db.prepare("SELECT id, body FROM " + table + " WHERE " + column +
                              " = ?1 AND id > ?2 ORDER BY id LIMIT 1");
    auto streams =
        m->db.prepare("SELECT DISTINCT " + column + " FROM " + table + " ORDER BY " + column);
    if (!next || !streams)
        return fail(!next ? next.error() : streams.error());
    m->nextSegment = std::move(*next);
    if (!m->runsBatch) {
        auto adj = m->db.prepare(std::string("SELECT ") + ledgerschema::kAggColumns + " FROM agg");
        if (!adj)
            return fail(adj.error());
        m->adjustments = std::move(*adj);
    }
    for (;;) {
        auto row = streams->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        Impl::Stream s;
        s.stream = streams->int64(0);
        s.batch = m->runsBatch.value_or(s.stream);
        m->streams.push_back(std::move(s));
    }
    for (size_t i = 0; i < m->streams.size(); ++i)
        if (auto r = m->advanceAndPush(i); !r)
            return r;
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
        g = m->streams[i].head;
        if (auto r = m->advanceAndPush(i); !r)
            return fail(r.error());
        // Runs of one batch may each hold a part of a group: one group, summed.
        while (m->runsBatch && !m->heap.empty() &&
               compareKey(m->streams[m->heap.front()].head, g) == 0) {
            const size_t j = m->pop();
            auto sum = g.amount.checkedAdd(m->streams[j].head.amount);
            if (!sum)
                return fail(
                    Error{"overflow", "a group of the batch's aggregate overflows", {}, {}, {}});
            g.amount = *sum;
            g.rows += m->streams[j].head.rows;
            if (auto r = m->advanceAndPush(j); !r)
                return fail(r.error());
        }
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

Result<void> createRuns(sql::Db &db)
{
    return db.exec(std::string("CREATE TABLE IF NOT EXISTS ") + kRunsTable +
                   "(id INTEGER PRIMARY KEY, run INTEGER NOT NULL, groups INTEGER NOT NULL, "
                   "body BLOB NOT NULL)");
}

Result<void> writeRuns(sql::Db &db, std::int64_t batch)
{
    auto writer = SegmentWriter::forBatch(db, batch);
    if (!writer)
        return fail(writer.error());
    {
        Merged merged = Merged::runs(db, batch);
        if (auto r = merged.start(); !r)
            return r;
        for (Group g;;) {
            auto got = merged.next(g);
            if (!got)
                return fail(got.error());
            if (!*got)
                break;
            if (auto r = writer->add(g); !r)
                return r;
        }
    }
    if (auto r = writer->finish(); !r)
        return r;
    return db.exec(std::string("DELETE FROM ") + kRunsTable);
}

} // namespace unalloc::core::aggsegment
