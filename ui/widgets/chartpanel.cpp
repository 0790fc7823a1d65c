#include "chartpanel.h"

#include "ui/charts/chartcanvas.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>

namespace unalloc::ui {

ChartPanel::ChartPanel(const QString &title,
                       ChartCanvas *chart,
                       const ExportHost &host,
                       QWidget *parent)
    : Panel(title, host, parent)
    , m_chart(chart)
{
    setBody(chart);
    exportMenu()->addAction(tr("Save as &PNG…"), this, [this] { exportAs(Exporter::Format::Png); });
    exportMenu()->addAction(tr("Save as &SVG…"), this, [this] { exportAs(Exporter::Format::Svg); });
    exportMenu()->addAction(tr("Save as P&DF…"), this, [this] { exportAs(Exporter::Format::Pdf); });
    exportMenu()->addSeparator();
    exportMenu()->addAction(tr("&Copy image"), this, &ChartPanel::copyToClipboard);
}

bool ChartPanel::exportTo(const QString &path, QString *error) const
{
    if (m_beforeExport)
        m_beforeExport();
    return Exporter::writeChart(*m_chart, title(), captionLines(), path,
                                Exporter::formatForPath(path), error);
}

void ChartPanel::copyToClipboard() const
{
    if (m_beforeExport)
        m_beforeExport();
    auto *mime = new QMimeData;
    mime->setImageData(Exporter::chartImage(*m_chart, title(), captionLines()));
    mime->setText(title() + QLatin1Char('\n') + captionLines().join(QLatin1Char('\n')));
    QGuiApplication::clipboard()->setMimeData(mime);
}

void ChartPanel::exportAs(Exporter::Format format)
{
    const QString ext = format == Exporter::Format::Png   ? QStringLiteral("png")
                        : format == Exporter::Format::Svg ? QStringLiteral("svg")
                                                          : QStringLiteral("pdf");
    const QString filter = format == Exporter::Format::Png   ? tr("PNG image (*.png)")
                           : format == Exporter::Format::Svg ? tr("SVG drawing (*.svg)")
                                                             : tr("PDF document (*.pdf)");
    QString path = askSavePath(suggestedName(ext), filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1Char('.') + ext, Qt::CaseInsensitive))
        path += QLatin1Char('.') + ext;
    QString error;
    if (exportTo(path, &error))
        rememberDirectory(path);
    else
        exportFailed(error);
}

} // namespace unalloc::ui
