// SqliteImportTransaction: the per-batch aggregate (its segments, aggsegment.h) and the totals it
// is folded with: string and currency interning, accounting each row, writing the groups in key
// order.
#include "importtransaction.h"
#include "importtransaction_p.h"

#include "aggsegment.h"
#include "core/seams/gatewayidentity.h"

#include <algorithm>

namespace unalloc::core {

namespace codec = ledgercodec;
using namespace importdetail;

std::uint32_t SqliteImportTransaction::internString(std::string_view s)
{
    if (auto it = m_stringIndex.find(s); it != m_stringIndex.end())
        return it->second;
    const auto index = static_cast<std::uint32_t>(m_strings.size());
    m_strings.emplace_back(s);
    m_stringIndex.emplace(std::string(s), index);
    return index;
}

void SqliteImportTransaction::selectCurrency(Currency c)
{
    if (m_lastTotal && c == m_lastCurrency)
        return;
    m_lastCurrency = c;
    m_lastTotal = &m_totals[c];
    for (size_t i = 0; i < m_currencies.size(); ++i) {
        if (m_currencies[i] == c) {
            m_lastCurrencyIndex = static_cast<std::uint32_t>(i);
            return;
        }
    }
    m_currencies.push_back(c);
    m_currencyCodes.push_back(c.code());
    m_lastCurrencyIndex = static_cast<std::uint32_t>(m_currencies.size() - 1);
}

SqliteImportTransaction::AggEntry &SqliteImportTransaction::aggEntry(const AggKey &k, size_t hash)
{
    // The slots keep 32 bits of each key's hash: a probe reads an entry (a likely cache miss
    // in a large batch) only when those match.
    const auto [id, inserted] =
        m_aggIndex.findOrInsert(hash, static_cast<std::uint32_t>(m_agg.size()),
                                [&](std::uint32_t i) { return m_agg[i].key == k; });
    if (inserted)
        m_agg.push_back(AggEntry{Decimal{}, 0, k});
    return m_agg[id];
}

SqliteImportTransaction::AggKey SqliteImportTransaction::aggKeyOf(const CostRow &row,
                                                                  std::int64_t labelSet)
{
    // The source is nearly always the same from row to row: one compare instead of a lookup.
    if (m_lastSourceIndex == UINT32_MAX || row.source != m_lastSource) {
        m_lastSourceIndex = internString(row.source);
        m_lastSource = row.source;
    }
    static const std::string kNone;
    const auto cached = [this](const std::string &s, std::string &last, std::uint32_t &index) {
        if (index == UINT32_MAX || s != last) {
            index = internString(s);
            last = s;
        }
        return index;
    };
    const std::uint32_t provider =
        cached(row.usage ? row.usage->provider : kNone, m_lastProvider, m_lastProviderIndex);
    const std::uint32_t model =
        cached(row.usage ? row.usage->model : kNone, m_lastModel, m_lastModelIndex);
    return AggKey{labelSet,
                  m_lastSourceIndex,
                  internString(row.name),
                  static_cast<std::int32_t>(dayIndex(row.start)),
                  m_lastCurrencyIndex,
                  provider,
                  model,
                  spanDays(row.start, row.end)};
}

void SqliteImportTransaction::prefetchGroup(size_t hash) const
{
    m_aggIndex.prefetch(hash);
    if (const std::uint32_t guess = m_aggIndex.peek(hash); guess != FlatIndex::kNone)
        __builtin_prefetch(&m_agg[guess]);
}

Result<void> SqliteImportTransaction::account(const CostRow &row,
                                              std::int64_t labelSet,
                                              bool added,
                                              const Prepared *prepared)
{
    ++m_counts.rowsRead;
    m_minStart = m_minStart ? std::min(*m_minStart, row.start) : row.start;
    m_maxEnd = m_maxEnd ? std::max(*m_maxEnd, row.end) : row.end;
    Total &t = *m_lastTotal; // selectCurrency ran first
    auto sum = t.amount.checkedAdd(row.amount.amount);
    if (!sum)
        return fail(rowError(row, "overflow", "the batch total overflows", "amount"));
    t.amount = *sum;
    ++t.rows;
    if (!added) {
        ++m_counts.duplicates;
        return {};
    }
    ++m_counts.rowsAdded;
    if (row.usage && isTelemetryOnly(row.usage->provider, row.amount.amount.isZero())) {
        ++t.addedRows; // a row of the ledger, but no cost: the aggregate leaves it out
        return {};
    }
    auto addedSum = t.added.checkedAdd(row.amount.amount);
    // The batch's groups are kept in memory up to a bound; past it they go to disk as sorted
    // runs (the memory of a 10M-request batch follows the bound, not its groups).
    if (m_agg.size() >= m_aggLimit)
        if (auto r = spillAggregate(); !r)
            return r;
    AggEntry &g = [&]() -> AggEntry & {
        if (prepared)
            return aggEntry(prepared->key, prepared->keyHash);
        // The hash as addNumberedRows prepares it (| 1): a key met both ways is one group.
        const AggKey k = aggKeyOf(row, labelSet);
        return aggEntry(k, aggHash(k) | 1);
    }();
    auto groupSum = g.amount.checkedAdd(row.amount.amount);
    if (!addedSum || !groupSum)
        return fail(rowError(row, "overflow", "the batch total overflows", "amount"));
    t.added = *addedSum;
    ++t.addedRows;
    g.amount = *groupSum;
    ++g.rows;
    return {};
}

Result<std::int64_t> SqliteImportTransaction::aggStringId(const std::string &text,
                                                          std::int64_t &cached)
{
    if (cached != 0)
        return cached;
    m_insertAggString.reset();
    m_insertAggString.bind(1, text, false);
    if (auto r = m_insertAggString.exec(); !r)
        return fail(r.error());
    m_findAggString.reset();
    m_findAggString.bind(1, text, false);
    auto row = m_findAggString.step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail("ledger-corrupt", "agg_strings lost a text it was given");
    cached = m_findAggString.int64(0);
    m_findAggString.reset();
    return cached;
}

Result<void> SqliteImportTransaction::sortAggregate()
{
    // The aggregate stores its texts as ids of agg_strings (schema v5): a few hundred texts,
    // looked up once per import.
    m_aggStringIds.resize(m_strings.size(), 0);
    m_aggCurrencyIds.resize(m_currencyCodes.size(), 0);
    for (size_t i = 0; i < m_strings.size(); ++i)
        if (auto id = aggStringId(m_strings[i], m_aggStringIds[i]); !id)
            return fail(id.error());
    for (size_t i = 0; i < m_currencyCodes.size(); ++i)
        if (auto id = aggStringId(m_currencyCodes[i], m_aggCurrencyIds[i]); !id)
            return fail(id.error());
    // In the aggregate's key order (aggsegment::compareKey), as its segments list it.
    const auto &ids = m_aggStringIds;
    const auto &currencyIds = m_aggCurrencyIds;
    std::sort(m_agg.begin(), m_agg.end(), [&](const AggEntry &a, const AggEntry &b) {
        const AggKey &x = a.key;
        const AggKey &y = b.key;
        if (x.labelSet != y.labelSet)
            return x.labelSet < y.labelSet;
        if (x.source != y.source)
            return ids[x.source] < ids[y.source];
        if (x.object != y.object)
            return ids[x.object] < ids[y.object];
        if (x.day != y.day)
            return x.day < y.day;
        if (x.currency != y.currency)
            return currencyIds[x.currency] < currencyIds[y.currency];
        if (x.provider != y.provider)
            return ids[x.provider] < ids[y.provider];
        if (x.model != y.model)
            return ids[x.model] < ids[y.model];
        return x.days < y.days;
    });
    return {};
}

Result<void> SqliteImportTransaction::flushAggregate(aggsegment::SegmentWriter &writer)
{
    if (auto r = sortAggregate(); !r)
        return r;
    const auto &ids = m_aggStringIds;
    for (const AggEntry &e : m_agg) {
        aggsegment::Group g;
        g.labelSet = e.key.labelSet;
        g.source = ids[e.key.source];
        g.object = ids[e.key.object];
        g.day = e.key.day;
        g.currency = m_aggCurrencyIds[e.key.currency];
        g.batch = m_batch;
        g.provider = ids[e.key.provider];
        g.model = ids[e.key.model];
        g.days = e.key.days;
        g.amount = e.amount;
        g.rows = e.rows;
        if (auto r = writer.add(g); !r)
            return r;
    }
    if (auto r = writer.finish(); !r)
        return r;
    m_agg.clear();
    m_aggIndex.clear();
    return {};
}

Result<void> SqliteImportTransaction::spillAggregate()
{
    if (m_aggRuns == 0)
        if (auto r = aggsegment::createRuns(m_ledger.db()); !r)
            return r;
    auto writer = aggsegment::SegmentWriter::forRun(m_ledger.db(), m_aggRuns);
    if (!writer)
        return fail(writer.error());
    ++m_aggRuns;
    return flushAggregate(*writer);
}

Result<void> SqliteImportTransaction::writeAggregate()
{
    // A batch small enough to have kept its groups in memory writes them sorted; a larger one
    // spills the rest as a last run and merges its runs into the same segments.
    if (m_aggRuns == 0) {
        auto writer = aggsegment::SegmentWriter::forBatch(m_ledger.db(), m_batch);
        if (!writer)
            return fail(writer.error());
        return flushAggregate(*writer);
    }
    if (auto r = spillAggregate(); !r)
        return r;
    m_aggRuns = 0;
    return aggsegment::writeRuns(m_ledger.db(), m_batch);
}

} // namespace unalloc::core
