#pragma once

#include "core/ledger/ledgerstore.h"
#include "core/result.h"

#include <QString>

#include <memory>

class QWidget;

namespace unalloc::ui {

/// @brief Opens a ledger file for writing off the GUI thread.
///
/// A ledger written by an older unalloc is migrated while it opens (schema v8 rebuilds the
/// rows table: a few seconds per million rows). The window keeps painting meanwhile but takes
/// no input, and after `busyAfterMs` a window-modal dialog over `parent` says what is going
/// on. The migration is one transaction, so there is nothing to cancel half-way.
core::Result<std::unique_ptr<core::LedgerStore>>
openLedgerOffThread(QWidget *parent, const QString &path, int busyAfterMs = 400);

} // namespace unalloc::ui
