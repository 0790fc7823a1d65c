#pragma once

#include <QObject>
#include <QSize>
#include <QString>

namespace unalloc::ui {

class MainWindow;

/// @brief `--grab`: waits until the ledger is loaded and the first analysis is shown, renders
/// the window with one view to a PNG and exits the event loop with 0 (or 1 on failure).
class ViewGrabber final : public QObject
{
    Q_OBJECT
public:
    ViewGrabber(MainWindow *window,
                const QString &view,
                const QString &png,
                const QSize &size,
                QObject *parent = nullptr);

private:
    void grab();
    void finish(int code, const QString &message);

    MainWindow *m_window;
    QString m_view;
    QString m_png;
};

} // namespace unalloc::ui
