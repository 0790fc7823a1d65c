#pragma once

#include "core/result.h"
#include "sqlitedb.h"

#include <string>

/// How a ledger file comes into being and how it is opened on media it cannot write to.
/// The file system side of LedgerStore::create / open: SQLite itself does the rest.
namespace unalloc::core::ledgerfile {

/// A fresh name next to `path` (same directory, so a link or rename is atomic) for a ledger
/// being built: ".NAME.creating-HOST-PID-RANDOM". Nothing is created.
std::string draftPathFor(const std::string &path);

/// Removes the drafts for `path` that processes of this host which no longer run left
/// behind (a SIGKILL during creation).
void removeStaleDrafts(const std::string &path);

/// Puts the closed ledger file `draft` at `path` in one step: a hard link (or a rename that
/// refuses to replace) so that `path` either does not exist or is a whole ledger. Fails with
/// "ledger-exists" when `path` appeared meanwhile (another process created it); the draft is
/// removed in every case.
Result<void> publish(const std::string &draft, const std::string &path);

/// Removes a draft and the journal files SQLite may have left next to it.
void discard(const std::string &draft);

/// Opens `path` read-only. When SQLite cannot open it the usual way because the directory or
/// medium is read-only (no -shm can be created) and there is no write-ahead log to read, the
/// file is opened as immutable: nothing can change it while it is read.
Result<sql::Db> openReadOnly(const std::string &path);

/// Why `path` cannot be a ledger, in words for people, with how to recover: empty,
/// truncated (bytes present vs declared), not SQLite. Empty when the header looks intact.
std::string damage(const std::string &path);

} // namespace unalloc::core::ledgerfile
