#include "viewgrabber.h"

#include "mainwindow.h"
#include "views/analysisview.h"

#include <QCoreApplication>
#include <QPixmap>
#include <QTimer>

#include <cstdio>

namespace unalloc::ui {

ViewGrabber::ViewGrabber(
    MainWindow *window, const QString &view, const QString &png, const QSize &size, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_view(view)
    , m_png(png)
{
    window->resize(size);
    window->show();
    if (!window->showView(view)) {
        QTimer::singleShot(0, this,
                           [this] { finish(2, QStringLiteral("unknown or unavailable view")); });
        return;
    }
    connect(
        window->analysis(), &AnalysisController::snapshotReady, this,
        [this] {
            // One more turn of the event loop lets layouts settle before the grab.
            QTimer::singleShot(50, this, &ViewGrabber::grab);
        },
        Qt::SingleShotConnection);
    connect(window->document(), &LedgerDocument::loadFailed, this,
            [this](const QString &m) { finish(1, m); });
}

void ViewGrabber::grab()
{
    if (AnalysisView *view = m_window->view(m_view); view && !view->isSettled()) {
        connect(
            view, &AnalysisView::settled, this,
            [this] { QTimer::singleShot(50, this, &ViewGrabber::grab); }, Qt::SingleShotConnection);
        return;
    }
    const QPixmap pixmap = m_window->grab();
    if (!pixmap.save(m_png, "PNG"))
        return finish(1, QStringLiteral("cannot write ") + m_png);
    finish(0, {});
}

void ViewGrabber::finish(int code, const QString &message)
{
    if (!message.isEmpty())
        std::fprintf(stderr, "unalloc-explorer: %s\n", qPrintable(message));
    QCoreApplication::exit(code);
}

} // namespace unalloc::ui
