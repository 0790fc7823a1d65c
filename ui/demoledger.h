#pragma once

#include "core/ledger/ledgerstore.h"

#include <QLockFile>
#include <QString>

#include <memory>

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

/// @brief The file this process builds its demo ledger in: a name of its own in `dir`, held by
/// a lock file while the process lives, so that explorers (or tests) opening the demo at the
/// same moment never share, replace or delete each other's ledger. Claiming a new one removes
/// the demo files no live process holds (left by a process that ended).
class DemoLedgerFile final
{
public:
    /// Nullptr when `dir` cannot hold the lock.
    static std::unique_ptr<DemoLedgerFile> claim(const QString &dir);
    QString path() const { return m_path; }
    /// Removes the ledger and its -wal/-shm (call once no store has it open).
    void remove() const;

private:
    DemoLedgerFile(QString path, std::unique_ptr<QLockFile> lock);
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace unalloc::ui
