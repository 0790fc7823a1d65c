#pragma once

#include "core/costcube.h"
#include "core/ledger/ledgerstore.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <string>
#include <vector>

namespace unalloc::testing {

/// Every table of a SQLite file as sorted text lines ("table|col|col…", BLOBs in hex):
/// two ledgers with the same content give the same dump, whatever the page layout.
std::vector<std::string> dumpContent(const std::string &path);
/// Runs one SQL script on a file with a raw connection (to forge old or foreign files).
bool execRaw(const std::string &path, const std::string &sqlText);
/// The first column of the first row of `sqlText` on a read-only raw connection, as text
/// ("" when there is none); sqlCount() as a number (-1 when there is none).
std::string sqlText(const std::string &path, const char *sqlText);
std::int64_t sqlCount(const std::string &path, const char *sqlText);
/// A writable copy of a ledger frozen from an older build (tests/data/ledger/vN) at `to`.
bool copyFrozenLedger(const QString &from, const std::string &to);
/// A file's bytes ("" when it cannot be read).
QByteArray readFile(const QString &path);
/// Cube groups as canonical text lines (labels, source, object, day, currency, batch, sum, n).
std::vector<std::string> dumpCube(const core::CostCube &cube, bool withBatch = true);
/// The cube of every reportable row, built row by row through the public row query.
core::CostCube cubeFromRows(const core::LedgerStore &ledger);
/// A row with the given key, amount text, day offset and team.
core::CostRow makeRow(const std::string &key,
                      const std::string &amount,
                      int day = 0,
                      const std::string &team = {},
                      const std::string &source = "fake");

} // namespace unalloc::testing
