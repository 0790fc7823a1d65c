#pragma once

#include "sqlitedb.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core::ledgerschema {

/// The version this build writes (PRAGMA user_version).
inline constexpr int kCurrentVersion = 9;
/// Written to PRAGMA application_id so that other SQLite files are refused ("UNAL").
inline constexpr int kApplicationId = 0x554E414C;

/// The version-1 layout, kept verbatim: migrations start from it and tests create v1 files.
const char *schemaV1();
/// Statements that take a version-1 file to version 2 (besides the aggregate rebuild).
const char *upgradeV1ToV2();
/// Statements that take a version-2 file to version 3 (they use unalloc_fp()).
const char *upgradeV2ToV3();
/// Statements that take a version-3 file to version 4 (besides the aggregate rebuild): the
/// aggregate keys gain the usage provider and model and the days of the charge window, and
/// gateway rows' providers are re-derived from what the rows kept (unalloc_gateway_provider).
const char *upgradeV3ToV4();
/// Statements that take a version-4 file to version 5 (besides the aggregate rebuild): the
/// aggregate's source, cost object, currency, provider and model become ids of `agg_strings`
/// (a few hundred texts), and the view `agg_text` shows it as text.
std::string upgradeV4ToV5();
/// Statements that take a version-5 file to version 6 (then aggsegment::segmentsFromTable
/// moves the aggregate's rows into per-batch segments).
const char *upgradeV5ToV6();

/// The aggregate's columns, in the order of its key then its sums. In `agg` source, object,
/// currency, provider and model are ids of `agg_strings`; in the view `agg_text` they are text.
inline constexpr const char *kAggColumns =
    "label_set, source, object, day, currency, batch, provider, model, days, amount, rows";
/// The aggregate as computed from the rows, with text (same columns as `agg_text`).
inline constexpr const char *kAggFromRows =
    "SELECT label_set, source, name, unalloc_day(start_us), currency, batch, ifnull(provider, ''), "
    "ifnull(model, ''), unalloc_days(start_us, end_us), unalloc_sum(amount), count(*) FROM rows "
    "WHERE superseded = 0 AND NOT unalloc_telemetry(provider, amount) "
    "GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9";

/// Takes a version-3 file to version 4 inside the caller's transaction: label sets stored as
/// JSON text become bodies of string ids (labelsetcodec.h) with the same ids.
Result<void> upgradeLabelSetsV3ToV4(sql::Db &db);
/// Takes a version-4 file's label-set bodies to version 5 inside the caller's transaction: a
/// raw label's value becomes a reference to the set's label holding it (same ids, same sets).
Result<void> upgradeLabelSetsV4ToV5(sql::Db &db);

/// @brief The 64-bit fingerprint of a record key, stored in rows.key_fp (schema v3).
///
/// It only finds candidates: two rows are the same record iff source AND record_key are equal,
/// and every lookup compares the text. It is stored, so this function must never change.
///
/// Definition ("unalloc key fingerprint 1"): the input is a stream of 64-bit words — for each
/// of source, then record_key: one word holding its byte length, then its bytes in 8-byte
/// little-endian words, the last one padded with zero bytes. With h = 0x6A09E667F3BCC908,
/// every word w does h = (h XOR w) * 0x9E3779B97F4A7C15 (mod 2^64); h = h XOR (h >> 29).
/// At the end h = h XOR (h >> 32); h = h * 0xD6E8FEB86659FD93; h = h XOR (h >> 32). The column
/// holds h as a two's-complement signed integer.
std::uint64_t keyFingerprint(std::string_view source, std::string_view recordKey);
/// keyFingerprint as rows.key_fp holds it since schema v9: its low 48 bits, sign-extended, which
/// SQLite stores in 6 bytes (v3 to v8 stored all 64). Candidates only, as before: a ledger of
/// ten million rows holds 0.18 pairs of equal stored fingerprints on average (n^2 / 2^49), and
/// a pair only sends an import down its exact path, where the keys are compared.
inline std::int64_t storedFingerprint(std::uint64_t fp)
{
    return static_cast<std::int64_t>(fp << 16) >> 16;
}

/// Schema v9 stores a row's start as microseconds from this instant (2026-01-01T00:00:00Z),
/// in `start_offset_us`: SQLite takes 6 bytes for an offset under 2^47 µs (4.4 years either
/// side), 8 for the absolute instants v8 stored. `start_us` is generated from it.
inline constexpr std::int64_t kStartEpochUs = 1767225600000000;

/// The indexes that only serve the ledger table's sort orders and filters. Schema v3 creates
/// none of them; SqliteLedger::ensureSortIndex builds one on demand and a bulk import drops
/// them (one index build later instead of a random B-tree insert per imported row).
struct SortIndex
{
    const char *name;
    std::string create;
};
/// rows_start, rows_batch, rows_amount, rows_name and rows_source (on the source and the
/// record key's text, rowcodes::recordKeySql): the schema-v9 definitions (rowsv9.cpp).
const std::vector<SortIndex> &sortIndexes();
/// The fingerprint index the import uses to find candidate duplicates.
inline constexpr const char *kFingerprintIndex = "CREATE INDEX rows_fp ON rows(key_fp)";

/// Registers the SQL functions the schema and its migrations use on a connection:
/// unalloc_sum(amount) (exact aggregate), unalloc_add(a, b), unalloc_day(start_us),
/// unalloc_days(start_us, end_us) (spanDays), unalloc_fp(source, record_key) (keyFingerprint)
/// unalloc_gateway_provider(provider, model) (identifyGatewayRow's provider) and
/// unalloc_telemetry(provider, amount) (isTelemetryOnly: such rows stay out of the aggregate),
/// unalloc_v8_amount(blob) (a schema-v7 amount re-encoded), unalloc_v9_quantity(blob) (a v8
/// quantity as v9 stores it: ledgercodec::wholeQuantity) and unalloc_v9_key(text) (a record key
/// as v9 stores it: rowcodes::packKey). The functions that take or
/// give amounts use the v8 encoding, or the v7 one while a migration reads a v7 layout.
enum class AmountFormat { V8, Legacy };
Result<void> registerFunctions(sql::Db &db, AmountFormat format = AmountFormat::V8);
/// `CREATE TABLE <name>(…)` for the current (schema-v9) rows table (rowsv9.cpp).
std::string rowsTable(std::string_view name);
/// Before the migration rebuilds the rows table (v7 -> v8, v8 -> v9): checks that foreign keys
/// are off (the splits' references survive the rebuild) and gives the statements that build
/// the sort indexes the file has again, in the current layout (run after the last rebuild).
Result<std::string> prepareRowsRebuild(sql::Db &db);
/// `CREATE VIEW row_keys(id, source, record_key)`: the rows' record keys as text (schema v9).
std::string rowKeysView();
/// Takes the rows table from the v8 layout to v9 inside the caller's transaction (rowsv9.cpp):
/// the table is rebuilt with the same ids.
Result<void> upgradeRowsV8ToV9(sql::Db &db);
/// Takes the rows table (and every stored amount) from the v7 layout to v8 inside the
/// caller's transaction: the table is rebuilt with the same ids.
Result<void> upgradeRowsV7ToV8(sql::Db &db);

/// Pragmas for every connection (WAL, foreign keys, cache).
Result<void> configure(sql::Db &db, bool readOnly);
/// Creates the current schema in an empty database.
Result<void> create(sql::Db &db);
/// Brings an existing ledger to kCurrentVersion inside one transaction. A version newer
/// than this build, or a file that is not a ledger, is an error naming the file.
Result<int> migrate(sql::Db &db, const std::string &path, bool readOnly);
/// Recomputes the aggregate from the rows into the agg table (segments emptied): the caller
/// then moves it into segments (aggsegment::segmentsFromTable).
Result<void> rebuildAggregate(sql::Db &db);
/// The id of `text` in `agg_strings`, stored now if it is new (inside a write transaction).
Result<std::int64_t> aggStringId(sql::Db &db, std::string_view text);

} // namespace unalloc::core::ledgerschema
