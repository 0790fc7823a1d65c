#pragma once

#include "core/importbatch.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <vector>

namespace unalloc::ui {

/// What one file would add, read without touching the ledger.
struct FilePreview
{
    QString path;
    QString format;      ///< adapter id, empty when not recognised
    QString description; ///< adapter description
    QString source;
    std::int64_t rows = 0;
    std::int64_t invoices = 0;
    /// Rows the ledger (or an earlier row of the same file) already holds: the import skips
    /// them. -1 when unknown (no ledger given, or it could not be read).
    std::int64_t duplicates = -1;
    std::vector<core::Money> totals;
    core::BatchStatus status = core::BatchStatus::Complete;
    QString reason; ///< why partial
    std::vector<core::Warning> warnings;
    QString error; ///< not importable: unknown format, unreadable, malformed
    bool ok() const { return error.isEmpty(); }
};

/// Progress of a preview: files done, bytes of the current file; return false to cancel.
using PreviewProgress = std::function<bool(int file, int files, qint64 done, qint64 total)>;

/// @brief Detects and parses each file (adapters::readBytes) to show format, rows, totals,
/// completeness and warnings before anything is written, and — given `ledgerPath` — how many
/// of its rows that ledger already holds (read-only; its own connection). Runs on a worker
/// thread.
std::vector<FilePreview> previewFiles(const QStringList &paths,
                                      const PreviewProgress &progress,
                                      const QString &ledgerPath = {});

} // namespace unalloc::ui
