#include "ledgerschema.h"

#include "aggsegment.h"
#include "core/costcube.h"
#include "labelchunks.h"
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

// The aggregate of version 5 (ids of agg_strings): part of the current schema and of the
// v4 -> v5 step (both run it after their own statements).
constexpr const char *kAggV5 =
    R"sql(
CREATE TABLE agg_strings(id INTEGER PRIMARY KEY, s TEXT NOT NULL UNIQUE);
CREATE TABLE agg(
    label_set INTEGER NOT NULL, source INTEGER NOT NULL, object INTEGER NOT NULL,
    day INTEGER NOT NULL, currency INTEGER NOT NULL, batch INTEGER NOT NULL,
    provider INTEGER NOT NULL, model INTEGER NOT NULL, days INTEGER NOT NULL,
    amount BLOB NOT NULL, rows INTEGER NOT NULL,
    PRIMARY KEY (label_set, source, object, day, currency, batch, provider, model, days))
    WITHOUT ROWID;
CREATE VIEW agg_text AS
    SELECT a.label_set AS label_set, s.s AS source, o.s AS object, a.day AS day,
           c.s AS currency, a.batch AS batch, p.s AS provider, m.s AS model, a.days AS days,
           a.amount AS amount, a.rows AS rows
    FROM agg a JOIN agg_strings s ON s.id = a.source JOIN agg_strings o ON o.id = a.object
         JOIN agg_strings c ON c.id = a.currency JOIN agg_strings p ON p.id = a.provider
         JOIN agg_strings m ON m.id = a.model;
)sql";

// Version 5: label value aliases (valuealiases.h: table value_aliases, applied before
// attribution). The aggregate's texts (source, cost object, currency, provider, model: a few
// hundred distinct values) become ids of agg_strings. Per-request label sets make the
// aggregate about as long as the rows; its texts were ~60 bytes of each of its rows, and a
// ledger opens faster reading integers. The view agg_text shows the aggregate with its texts
// (the integrity check compares it with the rows).
//
// The request timestamps of a row (send, first token, done) are kept as microseconds after
// the row's start (columns renamed *_after_us): a gateway row's send time is its start and
// its other times are seconds after it, so each takes 0 to 4 bytes instead of 6 to 8.
constexpr const char *kUpgradeV4ToV5 =
    R"sql(
DROP TABLE agg;
UPDATE rows SET send_us = send_us - start_us, first_token_us = first_token_us - start_us,
    done_us = done_us - start_us
    WHERE send_us IS NOT NULL OR first_token_us IS NOT NULL OR done_us IS NOT NULL;
ALTER TABLE rows RENAME COLUMN send_us TO send_after_us;
ALTER TABLE rows RENAME COLUMN first_token_us TO first_token_after_us;
ALTER TABLE rows RENAME COLUMN done_us TO done_after_us;
CREATE TABLE value_aliases(
    key TEXT NOT NULL, value TEXT NOT NULL, target TEXT NOT NULL,
    PRIMARY KEY (key, value)) WITHOUT ROWID;
)sql";

// Version 6: the aggregate an import writes is stored per batch in segments (aggsegment.h:
// a BLOB of varints per up to 65,536 groups) instead of a row per group; the agg table keeps
// only what changes a batch's groups after its import (meter splits). A ledger whose label
// sets are as many as its rows had an agg row per row (44 bytes and a SQLite step each when
// opened); a segment group takes about 12 bytes and decodes in memory.
constexpr const char *kSegmentsV6 = R"sql(
CREATE TABLE agg_segments(
    id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, groups INTEGER NOT NULL, body BLOB NOT NULL);
CREATE INDEX agg_segments_batch ON agg_segments(batch, id);
)sql";

// The current version as a new file gets it: v1 + … + v9 without the sort indexes
// (built on demand). Version 7: label sets are stored in chunks of consecutive ids
// (labelchunks.h), with no hash index and no foreign key from the rows. Version 8: the rows
// table stores codes and compact amounts (rowsv8.cpp). Version 9: the rows table is
// rowsTable() (rowsv9.cpp): start, done instant, quantity and key fingerprint in fewer bytes.
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
CREATE TABLE label_chunks(
    first INTEGER PRIMARY KEY, span INTEGER NOT NULL, sets INTEGER NOT NULL, body BLOB NOT NULL);
)sql";

// After the rows table (rowsTable).
constexpr const char *kSchemaCurrentTail = R"sql(
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
CREATE TABLE value_aliases(
    key TEXT NOT NULL, value TEXT NOT NULL, target TEXT NOT NULL,
    PRIMARY KEY (key, value)) WITHOUT ROWID;
)sql";

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

std::string upgradeV4ToV5()
{
    return std::string(kUpgradeV4ToV5) + kAggV5;
}

const char *upgradeV5ToV6()
{
    return kSegmentsV6;
}

Result<void> configure(sql::Db &db, bool readOnly)
{
    // FULL costs one fsync per import (one transaction) and keeps a committed import
    // through a power cut, which is what "the ledger is a document" promises.
    // A writer keeps 64 MiB of pages (index inserts revisit them); a reader mostly scans once,
    // and the explorer holds several readers at a time (one per background analysis), each of
    // which filled its own 64 MiB on a large ledger: 16 MiB each, the OS caches the file anyway.
    std::string pragmas = "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;"
                          "PRAGMA temp_store = MEMORY;";
    pragmas += readOnly ? "PRAGMA cache_size = -16384;" : "PRAGMA cache_size = -65536;";
    if (!readOnly)
        pragmas += "PRAGMA journal_mode = WAL;";
    return db.exec(pragmas);
}

Result<void> create(sql::Db &db)
{
    std::string ddl = "BEGIN IMMEDIATE;";
    ddl += kSchemaCurrent;
    ddl += rowsTable("rows") + ";" + rowKeysView() + ";";
    ddl += kSchemaCurrentTail;
    ddl += kAggV5;
    ddl += kSegmentsV6;
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
    // The texts first (a few hundred), then the groups with their ids.
    const std::string sqlText =
        std::string(
            "DELETE FROM agg; DELETE FROM agg_segments;"
            "INSERT OR IGNORE INTO agg_strings(s) SELECT source FROM rows UNION "
            "SELECT name FROM rows UNION SELECT currency FROM rows UNION "
            "SELECT ifnull(provider, '') FROM rows UNION SELECT ifnull(model, '') FROM rows;"
            "WITH g(label_set, source, object, day, currency, batch, provider, model, "
            "days, amount, rows) AS (") +
        kAggFromRows + ") INSERT INTO agg(" + kAggColumns +
        ") SELECT g.label_set, s.id, o.id, g.day, c.id, g.batch, p.id, m.id, g.days, g.amount, "
        "g.rows FROM g JOIN agg_strings s ON s.s = g.source JOIN agg_strings o ON o.s = g.object "
        "JOIN agg_strings c ON c.s = g.currency JOIN agg_strings p ON p.s = g.provider "
        "JOIN agg_strings m ON m.s = g.model;";
    return db.exec(sqlText);
}

Result<std::int64_t> aggStringId(sql::Db &db, std::string_view text)
{
    auto insert = db.prepare("INSERT OR IGNORE INTO agg_strings(s) VALUES (?1)");
    if (!insert)
        return fail(insert.error());
    insert->bind(1, text);
    if (auto r = insert->exec(); !r)
        return fail(r.error());
    auto find = db.prepare("SELECT id FROM agg_strings WHERE s = ?1");
    if (!find)
        return fail(find.error());
    find->bind(1, text);
    auto row = find->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail("ledger-corrupt", "agg_strings lost a text it was given");
    return find->int64(0);
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
    if (readOnly)
        return fail(
            "ledger-needs-migration",
            "the ledger has schema version " + std::to_string(*version) +
                " and must be opened writable once to migrate it (`unalloc ledger --upgrade "
                "--ledger FILE`, or open it in the explorer)",
            path);
    auto r = db.exec("BEGIN IMMEDIATE");
    if (!r)
        return fail(r.error());
    // Until the rows move to the v8 layout, the SQL functions read (and write) v7 amounts.
    if (*version <= 7)
        r = registerFunctions(db, AmountFormat::Legacy);
    // The aggregate is rebuilt once, in the v5 layout, whatever version the file had.
    if (r && *version == 1)
        r = db.exec(kUpgradeV1ToV2);
    if (r && *version <= 2)
        r = db.exec(kUpgradeV2ToV3);
    if (r && *version <= 3)
        r = db.exec(kUpgradeV3ToV4);
    if (r && *version <= 3)
        r = upgradeLabelSetsV3ToV4(db);
    if (r && *version <= 4)
        r = db.exec(upgradeV4ToV5());
    // Only bodies a v4 build wrote: the v3 → v4 step above already writes v5 bodies.
    if (r && *version == 4)
        r = upgradeLabelSetsV4ToV5(db);
    if (r && *version <= 5)
        r = db.exec(kSegmentsV6);
    // A v5 aggregate is already what the rows give: it only moves into segments.
    if (r && *version <= 4)
        r = rebuildAggregate(db);
    // After every step that reads or rewrites label_sets: the sets move into chunks.
    if (r && *version <= 6)
        r = labelchunks::upgradeV6ToV7(db);
    // After every step that reads the rows in their v7 layout or v7 amounts; from here on
    // the SQL functions read and write v8 amounts again.
    // The rows table is rebuilt (once or twice) from here: which sort indexes it has is noted
    // before, and they are built in the v9 layout after the last rebuild.
    std::string sortIndexes;
    if (r && *version <= 8) {
        if (auto s = prepareRowsRebuild(db))
            sortIndexes = std::move(*s);
        else
            r = fail(s.error());
    }
    if (r && *version <= 7)
        r = upgradeRowsV7ToV8(db);
    if (r && *version <= 7)
        r = registerFunctions(db, AmountFormat::V8);
    // Rows in the v8 layout (written so, or just moved there) take the v9 one.
    if (r && *version <= 8)
        r = upgradeRowsV8ToV9(db);
    if (r && !sortIndexes.empty())
        r = db.exec(sortIndexes);
    // A v6 ledger's aggregate is in segments already: its agg rows are later adjustments.
    if (r && *version <= 5)
        r = aggsegment::segmentsFromTable(db);
    if (r)
        r = db.exec("PRAGMA user_version = " + std::to_string(kCurrentVersion) + "; COMMIT;");
    if (!r) {
        (void)db.exec("ROLLBACK");
        (void)registerFunctions(db, AmountFormat::V8);
        Error e = r.error();
        e.code = "ledger-migration";
        e.file = path;
        return fail(std::move(e));
    }
    // The old rows table's pages are free now: about half the file. Committed already, so a
    // VACUUM that cannot run (no room for its copy) only leaves the file larger.
    if (*version <= 8)
        (void)db.exec("VACUUM");
    return kCurrentVersion;
}

} // namespace unalloc::core::ledgerschema
