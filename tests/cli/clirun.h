#pragma once

// Runs the built `unalloc` binary (UNALLOC_CLI, defined per test target) in a folder and
// collects what it printed: the one runner the CLI-level tests share.
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace clitest {

struct Run
{
    int exitCode = -1; ///< -1 when it did not start, did not finish in time or crashed
    QByteArray out, err;
};

inline Run run(const QString &cwd, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(cwd);
    p.start(QStringLiteral(UNALLOC_CLI), args);
    Run r;
    if (!p.waitForStarted() || !p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace clitest
