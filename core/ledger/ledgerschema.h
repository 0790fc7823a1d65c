#pragma once

#include "sqlitedb.h"

namespace unalloc::core::ledgerschema {

/// The version this build writes (PRAGMA user_version).
inline constexpr int kCurrentVersion = 2;
/// Written to PRAGMA application_id so that other SQLite files are refused ("UNAL").
inline constexpr int kApplicationId = 0x554E414C;

/// The version-1 layout, kept verbatim: migrations start from it and tests create v1 files.
const char *schemaV1();
/// Statements that take a version-1 file to version 2 (besides the aggregate rebuild).
const char *upgradeV1ToV2();

/// Registers the SQL functions the schema and its migrations use on a connection:
/// unalloc_sum(amount) (exact aggregate), unalloc_add(a, b) and unalloc_day(start_us).
Result<void> registerFunctions(sql::Db &db);
/// Pragmas for every connection (WAL, foreign keys, cache).
Result<void> configure(sql::Db &db, bool readOnly);
/// Creates the current schema in an empty database.
Result<void> create(sql::Db &db);
/// Brings an existing ledger to kCurrentVersion inside one transaction. A version newer
/// than this build, or a file that is not a ledger, is an error naming the file.
Result<int> migrate(sql::Db &db, const std::string &path, bool readOnly);
/// Recomputes the aggregate table from the rows (used by the v1→v2 migration and checks).
Result<void> rebuildAggregate(sql::Db &db);

} // namespace unalloc::core::ledgerschema
