#include "uibenchledger.h"

#include "core/ledger/ledgerstore.h"
#include "core/timeutil.h"

#include <array>
#include <random>

namespace unalloc::bench {

namespace {

constexpr std::array<const char *, 4> kSources{"anthropic", "litellm", "openai", "opencost"};

/// One of `count` label sets: which keys a row carries decides how it resolves.
core::LabelMap labelSet(int set)
{
    std::vector<core::LabelMap::Entry> e;
    const std::string n = std::to_string(set % 40);
    e.emplace_back("environment", set % 3 == 0 ? "prod" : "staging");
    switch (set % 8) {
    case 0:
    case 1:
    case 2:
    case 3:
        e.emplace_back("team", "team-" + n);
        break; // owner label
    case 4:
        e.emplace_back("namespace", "ns-" + n);
        break; // fallback candidates
    case 5:
        e.emplace_back("project", "proj-" + n);
        break;
    case 6:
        e.emplace_back("workspace", "ws-" + std::to_string(set % 7));
        break;
    default:
        break; // nothing: unallocated
    }
    if (set % 5 == 0 && set % 8 != 4) // keys stay unique
        e.emplace_back("namespace", "ns-" + n);
    e.emplace_back("model", "model-" + std::to_string(set % 12));
    return core::LabelMap(std::move(e));
}

} // namespace

core::Result<void> writeUiBenchLedger(const std::string &path, std::int64_t rows)
{
    auto store = core::LedgerStore::create(path);
    if (!store)
        return core::fail(store.error());
    auto txn = (*store)->beginImport();
    if (!txn)
        return core::fail(txn.error());
    std::mt19937_64 rng(20260801);
    std::uniform_int_distribution<std::int64_t> cents(1, 250'000);
    constexpr int kLabelSets = 400;
    std::vector<core::LabelMap> sets;
    for (int i = 0; i < kLabelSets; ++i)
        sets.push_back(labelSet(i));
    const core::TimeUs month = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    const std::int64_t perSource = rows / static_cast<std::int64_t>(kSources.size());
    for (size_t s = 0; s < kSources.size(); ++s) {
        core::ImportBatch meta;
        meta.source = kSources[s];
        meta.format = "bench";
        meta.origin = "bench_ui";
        if (auto id = (*txn)->beginBatch(meta); !id)
            return core::fail(id.error());
        core::Decimal total;
        const std::int64_t n = s + 1 == kSources.size() ? rows - perSource * 3 : perSource;
        for (std::int64_t i = 0; i < n; ++i) {
            core::CostRow row;
            row.source = meta.source;
            row.recordKey = meta.source + ":" + std::to_string(i);
            row.name = "object-" + std::to_string(i % 5000);
            row.amount.amount =
                core::Decimal::mulDiv(core::Decimal::fromInt(cents(rng)), core::Decimal::fromInt(1),
                                      core::Decimal::fromInt(100));
            row.start = month + (i % (31 * 24)) * 3600 * core::kUsPerSecond;
            row.end = row.start + 3600 * core::kUsPerSecond;
            row.labels = sets[static_cast<size_t>(rng() % kLabelSets)];
            for (const auto &[k, v] : row.labels.entries())
                row.rawLabels.push_back({k, v});
            total += row.amount.amount;
            if (auto added = (*txn)->addRow(row); !added)
                return core::fail(added.error());
        }
        core::ImportBatch final = meta;
        final.rowCount = n;
        final.totals = {core::Money{total, core::Currency::usd()}};
        final.windowStart = month;
        final.windowEnd = month + 31 * core::kUsPerDay;
        if (auto r = (*txn)->endBatch(final); !r)
            return core::fail(r.error());
    }
    return (*txn)->commit();
}

} // namespace unalloc::bench
