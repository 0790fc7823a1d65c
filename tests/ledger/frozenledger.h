#pragma once

#include "../cli/clirun.h"
#include "ledgertestutil.h"

#include <QStringList>
#include <QTemporaryDir>

#include <string>

namespace unalloc::testing {

/// @brief A ledger frozen from an older build (tests/data/ledger/vN/vN.unalloc, with that
/// build's outputs next to it), copied writable into a temporary folder, and the CLI run there.
class FrozenLedger
{
public:
    explicit FrozenLedger(int version)
        : m_version(version)
    {}
    /// The folder of the frozen file and of its golden outputs.
    static QString dataDirOf(int version)
    {
        return QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/ledger/v") + QString::number(version);
    }
    QString dataDir() const { return dataDirOf(m_version); }
    QString fileName() const { return QStringLiteral("v%1.unalloc").arg(m_version); }
    /// A fresh copy, as the old build wrote it (call it in init()).
    bool copy()
    {
        m_path = m_dir.filePath(fileName()).toStdString();
        return copyFrozenLedger(dataDir() + QLatin1Char('/') + fileName(), m_path);
    }
    const std::string &path() const { return m_path; }
    QString dir() const { return m_dir.path(); }
    /// `unalloc ARGS`, run in the copy's folder.
    clitest::Run run(const QStringList &args) const { return clitest::run(m_dir.path(), args); }
    /// `unalloc ledger --upgrade --ledger vN.unalloc`.
    clitest::Run upgrade() const
    {
        return run({QStringLiteral("ledger"), QStringLiteral("--upgrade"),
                    QStringLiteral("--ledger"), fileName()});
    }

private:
    int m_version;
    QTemporaryDir m_dir;
    std::string m_path;
};

} // namespace unalloc::testing
