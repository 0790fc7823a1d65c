#pragma once

#include "core/costcube.h"
#include "core/importbatch.h"
#include "core/reconcile.h"
#include "core/result.h"
#include "core/rules.h"

#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace unalloc::core {

/// Which rows a ledger query returns.
struct LedgerRowFilter
{
    std::optional<TimeUs> from; ///< row start >= from
    std::optional<TimeUs> to;   ///< row start < to
    std::set<std::string> sources;
    std::optional<std::int64_t> batch;
    std::string text; ///< case-insensitive substring of name, source or any label value
    /// key=value terms: a row matches when its labels hold every one (key exact, value
    /// case-insensitive).
    std::vector<std::pair<std::string, std::string>> labels;
    /// Bounds on the amount (any currency): `amount>100` is {100, strict}.
    struct AmountBound
    {
        Decimal value;
        bool strict = false;
    };
    std::optional<AmountBound> amountAbove, amountBelow;
    /// `owner:NAME` terms (any of them): rows whose owner under `ownerRule` is NAME, compared
    /// case-insensitively; `owner:<unallocated>` is the rows nobody owns.
    std::set<std::string> owners;
    /// `via:KEY` terms (any of them): rows whose owner was decided by KEY (the owner key or a
    /// fallback) under `ownerRule`. Keys are canonical.
    std::set<std::string> via;
    /// The rule `owners` and `via` resolve with: the caller's owner key, fallbacks and value
    /// aliases (the same rule the report attributes by). Not part of the filter line.
    struct OwnerRule
    {
        std::string ownerKey = "team";
        std::vector<std::string> fallbacks;
        std::vector<ValueAlias> aliases;
    };
    OwnerRule ownerRule;
    /// Rows whose model is one of these, also after a "provider/" prefix (a pod's requests,
    /// `llama-3.1-8b` or `hosted_vllm/llama-3.1-8b`; rows without a model never). Not part of
    /// the filter line.
    std::set<std::string> models;
    /// Any condition set (the unfiltered list can walk an index).
    bool filtered() const
    {
        return from || to || !sources.empty() || batch || !text.empty() || !labels.empty() ||
               amountAbove || amountBelow || !owners.empty() || !via.empty() || !models.empty();
    }
};

/// @brief Parses the Ledger view's filter line: space-separated terms, all of which must hold.
/// `key=value` (a label; the key canonicalised like the ledger's), `source:NAME` (repeatable:
/// any of them), `owner:NAME` and `via:KEY` (repeatable; resolved with the filter's
/// ownerRule, which the caller sets), `batch:N`, `amount>N` `amount>=N` `amount<N` `amount<=N`
/// `amount=N`, and anything else as text (name, source or label value contains it). "…" quotes a
/// term with spaces. A malformed bound or batch is an error naming the term.
Result<LedgerRowFilter> parseRowFilter(std::string_view text);

enum class LedgerSort { Start, Source, Name, Amount, Batch };

/// Where a keyset window starts: the sort key of a row (its stored column values, amounts as
/// their order-preserving bytes) and its id, the tie-breaker of every order. No values: the
/// start of the list.
struct LedgerRowKey
{
    std::vector<std::variant<std::int64_t, std::string>> values;
    std::int64_t id = 0;
    friend bool operator==(const LedgerRowKey &, const LedgerRowKey &) = default;
};

/// The pages of a sorted, filtered row list: its length and the key of each page's first row.
struct LedgerPageIndex
{
    std::int64_t rows = 0;
    std::vector<LedgerRowKey> pageStarts;
};

/// A row in brief (no labels decoded), for scans that decide on a few columns.
struct LedgerRowBrief
{
    std::int64_t id = 0;
    std::int64_t labelSet = 0;
    TimeUs start = 0;
    TimeUs end = 0;
    Decimal amount;
    std::string model; ///< the usage's model ("" without usage)
};

/// Which rows rowBriefs() returns.
struct LedgerBriefFilter
{
    enum class Kind {
        Requests, ///< rows whose usage has the send, first-token and done times and the
                  ///< prompt and completion counts (request telemetry)
        Plain,    ///< rows without usage that are not split parts
    };
    Kind kind = Kind::Plain;
    std::vector<std::int64_t> labelSets; ///< only these label sets; empty = any
};

/// One stored row as the ledger table shows it.
struct LedgerRow
{
    std::int64_t id = 0;
    CostRow row;             ///< labels and raw labels filled; batchId set
    bool superseded = false; ///< replaced in reports by a meter split (kept for audit)
    std::string derivedFrom; ///< for split rows: the meter that produced them
};

/// A meter split applied to one pod row (issue: meters).
struct SplitRecord
{
    std::int64_t id = 0;
    std::int64_t originalRowId = 0;
    std::string meter;
    TimeUs appliedAt = 0;
    std::int64_t parts = 0;
};

/// A stored batch with what the ledger did with its rows (re-imports add nothing).
struct BatchRecord
{
    ImportBatch batch;              ///< rowCount and totals cover every row read from the source
    std::int64_t rowsAdded = 0;     ///< rows new to the ledger
    std::int64_t duplicates = 0;    ///< rows skipped because their (source, record key) existed
    std::vector<Money> addedTotals; ///< totals of the added rows, per currency, by code
};

/// Counts of the batch an ImportTransaction is writing (or last wrote).
struct BatchCounts
{
    std::int64_t rowsRead = 0;
    std::int64_t rowsAdded = 0;
    std::int64_t duplicates = 0;
};

/// What deleting a batch took out of the ledger: enough to put it back (LedgerStore::restoreBatch).
struct RemovedBatch
{
    BatchRecord record;             ///< the batch as it was stored, warnings included
    std::vector<CostRow> rows;      ///< its rows as imported (split parts left out), by id
    std::vector<Invoice> invoices;  ///< its invoices
    std::int64_t splitsDropped = 0; ///< meter splits of its rows, dropped with them
};

/// A record's identity: two rows are the same record iff both parts are equal.
struct RecordId
{
    std::string source;
    std::string recordKey;
};

/// What LedgerStore::swapBatches did: the batches it took out (as they were) and the ids of
/// the ones it put in, in the order given.
struct SwappedBatches
{
    std::vector<RemovedBatch> removed;
    std::vector<std::int64_t> added;
};

/// What ImportTransaction::removeBatch deleted.
struct BatchRemovalCounts
{
    std::int64_t rows = 0; ///< rows, split parts included
    std::int64_t invoices = 0;
    std::int64_t splits = 0;
    std::int64_t labelSets = 0;           ///< label sets no remaining row uses
    std::vector<Invoice> removedInvoices; ///< the invoices, as they were stored
};

/// The key of `row` in `sort`; with `next`, the key just after it in that direction (its
/// id moved by one), to continue a keyset walk after the row.
LedgerRowKey ledgerRowKey(const LedgerRow &row, LedgerSort sort, bool ascending, bool next);

class LedgerStore;

/// @brief All batches of one import call, written in one SQLite transaction.
/// Destroying it without commit() rolls everything back: the ledger is unchanged.
class ImportTransaction
{
public:
    virtual ~ImportTransaction() = default;
    /// Starts a batch; `meta` holds source, format, origin, sha256. Returns the batch id.
    virtual Result<std::int64_t> beginBatch(const ImportBatch &meta) = 0;
    /// Adds a row to the current batch. Returns false when a row with the same
    /// (source, recordKey) already exists (idempotent re-import: the row is not added).
    virtual Result<bool> addRow(const CostRow &row) = 0;
    /// addRow for a row whose label-set hash (ledgercodec::hashLabelSet of its labels, raw
    /// labels and collisions) the caller already computed, e.g. on its parser thread.
    virtual Result<bool> addHashedRow(const CostRow &row, std::uint64_t /*labelSetHash*/)
    {
        return addRow(row);
    }
    /// addHashedRow for a caller that also numbered the distinct label sets of its rows: rows
    /// given the same `labelSetOrdinal` in this transaction have equal labels, raw labels and
    /// collisions (the caller compared them), so the ledger looks each set up only once.
    /// Ordinals are small and dense (0, 1, 2, … in order of first use).
    virtual Result<bool> addNumberedRow(const CostRow &row,
                                        std::uint64_t labelSetHash,
                                        std::uint32_t /*labelSetOrdinal*/)
    {
        return addHashedRow(row, labelSetHash);
    }
    /// addNumberedRow for each of `rows` in turn (the arrays run parallel to them): what a
    /// caller that hands rows over in chunks calls, so that the ledger can work a few rows
    /// ahead. Stops at the first error, which it returns; duplicates are not errors.
    virtual Result<void> addNumberedRows(std::span<const CostRow> rows,
                                         const std::uint64_t *labelSetHashes,
                                         const std::uint32_t *labelSetOrdinals)
    {
        for (size_t i = 0; i < rows.size(); ++i) {
            if (auto r = addNumberedRow(rows[i], labelSetHashes[i], labelSetOrdinals[i]); !r)
                return std::unexpected(r.error());
        }
        return {};
    }
    /// No row given from now on carries an ordinal below `floor` (the caller's numbering forgot
    /// those sets): what the ledger kept per ordinal below it can go. Optional.
    virtual void forgetOrdinalsBelow(std::uint32_t /*floor*/) {}
    /// The rest of this import is small against what it wrote so far: do now what commit would
    /// do at the end for the bulk of it (SQLite: build the fingerprint index; the remaining
    /// rows then take the exact path), so that the work overlaps reading the rest. Optional.
    virtual Result<void> settle() { return {}; }
    /// Finishes the current batch with its final status, evidence, totals and warnings.
    virtual Result<void> endBatch(const ImportBatch &final) = 0;
    /// Adds an invoice to the current batch (or to none); the same invoice twice is one.
    virtual Result<void> addInvoice(const Invoice &invoice) = 0;
    /// Deletes batch `batchId` with its rows, their aggregate groups, meter splits, invoices,
    /// totals and warnings, and the label sets only its rows used. Only before the first
    /// batch of this transaction: a replace deletes, then imports, and commits both at once.
    virtual Result<BatchRemovalCounts> removeBatch(std::int64_t /*batchId*/)
    {
        return fail("unsupported", "this ledger cannot delete batches");
    }
    /// Rows read, added and skipped in the current (or last ended) batch.
    virtual BatchCounts counts() const = 0;
    /// Makes everything durable at once.
    virtual Result<void> commit() = 0;
    /// Warnings for the current batch's rows whose record key the ledger already held with
    /// another amount or currency ("same key, different content"), without the file; taking
    /// them empties the list. The first row of a key is the one kept.
    virtual std::vector<Warning> takeKeyConflicts() { return {}; }
};

/// @brief The `.unalloc` ledger file: SQLite (C API, WAL), versioned schema, exact amounts.
///
/// One instance is one connection and is not thread-safe: use it from one thread at a time
/// (an import may run on a worker thread while nothing else touches the instance; readers
/// elsewhere open their own instance and see the previous content until the commit).
class LedgerStore
{
public:
    virtual ~LedgerStore() = default;

    /// Creates a new, empty ledger (an error when the file exists). Atomic: the ledger is
    /// built under a temporary name in the same directory and linked into place, so `path`
    /// never holds a half-made ledger and two processes cannot both create it.
    static Result<std::unique_ptr<LedgerStore>> create(const std::string &path);
    /// The steps of create for a caller that fills the new ledger before anyone sees it (an
    /// import into a new path): a writable empty ledger under a temporary name next to `path`
    /// (its path() is that name) ...
    static Result<std::unique_ptr<LedgerStore>> createDraft(const std::string &path);
    /// ... closed and put at `path` in one step ("ledger-exists" when another process created
    /// `path` meanwhile; the draft is gone either way) ...
    static Result<void> publishDraft(std::unique_ptr<LedgerStore> draft, const std::string &path);
    /// ... or closed and removed, leaving nothing behind.
    static void discardDraft(std::unique_ptr<LedgerStore> draft);
    /// Opens an existing ledger; an older schema migrates forward, a newer one is an error.
    static Result<std::unique_ptr<LedgerStore>> open(const std::string &path,
                                                     bool readOnly = false);
    /// The schema version this build writes.
    static int currentSchemaVersion();

    virtual std::string path() const = 0;
    virtual int schemaVersion() const = 0;

    /// Starts the one write transaction of an import; only one may be open at a time.
    virtual Result<std::unique_ptr<ImportTransaction>> beginImport() = 0;
    /// The clock for imported-at and applied-at stamps (tests pin it); default: system UTC.
    virtual void setClock(std::function<TimeUs()> clock) = 0;
    /// Batches by id with what was added and skipped.
    virtual Result<std::vector<BatchRecord>> batchRecords() const = 0;
    /// PRAGMA integrity_check plus the ledger's own invariant (aggregate == rows).
    virtual Result<void> checkIntegrity() const = 0;

    /// Batches by id.
    virtual Result<std::vector<ImportBatch>> batches() const = 0;
    /// The attribution cube of every reportable row (split rows replace their original).
    virtual Result<CostCube> loadCube() const = 0;
    virtual Result<std::vector<Invoice>> invoices() const = 0;
    virtual Result<std::int64_t> rowCount(const LedgerRowFilter &filter) const = 0;
    /// The sum of the filtered rows per currency, by code (split originals left out: their
    /// parts count instead).
    virtual Result<std::vector<Money>> rowTotals(const LedgerRowFilter & /*filter*/) const
    {
        return fail("unsupported", "this ledger cannot sum rows");
    }
    /// A window of rows for lazy tables.
    virtual Result<std::vector<LedgerRow>> rows(const LedgerRowFilter &filter,
                                                LedgerSort sort,
                                                bool ascending,
                                                std::int64_t offset,
                                                std::int64_t limit) const = 0;
    virtual Result<std::optional<LedgerRow>> rowById(std::int64_t id) const = 0;
    /// Builds the index that serves `sort` (and its filters) when it is missing: one short
    /// write transaction, seconds on a ten-million-row ledger, so call it off the GUI thread.
    /// rows() is correct without it, only slower. Imports may drop these indexes again.
    virtual Result<void> ensureSortIndex(LedgerSort /*sort*/) { return {}; }

    /// One pass over the order (an index walk when the sort order's index exists) that counts
    /// the rows and keeps the key of every `pageRows`-th one. `keepGoing` is asked every few
    /// thousand rows; false ends the pass with the error `cancelled`.
    virtual Result<LedgerPageIndex>
    pageIndex(const LedgerRowFilter &filter,
              LedgerSort sort,
              bool ascending,
              std::int64_t pageRows,
              const std::function<bool()> &keepGoing = {}) const = 0;
    /// Up to `limit` rows of the order from `first` on (inclusive): a keyset window, as quick
    /// at the end of a million rows as at the start.
    virtual Result<std::vector<LedgerRow>> rowsFrom(const LedgerRowFilter &filter,
                                                    LedgerSort sort,
                                                    bool ascending,
                                                    const LedgerRowKey &first,
                                                    std::int64_t limit) const = 0;
    /// Every row `filter` selects by charge start (then id), each with its labels, in one
    /// statement: the label texts are read once for the pass, not once per page. What an
    /// export of a whole ledger reads; `visit`'s error ends the pass and is returned.
    virtual Result<void>
    forEachRowByStart(const LedgerRowFilter &filter,
                      const std::function<Result<void>(const LedgerRow &)> &visit) const = 0;
    /// Every label set by id. With per-request metadata a ledger holds about one set per row:
    /// prefer forEachLabelSet, which holds one set at a time.
    virtual Result<std::vector<std::pair<std::int64_t, LabelMap>>> labelSets() const = 0;
    /// Calls `visit` with every label set in id order, one at a time.
    virtual Result<void>
    forEachLabelSet(const std::function<void(std::int64_t, const LabelMap &)> &visit) const
    {
        auto all = labelSets();
        if (!all)
            return fail(all.error());
        for (const auto &[id, labels] : *all)
            visit(id, labels);
        return {};
    }
    /// forEachLabelSet over the sets that hold at least one of `keys` (a reader looking for,
    /// say, pods among a million per-request sets decodes only those to text).
    virtual Result<void>
    forEachLabelSetWithKey(const std::vector<std::string> &keys,
                           const std::function<void(std::int64_t, const LabelMap &)> &visit) const
    {
        return forEachLabelSet([&](std::int64_t id, const LabelMap &labels) {
            for (const std::string &k : keys)
                if (labels.find(k)) {
                    visit(id, labels);
                    return;
                }
        });
    }
    /// The rows of a kind in brief, by id, one at a time (the brief given is valid during the
    /// call): a reader that keeps a few fields of ten million request rows need not hold them.
    virtual Result<void>
    forEachRowBrief(const LedgerBriefFilter &filter,
                    const std::function<void(const LedgerRowBrief &)> &visit) const = 0;
    /// All of them, by id.
    Result<std::vector<LedgerRowBrief>> rowBriefs(const LedgerBriefFilter &filter) const
    {
        std::vector<LedgerRowBrief> out;
        auto r = forEachRowBrief(filter, [&out](const LedgerRowBrief &b) { out.push_back(b); });
        if (!r)
            return fail(r.error());
        return out;
    }

    virtual Result<Rules> rules() const = 0;
    virtual Result<void> setRules(const Rules &rules) = 0;
    /// The invoices batch `batchId` brought, by id.
    virtual Result<std::vector<Invoice>> invoicesOfBatch(std::int64_t /*batchId*/) const
    {
        return std::vector<Invoice>{};
    }
    /// How many of `keys` the ledger already holds (an import would skip them as duplicates).
    virtual Result<std::int64_t> countKnownRecords(std::span<const RecordId> /*keys*/) const
    {
        return fail("unsupported", "this ledger cannot look records up");
    }
    /// The label value aliases (Rules::valueAliases), by key then value.
    virtual Result<std::vector<ValueAlias>> valueAliases() const
    {
        return std::vector<ValueAlias>{};
    }
    /// Adds an alias, or changes the target of the one with its (key, value).
    virtual Result<void> setValueAlias(const ValueAlias & /*alias*/)
    {
        return fail("unsupported", "this ledger cannot hold value aliases");
    }
    /// Removes the alias of (key, value); false when there was none.
    virtual Result<bool> removeValueAlias(const std::string & /*key*/,
                                          const std::string & /*value*/)
    {
        return fail("unsupported", "this ledger cannot hold value aliases");
    }

    /// Removes the label sets no row names and returns the file's free pages (builds before
    /// 2026-12-06 stored a re-import's sets again, without rows, and every load read them);
    /// how many sets went. One transaction: all of them or none.
    virtual Result<std::int64_t> removeUnusedLabelSets()
    {
        return fail("unsupported", "this ledger does not store label sets apart");
    }

    /// Replaces row `originalRowId` in reports by `parts` (meter split); the original is kept.
    virtual Result<std::int64_t> applySplit(std::int64_t originalRowId,
                                            const std::string &meter,
                                            const std::vector<CostRow> &parts) = 0;
    virtual Result<void> removeSplit(std::int64_t splitId) = 0;
    virtual Result<std::vector<SplitRecord>> splits() const = 0;

    /// Deletes one import batch in one transaction (ImportTransaction::removeBatch) and
    /// returns what it held, so that restoreBatch can put it back (the explorer's undo).
    Result<RemovedBatch> deleteBatch(std::int64_t batchId);
    /// Imports a deleted batch again as a new batch (same source, origin, rows, invoices,
    /// status and warnings; a new id). Returns the new id.
    Result<std::int64_t> restoreBatch(const RemovedBatch &removed);
    /// What deleteBatch would return for `batchId` (meter splits aside), read only.
    Result<RemovedBatch> readBatch(std::int64_t batchId) const;
    /// Deletes the batches `remove` and imports `restore` again (as restoreBatch does), in one
    /// transaction: the undo/redo of a replace. Nothing changes when any step fails.
    Result<SwappedBatches> swapBatches(const std::vector<std::int64_t> &remove,
                                       const std::vector<RemovedBatch> &restore);
};

} // namespace unalloc::core
