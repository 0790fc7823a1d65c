// SqliteLedger::loadCube: the aggregate table into a CostCube, read on two threads (SQLite
// steps on one, the groups are decoded and folded on the other).
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerschema.h"
#include "sqliteledger.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// @brief Aggregate rows as read from SQLite, handed from the reading thread to the thread
/// that builds the cube: ids and counts as numbers, the text and amount bytes copied into one
/// buffer (the statement's own buffers are gone at its next step).
struct AggChunk
{
    struct Row
    {
        std::int64_t labelSet, batch, rows;
        std::int32_t day;
        std::int32_t days;
        std::uint32_t source, object, currency, amount, provider, model; ///< offsets into bytes
        std::uint32_t sourceLen, objectLen, currencyLen, amountLen, providerLen, modelLen;
    };
    std::vector<Row> rows;
    std::string bytes;

    std::string_view view(std::uint32_t offset, std::uint32_t length) const
    {
        return std::string_view(bytes).substr(offset, length);
    }
};

/// @brief A small bounded hand-off between the two threads of loadCube().
class AggQueue final
{
public:
    /// False once the builder stopped.
    bool push(AggChunk &&chunk)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [this] { return m_stopped || m_chunks.size() < kDepth; });
        if (m_stopped)
            return false;
        m_chunks.push_back(std::move(chunk));
        m_notEmpty.notify_one();
        return true;
    }
    std::optional<AggChunk> pop()
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [this] { return m_stopped || m_closed || !m_chunks.empty(); });
        if (m_chunks.empty() || m_stopped)
            return std::nullopt;
        AggChunk c = std::move(m_chunks.front());
        m_chunks.pop_front();
        m_notFull.notify_one();
        return c;
    }
    /// The reader is done.
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }
    /// The builder gave up: the reader stops at its next push.
    void stop()
    {
        std::lock_guard lock(m_mutex);
        m_stopped = true;
        m_notFull.notify_all();
        m_notEmpty.notify_all();
    }

private:
    static constexpr size_t kDepth = 4;
    std::mutex m_mutex;
    std::condition_variable m_notFull, m_notEmpty;
    std::deque<AggChunk> m_chunks;
    bool m_closed = false;
    bool m_stopped = false;
};

} // namespace

Result<CostCube> SqliteLedger::loadCube() const
{
    struct Set
    {
        LabelMap labels;
        std::vector<CollisionTotal> collisions; ///< amount and rows filled per group
        std::optional<std::uint32_t> cubeId;    ///< interned at its first group
        /// The cube's label set was new at this set's first group: the aggregate's key order
        /// then makes every group of it new and its objects adjacent (appendNewGroup).
        bool fresh = false;
    };
    std::unordered_map<std::int64_t, Set> sets;
    auto strings = labelsetcodec::StringTable::load(m_db);
    if (!strings)
        return fail(strings.error());
    auto ls = m_db.prepare("SELECT id, body FROM label_sets");
    if (!ls)
        return fail(ls.error());
    const labelsetcodec::StringLookup text = strings->lookup();
    for (auto row = ls->step(); row && *row; row = ls->step()) {
        auto v =
            labelsetcodec::decode(ls->blob(1), text, labelsetcodec::Parts::LabelsAndCollisions);
        if (!v)
            return fail(v.error());
        Set s{std::move(v->labels), {}, std::nullopt};
        for (const Collision &c : v->collisions) {
            CollisionTotal t;
            t.canonicalKey = c.canonicalKey;
            for (const std::string &k : c.rawKeys)
                t.rawKeys += (t.rawKeys.empty() ? "" : ", ") + k;
            t.winnerRawKey = c.winnerRawKey;
            s.collisions.push_back(std::move(t));
        }
        sets.emplace(ls->int64(0), std::move(s));
    }
    auto st = m_db.prepare(std::string("SELECT ") + ledgerschema::kAggColumns + " FROM agg");
    if (!st)
        return fail(st.error());

    // Two threads: this one steps SQLite (about half the time of a large ledger), the other
    // decodes and folds the groups into the cube. The cube sees the rows in the aggregate's
    // order either way, so the result is the same as one thread's.
    AggQueue queue;
    CostCube cube;
    std::optional<Error> buildError;
    std::thread builder([&] {
        std::map<std::string, Currency, std::less<>> currencies;
        auto set = sets.end();
        std::int64_t setId = 0;
        while (auto chunk = queue.pop()) {
            for (const AggChunk::Row &r : chunk->rows) {
                // The aggregate's key starts with the stored label set: its groups come in
                // runs.
                if (set == sets.end() || r.labelSet != setId) {
                    setId = r.labelSet;
                    set = sets.find(setId);
                }
                auto amount = codec::decodeAmount(chunk->view(r.amount, r.amountLen));
                if (set == sets.end() || !amount) {
                    buildError = Error{"ledger-corrupt",
                                       "the aggregate references a missing label set",
                                       m_path,
                                       {},
                                       {}};
                    queue.stop();
                    return;
                }
                const std::string_view curText = chunk->view(r.currency, r.currencyLen);
                auto cur = currencies.find(curText);
                if (cur == currencies.end()) {
                    auto c = codec::decodeCurrency(curText);
                    if (!c) {
                        buildError = c.error();
                        queue.stop();
                        return;
                    }
                    cur = currencies.emplace(std::string(curText), *c).first;
                }
                if (!set->second.cubeId) {
                    const size_t known = cube.labelSets().size();
                    // Needed no more once interned: the cube keeps the one copy.
                    set->second.cubeId = cube.internLabelSet(std::move(set->second.labels));
                    set->second.fresh = cube.labelSets().size() > known;
                }
                const std::string_view source = chunk->view(r.source, r.sourceLen);
                const std::string_view object = chunk->view(r.object, r.objectLen);
                const std::string_view provider = chunk->view(r.provider, r.providerLen);
                const std::string_view model = chunk->view(r.model, r.modelLen);
                if (set->second.fresh)
                    cube.appendNewGroup(*set->second.cubeId, source, object, r.day, cur->second,
                                        r.batch, *amount, r.rows, provider, model, r.days);
                else // stored sets that differ only in raw labels share the cube's set: merge
                    cube.addGroup(*set->second.cubeId, source, object, r.day, cur->second, r.batch,
                                  *amount, r.rows, provider, model, r.days);
                for (CollisionTotal t : set->second.collisions) {
                    t.currency = cur->second;
                    t.amount = *amount;
                    t.rows = r.rows;
                    cube.addCollision(t);
                }
            }
        }
    });

    constexpr size_t kChunkRows = 4096;
    std::optional<Error> readError;
    AggChunk chunk;
    chunk.rows.reserve(kChunkRows);
    const auto append = [&chunk](std::string_view bytes, std::uint32_t &offset,
                                 std::uint32_t &length) {
        offset = static_cast<std::uint32_t>(chunk.bytes.size());
        length = static_cast<std::uint32_t>(bytes.size());
        chunk.bytes.append(bytes);
    };
    for (auto row = st->step();; row = st->step()) {
        if (!row) {
            readError = Error(sql::sqlError(m_db.handle(), "cannot read the aggregate"));
            break;
        }
        if (!*row)
            break;
        AggChunk::Row r{};
        r.labelSet = st->int64(0);
        r.day = static_cast<std::int32_t>(st->int64(3));
        r.batch = st->int64(5);
        r.days = static_cast<std::int32_t>(st->int64(8));
        r.rows = st->int64(10);
        append(st->textView(1), r.source, r.sourceLen);
        append(st->textView(2), r.object, r.objectLen);
        append(st->textView(4), r.currency, r.currencyLen);
        append(st->textView(6), r.provider, r.providerLen);
        append(st->textView(7), r.model, r.modelLen);
        append(st->blob(9), r.amount, r.amountLen);
        chunk.rows.push_back(r);
        if (chunk.rows.size() == kChunkRows) {
            if (!queue.push(std::move(chunk)))
                break; // the builder failed: its error is the one to report
            chunk = AggChunk{};
            chunk.rows.reserve(kChunkRows);
            chunk.bytes.reserve(kChunkRows * 48);
        }
    }
    if (!readError && !chunk.rows.empty())
        queue.push(std::move(chunk));
    if (readError)
        queue.stop();
    queue.close();
    builder.join();
    if (readError)
        return fail(*readError);
    if (buildError)
        return fail(*buildError);
    return cube;
}

} // namespace unalloc::core
