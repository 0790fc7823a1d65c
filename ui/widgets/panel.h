#pragma once

#include "core/analysis/exportcaption.h"
#include "ui/appcontext.h"

#include <QFrame>

#include <functional>

class QLabel;
class QMenu;
class QToolButton;
class QVBoxLayout;

namespace unalloc::ui {

/// Where a panel's exports get their caption (the current snapshot's) and their context.
struct ExportHost
{
    AppContext *app = nullptr;
    std::function<core::ExportCaption()> caption;
};

/// @brief A titled card holding one chart or table, with an Export menu in its header.
class Panel : public QFrame
{
    Q_OBJECT
public:
    Panel(const QString &title, const ExportHost &host, QWidget *parent = nullptr);

    QString title() const;
    void setTitle(const QString &title);
    void setSubtitle(const QString &subtitle);
    QString subtitle() const;
    QMenu *exportMenu() const { return m_menu; }
    QToolButton *exportButton() const { return m_button; }
    /// Off while what the panel shows is not all there yet (an export would write it
    /// incomplete): the button is disabled and its tool tip says `why`.
    void setExportAvailable(bool available, const QString &why = {});

protected:
    void setBody(QWidget *body, int stretch = 1);
    /// Asks for a file name to save to; empty when cancelled.
    QString askSavePath(const QString &suggestedName, const QString &filter);
    /// Remembers the folder of a file an export wrote (a failed one is not remembered).
    void rememberDirectory(const QString &path);
    /// "unallocated-by-source-2026-08.png": the title and the period (Exporter).
    QString suggestedName(const QString &extension) const;
    /// Reports a failed export: the message names the file.
    void exportFailed(const QString &error);
    QStringList captionLines() const;

    ExportHost m_host;

private:
    static QString exportToolTip();

    QLabel *m_title;
    QLabel *m_subtitle;
    QToolButton *m_button;
    QMenu *m_menu;
    QVBoxLayout *m_layout;
};

} // namespace unalloc::ui
