#include "openledger.h"

#include "format.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

namespace unalloc::ui {

core::Result<std::unique_ptr<core::LedgerStore>>
openLedgerOffThread(QWidget *parent, const QString &path, int busyAfterMs)
{
    using Opened = core::Result<std::unique_ptr<core::LedgerStore>>;
    // Held through a shared pointer: the future's result type must be copyable.
    QFuture<std::shared_ptr<Opened>> future = QtConcurrent::run(
        [file = fmt::s(path)] { return std::make_shared<Opened>(core::LedgerStore::open(file)); });
    if (!future.isFinished()) {
        QFutureWatcher<std::shared_ptr<Opened>> watcher;
        QEventLoop loop;
        QObject::connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
        watcher.setFuture(future);
        QProgressDialog busy(
            QCoreApplication::translate(
                "OpenLedger", "Opening %1…\nA ledger written by an older unalloc is brought to the "
                              "current format\nonce, in one transaction: a few seconds per million "
                              "rows.")
                .arg(QFileInfo(path).fileName()),
            QString(), 0, 0, parent);
        busy.setObjectName(QStringLiteral("openingLedger"));
        busy.setWindowTitle(QCoreApplication::translate("OpenLedger", "Opening the ledger"));
        busy.setWindowModality(Qt::WindowModal);
        busy.setCancelButton(nullptr);
        busy.setMinimumDuration(busyAfterMs);
        QTimer::singleShot(busyAfterMs, &busy, [&busy] { busy.show(); });
        // Paint and timers only: a click meanwhile would act on the ledger being replaced.
        if (!future.isFinished())
            loop.exec(QEventLoop::ExcludeUserInputEvents);
    }
    return std::move(*future.result());
}

} // namespace unalloc::ui
