#include "panel.h"

#include "ui/exporting/exporter.h"
#include "ui/settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace unalloc::ui {

Panel::Panel(const QString &title, const ExportHost &host, QWidget *parent)
    : QFrame(parent)
    , m_host(host)
    , m_title(new QLabel(title, this))
    , m_subtitle(new QLabel(this))
    , m_button(new QToolButton(this))
    , m_menu(new QMenu(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.1);
    m_title->setFont(f);
    m_subtitle->setForegroundRole(QPalette::PlaceholderText);
    m_subtitle->setWordWrap(true);
    m_subtitle->hide();
    m_button->setText(tr("Export"));
    m_button->setToolTip(exportToolTip());
    m_button->setPopupMode(QToolButton::InstantPopup);
    m_button->setMenu(m_menu);
    m_button->setAutoRaise(true);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title);
    header->addStretch();
    header->addWidget(m_button);
    m_layout = new QVBoxLayout(this);
    m_layout->setContentsMargins(10, 6, 10, 10);
    m_layout->setSpacing(4);
    m_layout->addLayout(header);
    m_layout->addWidget(m_subtitle);
}

QString Panel::exportToolTip()
{
    return tr("Save or copy this, stamped with ledger, period, sources, owner key, fallbacks, "
              "rules digest and date");
}

void Panel::setExportAvailable(bool available, const QString &why)
{
    m_button->setEnabled(available);
    m_button->setToolTip(available ? exportToolTip() : why);
}

QString Panel::title() const
{
    return m_title->text();
}

void Panel::setTitle(const QString &title)
{
    m_title->setText(title);
    m_title->setToolTip(title); // a narrow panel cuts a long title: the tooltip has it all
}

QString Panel::subtitle() const
{
    return m_subtitle->text();
}

void Panel::setSubtitle(const QString &subtitle)
{
    m_subtitle->setText(subtitle);
    m_subtitle->setVisible(!subtitle.isEmpty());
}

void Panel::setBody(QWidget *body, int stretch)
{
    m_layout->addWidget(body, stretch);
}

QString Panel::askSavePath(const QString &suggestedName, const QString &filter)
{
    Settings *settings = m_host.app ? m_host.app->settings : nullptr;
    QString dir = settings ? settings->value(keys::lastDirectory) : QString();
    if (dir.isEmpty())
        dir = QDir::homePath();
    return QFileDialog::getSaveFileName(this, tr("Export"), QDir(dir).filePath(suggestedName),
                                        filter);
}

void Panel::rememberDirectory(const QString &path)
{
    if (Settings *settings = m_host.app ? m_host.app->settings : nullptr)
        settings->setValue(keys::lastDirectory, QFileInfo(path).absolutePath());
}

QString Panel::suggestedName(const QString &extension) const
{
    if (!m_host.caption || !m_host.app)
        return title() + QLatin1Char('.') + extension;
    return Exporter::suggestedFileName(title(), m_host.caption(), m_host.app->clock(), extension);
}

void Panel::exportFailed(const QString &error)
{
    QMessageBox::warning(this, tr("Export failed"), error);
}

QStringList Panel::captionLines() const
{
    if (!m_host.caption || !m_host.app)
        return {};
    return Exporter::captionLines(m_host.caption(), m_host.app->clock(), m_host.app->locale);
}

} // namespace unalloc::ui
