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

namespace unalloc::core {

namespace codec = ledgercodec;

namespace {

/// @brief Aggregate rows as read from SQLite, handed from the reading thread to the thread
/// that builds the cube: ids and counts as numbers (texts are ids of agg_strings), the amount
/// bytes copied into one buffer (the statement's own buffers are gone at its next step).
struct AggChunk
{
    struct Row
    {
        std::int64_t labelSet, batch, rows;
        std::int64_t source, object, currency, provider, model; ///< agg_strings ids
        std::int32_t day;
        std::int32_t days;
        std::uint32_t amount, amountLen; ///< offset and length in bytes
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
    // Stored sets as ledger string ids, read before the aggregate: each is interned into the
    // cube at its first group (so the cube holds only sets that carry cost), its text
    // translated to the cube's string ids once per distinct string.
    struct Set
    {
        std::uint32_t begin = 0, end = 0; ///< into pairs; begin == end + 1 marks "not stored"
        std::uint32_t collisions = 0;     ///< 1 + index into setCollisions, 0 = none
        std::uint32_t cubeId = LabelSetPool::kAbsent; ///< interned at its first group
        /// The cube's label set was new at this set's first group: the aggregate's key order
        /// then makes every group of it new and its objects adjacent (appendNewGroup).
        bool fresh = false;
    };
    constexpr std::uint32_t kMissing = 0xffffffffU;
    std::vector<Set> sets;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
    std::vector<std::vector<CollisionTotal>> setCollisions;
    auto strings = labelsetcodec::StringTable::load(m_db);
    if (!strings)
        return fail(strings.error());
    {
        auto ls = m_db.prepare("SELECT id, body FROM label_sets");
        if (!ls)
            return fail(ls.error());
        const labelsetcodec::StringLookup text = strings->lookup();
        labelsetcodec::BodyIds ids;
        for (auto row = ls->step(); row && *row; row = ls->step()) {
            const std::int64_t id = ls->int64(0);
            if (id < 0 || id > std::int64_t{1} << 32)
                return fail(Error{"ledger-corrupt",
                                  "stored label set id " + std::to_string(id) + " is out of range",
                                  m_path,
                                  {},
                                  {}});
            if (auto r = labelsetcodec::decodeIds(ls->blob(1), ids); !r)
                return fail(r.error());
            if (static_cast<size_t>(id) >= sets.size())
                sets.resize(static_cast<size_t>(id) + 1, Set{1, 0, 0, kMissing, false});
            Set &s = sets[static_cast<size_t>(id)];
            s.begin = static_cast<std::uint32_t>(pairs.size());
            pairs.insert(pairs.end(), ids.labels.begin(), ids.labels.end());
            s.end = static_cast<std::uint32_t>(pairs.size());
            if (!ids.hasCollisions)
                continue;
            auto v =
                labelsetcodec::decode(ls->blob(1), text, labelsetcodec::Parts::LabelsAndCollisions);
            if (!v)
                return fail(v.error());
            std::vector<CollisionTotal> list;
            for (const Collision &c : v->collisions) {
                CollisionTotal t;
                t.canonicalKey = c.canonicalKey;
                for (const std::string &k : c.rawKeys)
                    t.rawKeys += (t.rawKeys.empty() ? "" : ", ") + k;
                t.winnerRawKey = c.winnerRawKey;
                list.push_back(std::move(t));
            }
            setCollisions.push_back(std::move(list));
            s.collisions = static_cast<std::uint32_t>(setCollisions.size());
        }
    }
    // The aggregate's texts (source, cost object, currency, provider, model) by id.
    std::vector<std::string> aggTexts;
    std::vector<bool> aggKnown;
    {
        auto texts = m_db.prepare("SELECT id, s FROM agg_strings");
        if (!texts)
            return fail(texts.error());
        for (auto row = texts->step();; row = texts->step()) {
            if (!row)
                return fail(row.error());
            if (!*row)
                break;
            const std::int64_t id = texts->int64(0);
            if (id <= 0 || id > (std::int64_t{1} << 31))
                return fail("ledger-corrupt", "agg_strings holds id " + std::to_string(id), m_path);
            if (static_cast<size_t>(id) >= aggTexts.size()) {
                aggTexts.resize(static_cast<size_t>(id) + 1);
                aggKnown.resize(static_cast<size_t>(id) + 1, false);
            }
            aggTexts[static_cast<size_t>(id)] = texts->text(1);
            aggKnown[static_cast<size_t>(id)] = true;
        }
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
        std::map<std::int64_t, Currency> currencies; // by agg_strings id
        // Stored string id → the cube's key id and value id. A key text is copied into the
        // (small) key pool; a value text is moved into the value pool unindexed: the ledger's
        // dictionary holds each text once, so no lookup is needed.
        std::vector<std::uint32_t> keyIds(strings->size(), LabelSetPool::kAbsent);
        std::vector<std::uint32_t> valueIds(strings->size(), LabelSetPool::kAbsent);
        LabelSetPool &pool = cube.labelSetsForLoading();
        pool.reserve(sets.size(), pairs.size());
        std::vector<LabelSetPool::Pair> cubePairs;
        const auto corrupt = [&](std::string message) {
            buildError = Error{"ledger-corrupt", std::move(message), m_path, {}, {}};
            queue.stop();
        };
        // The cube's id of stored string `id`, or kAbsent when the ledger does not hold it.
        const auto valueId = [&](std::uint64_t id) {
            if (id >= valueIds.size() || strings->find(static_cast<std::int64_t>(id)) == nullptr)
                return LabelSetPool::kAbsent;
            std::uint32_t &v = valueIds[id];
            if (v == LabelSetPool::kAbsent)
                v = pool.appendUniqueValue(strings->take(static_cast<std::int64_t>(id)));
            return v;
        };
        const auto keyId = [&](std::uint64_t id) {
            if (id >= keyIds.size())
                return LabelSetPool::kAbsent;
            std::uint32_t &k = keyIds[id];
            if (k == LabelSetPool::kAbsent) {
                if (valueIds[id] != LabelSetPool::kAbsent) // its text moved to the value pool
                    k = pool.internKey(pool.valueText(valueIds[id]));
                else if (const std::string *s = strings->find(static_cast<std::int64_t>(id)))
                    k = pool.internKey(*s);
            }
            return k;
        };
        while (auto chunk = queue.pop()) {
            for (const AggChunk::Row &r : chunk->rows) {
                const bool stored = r.labelSet >= 0 &&
                                    static_cast<std::uint64_t>(r.labelSet) < sets.size() &&
                                    sets[static_cast<size_t>(r.labelSet)].begin <=
                                        sets[static_cast<size_t>(r.labelSet)].end;
                auto amount = codec::decodeAmount(chunk->view(r.amount, r.amountLen));
                if (!stored || !amount)
                    return corrupt("the aggregate references a missing label set");
                Set &set = sets[static_cast<size_t>(r.labelSet)];
                const auto text = [&](std::int64_t id) -> const std::string * {
                    return id > 0 && static_cast<size_t>(id) < aggKnown.size() &&
                                   aggKnown[static_cast<size_t>(id)]
                               ? &aggTexts[static_cast<size_t>(id)]
                               : nullptr;
                };
                const std::string *sourceText = text(r.source), *objectText = text(r.object),
                                  *providerText = text(r.provider), *modelText = text(r.model);
                if (!sourceText || !objectText || !providerText || !modelText || !text(r.currency))
                    return corrupt("the aggregate references a missing text of agg_strings");
                auto cur = currencies.find(r.currency);
                if (cur == currencies.end()) {
                    auto c = codec::decodeCurrency(*text(r.currency));
                    if (!c) {
                        buildError = c.error();
                        queue.stop();
                        return;
                    }
                    cur = currencies.emplace(r.currency, *c).first;
                }
                if (set.cubeId == kMissing) {
                    cubePairs.clear();
                    for (std::uint32_t i = set.begin; i < set.end; ++i) {
                        const std::uint32_t k = keyId(pairs[i].first);
                        const std::uint32_t v = valueId(pairs[i].second);
                        if (k == LabelSetPool::kAbsent || v == LabelSetPool::kAbsent)
                            return corrupt("stored label set " + std::to_string(r.labelSet) +
                                           " names a string the ledger does not hold");
                        if (!cubePairs.empty() &&
                            !(pool.keyText(cubePairs.back().key) < pool.keyText(k)))
                            return corrupt("stored label set " + std::to_string(r.labelSet) +
                                           " has labels out of key order");
                        cubePairs.push_back({k, v});
                    }
                    const size_t known = cube.labelSets().size();
                    set.cubeId = cube.internLabelSet(cubePairs);
                    set.fresh = cube.labelSets().size() > known;
                }
                const std::string_view source = *sourceText, object = *objectText,
                                       provider = *providerText, model = *modelText;
                if (set.fresh)
                    cube.appendNewGroup(set.cubeId, source, object, r.day, cur->second, r.batch,
                                        *amount, r.rows, provider, model, r.days);
                else // stored sets that differ only in raw labels share the cube's set: merge
                    cube.addGroup(set.cubeId, source, object, r.day, cur->second, r.batch, *amount,
                                  r.rows, provider, model, r.days);
                if (set.collisions == 0)
                    continue;
                for (CollisionTotal t : setCollisions[set.collisions - 1]) {
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
        r.source = st->int64(1);
        r.object = st->int64(2);
        r.currency = st->int64(4);
        r.provider = st->int64(6);
        r.model = st->int64(7);
        append(st->blob(9), r.amount, r.amountLen);
        chunk.rows.push_back(r);
        if (chunk.rows.size() == kChunkRows) {
            if (!queue.push(std::move(chunk)))
                break; // the builder failed: its error is the one to report
            chunk = AggChunk{};
            chunk.rows.reserve(kChunkRows);
            chunk.bytes.reserve(kChunkRows * 16);
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
