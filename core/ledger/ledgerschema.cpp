#include "ledgerschema.h"

#include "core/costcube.h"
#include "core/seams/gatewayidentity.h"
#include "core/timeutil.h"
#include "ledgercodec.h"

#include <sqlite3.h>

#include <string>

namespace unalloc::core::ledgerschema {

namespace {

// Version 1: batches, rows with exact BLOB amounts, interned label sets, invoices, rules,
// splits. Reports had to scan every row.
constexpr const char *kSchemaV1 = R"sql(
CREATE TABLE batches(
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL, format TEXT NOT NULL, origin TEXT NOT NULL, sha256 TEXT NOT NULL,
    imported_at INTEGER NOT NULL, window_start INTEGER, window_end INTEGER,
    status TEXT NOT NULL CHECK (status IN ('complete', 'partial', 'failed')),
    reason TEXT NOT NULL DEFAULT '', evidence TEXT NOT NULL DEFAULT '{}',
    rows_read INTEGER NOT NULL DEFAULT 0, rows_added INTEGER NOT NULL DEFAULT 0,
    duplicates INTEGER NOT NULL DEFAULT 0, rounded_count INTEGER NOT NULL DEFAULT 0);
CREATE TABLE batch_totals(
    batch INTEGER NOT NULL REFERENCES batches(id), currency TEXT NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    added_amount BLOB NOT NULL, added_rows INTEGER NOT NULL,
    PRIMARY KEY (batch, currency)) WITHOUT ROWID;
CREATE TABLE warnings(
    id INTEGER PRIMARY KEY, batch INTEGER NOT NULL REFERENCES batches(id),
    code TEXT NOT NULL, file TEXT NOT NULL, record TEXT NOT NULL, field TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE INDEX warnings_batch ON warnings(batch);
CREATE TABLE label_sets(
    id INTEGER PRIMARY KEY, labels TEXT NOT NULL, raw TEXT NOT NULL, collisions TEXT NOT NULL,
    UNIQUE (labels, raw, collisions));
CREATE TABLE rows(
    id INTEGER PRIMARY KEY,
    batch INTEGER NOT NULL REFERENCES batches(id),
    source TEXT NOT NULL, record_key TEXT NOT NULL, name TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    start_us INTEGER NOT NULL, end_us INTEGER NOT NULL,
    label_set INTEGER NOT NULL REFERENCES label_sets(id),
    quantity BLOB, unit TEXT NOT NULL DEFAULT '',
    prompt_tokens INTEGER, completion_tokens INTEGER, cached_tokens INTEGER,
    send_us INTEGER, first_token_us INTEGER, done_us INTEGER,
    provider TEXT, model TEXT,
    split INTEGER, superseded INTEGER NOT NULL DEFAULT 0);
CREATE UNIQUE INDEX rows_key ON rows(source, record_key);
CREATE INDEX rows_start ON rows(start_us);
CREATE INDEX rows_batch ON rows(batch);
CREATE TABLE invoices(
    id INTEGER PRIMARY KEY, batch INTEGER REFERENCES batches(id), source TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    period_start INTEGER, period_end INTEGER, note TEXT NOT NULL DEFAULT '');
CREATE UNIQUE INDEX invoices_key ON invoices(
    source, currency, ifnull(period_start, -1), ifnull(period_end, -1), amount, note);
CREATE TABLE rules(id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
CREATE TABLE splits(
    id INTEGER PRIMARY KEY, original_row INTEGER NOT NULL REFERENCES rows(id),
    meter TEXT NOT NULL, applied_at INTEGER NOT NULL, parts INTEGER NOT NULL);
CREATE INDEX rows_split ON rows(split) WHERE split IS NOT NULL;
)sql";

// Version 2: the aggregate per (label set, source, cost object, day, currency, batch) that
// reports load instead of scanning rows, and indexes for the ledger table's sort orders.
constexpr const char *kUpgradeV1ToV2 = R"sql(
CREATE TABLE agg(
    label_set INTEGER NOT NULL, source TEXT NOT NULL, object TEXT NOT NULL,
    day INTEGER NOT NULL, currency TEXT NOT NULL, batch INTEGER NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    PRIMARY KEY (label_set, source, object, day, currency, batch)) WITHOUT ROWID;
CREATE INDEX rows_amount ON rows(amount);
CREATE INDEX rows_name ON rows(name);
)sql";

// Version 3: rows carry key_fp, the fingerprint of (source, record_key), under a plain index
// that replaces the unique text index: an import finds candidate duplicates by the integer and
// compares the text. The sort indexes of v2 are kept by the migration; a bulk import drops
// them and the ledger table rebuilds them on demand (ensureSortIndex).
constexpr const char *kUpgradeV2ToV3 = R"sql(
ALTER TABLE rows ADD COLUMN key_fp INTEGER NOT NULL DEFAULT 0;
UPDATE rows SET key_fp = unalloc_fp(source, record_key);
DROP INDEX IF EXISTS rows_key;
CREATE INDEX rows_fp ON rows(key_fp);
)sql";

// Version 4: the aggregate keeps the rows' usage provider and model (the double-counting seam
// matches gateway rows on them) and the days their charge window spans (a monthly bill line
// matches a month of gateway rows). Gateway rows written before identifyGatewayRow existed
// get their provider re-derived from the provider and model they kept; the aggregate is then
// rebuilt from the rows. Label sets become a dictionary of strings and compact bodies of
// string ids found by hash (labelsetcodec.h) instead of JSON text under a UNIQUE index: that
// step is upgradeLabelSetsV3ToV4 (C++, it re-encodes every set).
constexpr const char *kUpgradeV3ToV4 = R"sql(
DROP TABLE agg;
CREATE TABLE agg(
    label_set INTEGER NOT NULL, source TEXT NOT NULL, object TEXT NOT NULL,
    day INTEGER NOT NULL, currency TEXT NOT NULL, batch INTEGER NOT NULL,
    provider TEXT NOT NULL, model TEXT NOT NULL, days INTEGER NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    PRIMARY KEY (label_set, source, object, day, currency, batch, provider, model, days))
    WITHOUT ROWID;
UPDATE rows SET provider = unalloc_gateway_provider(provider, model)
    WHERE source = 'litellm' AND (provider IS NOT NULL OR model IS NOT NULL);
)sql";

// The current version as a new file gets it: v1 + v2 + v3 + v4 without the sort indexes
// (built on demand). key_fp has no default here: every writer supplies it (the migration
// needs DEFAULT 0).
constexpr const char *kSchemaCurrent = R"sql(
CREATE TABLE batches(
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL, format TEXT NOT NULL, origin TEXT NOT NULL, sha256 TEXT NOT NULL,
    imported_at INTEGER NOT NULL, window_start INTEGER, window_end INTEGER,
    status TEXT NOT NULL CHECK (status IN ('complete', 'partial', 'failed')),
    reason TEXT NOT NULL DEFAULT '', evidence TEXT NOT NULL DEFAULT '{}',
    rows_read INTEGER NOT NULL DEFAULT 0, rows_added INTEGER NOT NULL DEFAULT 0,
    duplicates INTEGER NOT NULL DEFAULT 0, rounded_count INTEGER NOT NULL DEFAULT 0);
CREATE TABLE batch_totals(
    batch INTEGER NOT NULL REFERENCES batches(id), currency TEXT NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    added_amount BLOB NOT NULL, added_rows INTEGER NOT NULL,
    PRIMARY KEY (batch, currency)) WITHOUT ROWID;
CREATE TABLE warnings(
    id INTEGER PRIMARY KEY, batch INTEGER NOT NULL REFERENCES batches(id),
    code TEXT NOT NULL, file TEXT NOT NULL, record TEXT NOT NULL, field TEXT NOT NULL,
    detail TEXT NOT NULL);
CREATE INDEX warnings_batch ON warnings(batch);
CREATE TABLE label_strings(id INTEGER PRIMARY KEY, s TEXT NOT NULL UNIQUE);
CREATE TABLE label_sets(id INTEGER PRIMARY KEY, h INTEGER NOT NULL, body BLOB NOT NULL);
CREATE INDEX label_sets_h ON label_sets(h);
CREATE TABLE rows(
    id INTEGER PRIMARY KEY,
    batch INTEGER NOT NULL REFERENCES batches(id),
    source TEXT NOT NULL, record_key TEXT NOT NULL, name TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    start_us INTEGER NOT NULL, end_us INTEGER NOT NULL,
    label_set INTEGER NOT NULL REFERENCES label_sets(id),
    quantity BLOB, unit TEXT NOT NULL DEFAULT '',
    prompt_tokens INTEGER, completion_tokens INTEGER, cached_tokens INTEGER,
    send_us INTEGER, first_token_us INTEGER, done_us INTEGER,
    provider TEXT, model TEXT,
    split INTEGER, superseded INTEGER NOT NULL DEFAULT 0,
    key_fp INTEGER NOT NULL);
CREATE INDEX rows_fp ON rows(key_fp);
CREATE TABLE invoices(
    id INTEGER PRIMARY KEY, batch INTEGER REFERENCES batches(id), source TEXT NOT NULL,
    amount BLOB NOT NULL, currency TEXT NOT NULL,
    period_start INTEGER, period_end INTEGER, note TEXT NOT NULL DEFAULT '');
CREATE UNIQUE INDEX invoices_key ON invoices(
    source, currency, ifnull(period_start, -1), ifnull(period_end, -1), amount, note);
CREATE TABLE rules(id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
CREATE TABLE splits(
    id INTEGER PRIMARY KEY, original_row INTEGER NOT NULL REFERENCES rows(id),
    meter TEXT NOT NULL, applied_at INTEGER NOT NULL, parts INTEGER NOT NULL);
CREATE INDEX rows_split ON rows(split) WHERE split IS NOT NULL;
CREATE TABLE agg(
    label_set INTEGER NOT NULL, source TEXT NOT NULL, object TEXT NOT NULL,
    day INTEGER NOT NULL, currency TEXT NOT NULL, batch INTEGER NOT NULL,
    provider TEXT NOT NULL, model TEXT NOT NULL, days INTEGER NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    PRIMARY KEY (label_set, source, object, day, currency, batch, provider, model, days))
    WITHOUT ROWID;
)sql"
                                       R"sql(
CREATE TABLE value_aliases(
    key TEXT NOT NULL, value TEXT NOT NULL, target TEXT NOT NULL,
    PRIMARY KEY (key, value)) WITHOUT ROWID;
)sql";

// v5 adds the label value aliases (valuealiases.h): a new table, nothing else changes.
constexpr const char *kUpgradeV4ToV5 = R"sql(
CREATE TABLE value_aliases(
    key TEXT NOT NULL, value TEXT NOT NULL, target TEXT NOT NULL,
    PRIMARY KEY (key, value)) WITHOUT ROWID;
)sql";

struct SumState
{
    __int128 units;
    bool overflow;
};

void sumStep(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    auto *s = static_cast<SumState *>(sqlite3_aggregate_context(ctx, sizeof(SumState)));
    if (!s)
        return;
    const void *p = sqlite3_value_blob(argv[0]);
    const int n = sqlite3_value_bytes(argv[0]);
    auto d = ledgercodec::decodeAmount(
        std::string_view(static_cast<const char *>(p), static_cast<size_t>(n)));
    if (!d) {
        sqlite3_result_error(ctx, "unalloc_sum: malformed amount", -1);
        return;
    }
    if (__builtin_add_overflow(s->units, d->units(), &s->units))
        s->overflow = true;
}

void sumFinal(sqlite3_context *ctx)
{
    auto *s = static_cast<SumState *>(sqlite3_aggregate_context(ctx, 0));
    const SumState zero{0, false};
    const SumState &st = s ? *s : zero;
    if (st.overflow) {
        sqlite3_result_error(ctx, "unalloc_sum: overflow", -1);
        return;
    }
    const auto blob = ledgercodec::encodeAmount(Decimal::fromUnits(st.units));
    sqlite3_result_blob(ctx, blob.data(), ledgercodec::kAmountBytes, SQLITE_TRANSIENT);
}

// unalloc_add(a, b): exact sum of two stored amounts, for aggregate upserts.
void addFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    __int128 total = 0;
    for (int i = 0; i < 2; ++i) {
        const void *p = sqlite3_value_blob(argv[i]);
        auto d = ledgercodec::decodeAmount(std::string_view(
            static_cast<const char *>(p), static_cast<size_t>(sqlite3_value_bytes(argv[i]))));
        if (!d || __builtin_add_overflow(total, d ? d->units() : 0, &total)) {
            sqlite3_result_error(ctx, "unalloc_add: malformed amount or overflow", -1);
            return;
        }
    }
    const auto blob = ledgercodec::encodeAmount(Decimal::fromUnits(total));
    sqlite3_result_blob(ctx, blob.data(), ledgercodec::kAmountBytes, SQLITE_TRANSIENT);
}

void dayFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx, dayIndex(sqlite3_value_int64(argv[0])));
}

void daysFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx, spanDays(sqlite3_value_int64(argv[0]), sqlite3_value_int64(argv[1])));
}

std::string_view textArg(sqlite3_value *v)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_value_text(v));
    return p ? std::string_view(p, static_cast<size_t>(sqlite3_value_bytes(v)))
             : std::string_view();
}

// unalloc_fp(source, record_key): the stored key fingerprint.
void fpFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx,
                         storedFingerprint(keyFingerprint(textArg(argv[0]), textArg(argv[1]))));
}

// unalloc_gateway_provider(provider, model): identifyGatewayRow's provider from the fields a
// stored row kept ('' when they tell nothing: the row keeps its usage).
void gatewayProviderFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    const std::string p = identifyGatewayRow({textArg(argv[0]), textArg(argv[1]), {}, {}}).provider;
    sqlite3_result_text(ctx, p.data(), static_cast<int>(p.size()), SQLITE_TRANSIENT);
}

// unalloc_telemetry(provider, amount): 1 for request telemetry (isTelemetryOnly).
void telemetryFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    const void *p = sqlite3_value_blob(argv[1]);
    const auto amount = ledgercodec::decodeAmount(std::string_view(
        static_cast<const char *>(p), static_cast<size_t>(sqlite3_value_bytes(argv[1]))));
    sqlite3_result_int(ctx, amount && isTelemetryOnly(textArg(argv[0]), amount->isZero()) ? 1 : 0);
}

constexpr std::uint64_t kFpMul = 0x9E3779B97F4A7C15ULL;

inline std::uint64_t fpStep(std::uint64_t h, std::uint64_t w)
{
    h = (h ^ w) * kFpMul;
    return h ^ (h >> 29);
}

// Bytes as little-endian words whatever the host order; the compiler makes it one load.
inline std::uint64_t loadLe(const unsigned char *p, size_t n)
{
    std::uint64_t w = 0;
    for (size_t i = 0; i < n; ++i)
        w |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return w;
}

std::uint64_t fpString(std::uint64_t h, std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    size_t n = s.size();
    h = fpStep(h, static_cast<std::uint64_t>(n));
    for (; n >= 8; n -= 8, p += 8)
        h = fpStep(h, loadLe(p, 8));
    if (n > 0)
        h = fpStep(h, loadLe(p, n));
    return h;
}

} // namespace

const char *schemaV1()
{
    return kSchemaV1;
}

const char *upgradeV1ToV2()
{
    return kUpgradeV1ToV2;
}

const char *upgradeV2ToV3()
{
    return kUpgradeV2ToV3;
}

const char *upgradeV3ToV4()
{
    return kUpgradeV3ToV4;
}

std::uint64_t keyFingerprint(std::string_view source, std::string_view recordKey)
{
    std::uint64_t h = fpString(fpString(0x6A09E667F3BCC908ULL, source), recordKey);
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
}

Result<void> registerFunctions(sql::Db &db)
{
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
    if (sqlite3_create_function_v2(db.handle(), "unalloc_sum", 1, flags, nullptr, nullptr, sumStep,
                                   sumFinal, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_day", 1, flags, nullptr, dayFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_add", 2, flags, nullptr, addFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_fp", 2, flags, nullptr, fpFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_days", 2, flags, nullptr, daysFunc,
                                   nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_gateway_provider", 2, flags, nullptr,
                                   gatewayProviderFunc, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_telemetry", 2, flags, nullptr,
                                   telemetryFunc, nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail(sql::sqlError(db.handle(), "cannot register ledger functions"));
    return {};
}

Result<void> configure(sql::Db &db, bool readOnly)
{
    // FULL costs one fsync per import (one transaction) and keeps a committed import
    // through a power cut, which is what "the ledger is a document" promises.
    std::string pragmas = "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;"
                          "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;";
    if (!readOnly)
        pragmas += "PRAGMA journal_mode = WAL;";
    return db.exec(pragmas);
}

Result<void> create(sql::Db &db)
{
    std::string ddl = "BEGIN IMMEDIATE;";
    ddl += kSchemaCurrent;
    ddl += "PRAGMA application_id = " + std::to_string(kApplicationId) + ";";
    ddl += "PRAGMA user_version = " + std::to_string(kCurrentVersion) + "; COMMIT;";
    auto r = db.exec(ddl);
    if (!r) {
        (void)db.exec("ROLLBACK");
        return r;
    }
    return {};
}

Result<void> rebuildAggregate(sql::Db &db)
{
    return db.exec(std::string("DELETE FROM agg; INSERT INTO agg(") + kAggColumns + ") " +
                   kAggFromRows + ";");
}

Result<int> migrate(sql::Db &db, const std::string &path, bool readOnly)
{
    auto version = db.scalar("PRAGMA user_version");
    auto appId = db.scalar("PRAGMA application_id");
    if (!version || !appId) {
        const std::string why = !version ? version.error().detail : appId.error().detail;
        if (why.find("malformed") != std::string::npos || why.find("corrupt") != std::string::npos)
            return fail("ledger-damaged",
                        "the ledger file is corrupt (" + why +
                            "); restore it from a backup (SQLite's 'sqlite3 FILE .recover | "
                            "sqlite3 NEW.unalloc' may salvage what is left)",
                        path);
        return fail("not-a-ledger",
                    "the file is not a SQLite database, so not an unalloc ledger (" + why + ")",
                    path);
    }
    if (*appId != kApplicationId || *version < 1)
        return fail("not-a-ledger", "the file is not an unalloc ledger", path);
    if (*version > kCurrentVersion)
        return fail("ledger-too-new",
                    "the ledger has schema version " + std::to_string(*version) +
                        " but this build reads up to version " + std::to_string(kCurrentVersion) +
                        "; use a newer unalloc",
                    path);
    if (*version == kCurrentVersion)
        return static_cast<int>(*version);
    // v5 only adds the value_aliases table: a v4 file reads as one without aliases, so a
    // read-only open (every report) need not migrate it first.
    if (readOnly && *version == 4)
        return 4;
    if (readOnly)
        return fail("ledger-needs-migration",
                    "the ledger has schema version " + std::to_string(*version) +
                        " and must be opened writable once to migrate it",
                    path);
    auto r = db.exec("BEGIN IMMEDIATE");
    if (!r)
        return fail(r.error());
    // The aggregate is rebuilt once, in the v4 layout, whatever older version the file had.
    if (*version == 1)
        r = db.exec(kUpgradeV1ToV2);
    if (r && *version <= 2)
        r = db.exec(kUpgradeV2ToV3);
    if (r && *version <= 3)
        r = db.exec(kUpgradeV3ToV4);
    if (r && *version <= 3)
        r = upgradeLabelSetsV3ToV4(db);
    if (r && *version <= 3)
        r = rebuildAggregate(db);
    if (r && *version <= 4)
        r = db.exec(kUpgradeV4ToV5);
    if (r)
        r = db.exec("PRAGMA user_version = " + std::to_string(kCurrentVersion) + "; COMMIT;");
    if (!r) {
        (void)db.exec("ROLLBACK");
        Error e = r.error();
        e.code = "ledger-migration";
        e.file = path;
        return fail(std::move(e));
    }
    return kCurrentVersion;
}

} // namespace unalloc::core::ledgerschema
