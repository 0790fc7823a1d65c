#pragma once

#include "core/ledger/ledgerstore.h"

#include <QString>

namespace unalloc::ui {

/// @brief Builds the bundled demo ledger: a fresh `.unalloc` file at `ledgerPath` (replaced if
/// present) holding every file of `sampleDir` (":/demo" in the explorer) imported in one
/// transaction, exactly as File ▸ Import would. The sibling folder `<sampleDir>-pod`, when
/// present (":/demo-pod"), adds the shared inference pod and its request telemetry;
/// `<sampleDir>-gateway` (":/demo-gateway") a month of gateway rows routed to the billed
/// providers, so the demo shows the double counting a real gateway log brings;
/// `<sampleDir>-economics` (":/demo-economics") the cluster side of the gateway's features
/// (vector database, embedding job) and their June and July calls, for Feature economics.
core::Result<std::unique_ptr<core::LedgerStore>> createDemoLedger(const QString &ledgerPath,
                                                                  const QString &sampleDir);

} // namespace unalloc::ui
