#pragma once

#include "core/attribution.h"

#include <QString>

class QWidget;

namespace unalloc::core {
class LedgerStore;
}

namespace unalloc::ui {

class LedgerDocument;
class AnalysisController;

/// Writes the FOCUS 1.2 export of `store` (core::writeFocusCsv) to `path` all or nothing.
/// Returns the error text, or an empty string.
QString writeFocusFile(const core::LedgerStore &store,
                       const core::AttributionOptions &options,
                       const QString &path);

/// File → Export → FOCUS…: asks for a file and writes the open ledger with the owner key,
/// fallbacks, period and sources the analysis shows now.
void askExportFocus(QWidget *parent, LedgerDocument &document, const AnalysisController &analysis);

} // namespace unalloc::ui
