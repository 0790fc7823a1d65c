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

/// Runs in `cwd`; `input` is written to its standard input, which is then closed. `env`
/// (when not empty) replaces the environment.
inline Run run(const QString &cwd,
               const QStringList &args,
               const QByteArray &input = {},
               const QStringList &env = {})
{
    QProcess p;
    p.setWorkingDirectory(cwd);
    if (!env.isEmpty())
        p.setEnvironment(env);
    p.start(QStringLiteral(UNALLOC_CLI), args);
    Run r;
    if (!p.waitForStarted())
        return r;
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace clitest
