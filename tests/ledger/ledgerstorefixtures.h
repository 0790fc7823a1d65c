#pragma once

// Fixtures shared by the ledger store tests (tst_ledgerstore, tst_ledgermigration,
// tst_importtransaction): raw reads of the file's indexes and fingerprints, and small imports.
// Header-only: it needs QTest and SQLite, which the ledger test library does not link.
#include "ledgertestutil.h"

#include "core/ledger/ledgerschema.h"
#include "core/ledger/ledgerstore.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

namespace unalloc::testing {

/// Names of the indexes on `rows`, sorted (through a raw connection: WAL lets it read while
/// the ledger is open).
inline std::vector<std::string> rowIndexes(const std::string &path)
{
    std::vector<std::string> out;
    sqlite3 *db = nullptr;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT name FROM sqlite_master WHERE type = 'index' AND "
                           "tbl_name = 'rows' AND sql IS NOT NULL ORDER BY name",
                           -1, &st, nullptr) == SQLITE_OK)
        while (sqlite3_step(st) == SQLITE_ROW)
            out.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

/// How many rows hold a key_fp other than keyFingerprint(source, record_key) as stored.
inline int wrongFingerprints(const std::string &path)
{
    int wrong = -1;
    sqlite3 *db = nullptr;
    sqlite3_stmt *st = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
        sqlite3_prepare_v2(db,
                           "SELECT r.source, k.record_key, r.key_fp FROM rows r "
                           "JOIN row_keys k ON k.id = r.id",
                           -1, &st, nullptr) == SQLITE_OK) {
        wrong = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            const std::string source = reinterpret_cast<const char *>(sqlite3_column_text(st, 0));
            const std::string key = reinterpret_cast<const char *>(sqlite3_column_text(st, 1));
            if (sqlite3_column_int64(st, 2) != core::ledgerschema::storedFingerprint(
                                                   core::ledgerschema::keyFingerprint(source, key)))
                ++wrong;
        }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return wrong;
}

inline std::unique_ptr<core::LedgerStore> createLedger(const QTemporaryDir &dir,
                                                       const char *name = "l")
{
    const std::string path =
        dir.filePath(QString::fromLatin1(name) + QStringLiteral(".unalloc")).toStdString();
    auto l = core::LedgerStore::create(path);
    if (!l)
        qFatal("create failed: %s", l.error().message().c_str());
    return std::move(*l);
}

inline void importRows(core::LedgerStore &ledger,
                       const std::vector<core::CostRow> &rows,
                       core::BatchCounts *counts = nullptr)
{
    auto txn = ledger.beginImport();
    QVERIFY(txn.has_value());
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    meta.origin = "test";
    QVERIFY((*txn)->beginBatch(meta).has_value());
    for (const core::CostRow &r : rows)
        QVERIFY2((*txn)->addRow(r).has_value(), r.recordKey.c_str());
    QVERIFY((*txn)->endBatch(meta).has_value());
    if (counts)
        *counts = (*txn)->counts();
    QVERIFY((*txn)->commit().has_value());
}

} // namespace unalloc::testing
