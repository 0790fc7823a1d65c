#pragma once

#include "core/costcube.h"
#include "core/currencyselect.h"
#include "core/importbatch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace unalloc::core {

/// A label key and how many ledger rows carry it ("team · 7 of 13 rows").
struct KeyCount
{
    std::string key;
    std::int64_t rows = 0;
    friend bool operator==(const KeyCount &, const KeyCount &) = default;
};

/// One source of the ledger with the completeness of its batches.
struct SourceInfo
{
    std::string source;
    std::int64_t rows = 0;
    int batches = 0;
    int partialBatches = 0;           ///< status partial or failed
    std::vector<std::string> reasons; ///< "batch 3: …" for each partial batch
    bool complete() const { return partialBatches == 0; }
};

/// A calendar month that holds rows, as a [fromDay, toDay) slice.
struct MonthSlice
{
    int year = 0;
    int month = 0; ///< 1..12
    std::int32_t fromDay = 0;
    std::int32_t toDay = 0;
};

/// True for a batch of invoices (reconciliation input), which holds no cost rows.
bool isInvoiceBatch(const ImportBatch &batch);

/// @brief What the analysis bar offers for one ledger: keys with row counts, sources with
/// batch completeness, and the months present. Independent of the owner key.
struct LedgerCatalog
{
    std::int64_t rows = 0;
    std::vector<KeyCount> keys;       ///< rows desc, ties by key
    std::vector<SourceInfo> sources;  ///< cost sources by name (invoices are not one)
    SourceInfo invoices;              ///< the invoice batches (batches == 0 when none)
    std::vector<ImportBatch> batches; ///< every batch, invoices included, by id
    std::optional<std::int32_t> firstDay, lastDay;
    std::vector<MonthSlice> months;       ///< chronological
    std::vector<CurrencyRows> currencies; ///< of the cost rows, by code

    const SourceInfo *source(const std::string &name) const;
    /// Rows carrying `key` (0 when none).
    std::int64_t rowsWithKey(const std::string &key) const;
    /// The latest month, the natural default period of a monthly chargeback.
    std::optional<MonthSlice> latestMonth() const;
    /// The currency a ledger holding several opens in: the one with the most rows (ties by
    /// code). None when it holds one or none: its figures need no choice.
    std::optional<Currency> defaultCurrency() const;
};

/// True for keys the ledger writes for itself (`unalloc_layer`): never an owner or fallback.
bool isInternalKey(const std::string &key);

/// The keys a user may pick as fallbacks, in the order the explorer offers them: the chosen
/// `fallbacks` first (in their order), then every other key of the ledger by rows desc, ties
/// by key; never `ownerKey` nor an internal key.
std::vector<KeyCount> fallbackCandidates(const LedgerCatalog &catalog,
                                         const std::string &ownerKey,
                                         const std::vector<std::string> &fallbacks);

LedgerCatalog buildCatalog(const CostCube &cube, std::vector<ImportBatch> batches);

} // namespace unalloc::core
