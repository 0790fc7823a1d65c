#pragma once

#include "importer.h"

#include <expected>
#include <string>
#include <vector>

namespace unalloc::adapters {

/// A failed importIntoLedgerFile: the error, and whether the ledger was to be created by the
/// import (then no file was left at its path).
struct LedgerImportFailure
{
    core::Error error;
    bool created = false;
};

/// Imports files into the ledger at `ledgerPath`, creating it when missing. A new ledger is
/// built under a temporary name in the same directory and put in place only once the import
/// committed: a failed, cancelled or killed import into a new path leaves no ledger, and of
/// two imports creating the same ledger the second to finish imports into the first one's
/// (its duplicates are skipped). Errors about the ledger name `ledgerPath`.
std::expected<ImportReport, LedgerImportFailure>
importIntoLedgerFile(const std::string &ledgerPath,
                     const std::vector<std::string> &paths,
                     const ImportOptions &options = {},
                     const ImportProgressFn &progress = {});

/// The same for bytes already in memory (a live pull's page sets).
std::expected<ImportReport, LedgerImportFailure>
importInputsIntoLedgerFile(const std::string &ledgerPath,
                           const std::vector<ImportInput> &inputs,
                           const ImportOptions &options = {},
                           const ImportProgressFn &progress = {});

} // namespace unalloc::adapters
