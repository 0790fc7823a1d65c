#include "tablepanel.h"

#include "ui/exporting/exporter.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>
#include <QTreeView>

namespace unalloc::ui {

TablePanel::TablePanel(const QString &title, QAbstractItemView *view, QAbstractItemModel *model,
                       const ExportHost &host, QWidget *parent)
    : Panel(title, host, parent), m_view(view), m_model(model)
{
    setBody(view);
    exportMenu()->addAction(tr("Save as &CSV…"), this, &TablePanel::exportCsv);
    exportMenu()->addAction(tr("&Copy table"), this, &TablePanel::copyToClipboard);
}

bool TablePanel::exportTo(const QString &path, QString *error) const
{
    return Exporter::writeCsv(*m_model, captionLines(), path, error);
}

void TablePanel::copyToClipboard() const
{
    QGuiApplication::clipboard()->setText(Exporter::tableText(*m_model));
}

void TablePanel::exportCsv()
{
    const QString base = objectName().isEmpty() ? QStringLiteral("table") : objectName();
    QString path = askSavePath(base + QStringLiteral(".csv"), tr("CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        path += QStringLiteral(".csv");
    QString error;
    if (!exportTo(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

void setUpTableView(QAbstractItemView *view)
{
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    if (auto *table = qobject_cast<QTableView *>(view)) {
        table->setSortingEnabled(true);
        table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // model order first
        table->verticalHeader()->hide();
        table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
        table->horizontalHeader()->setStretchLastSection(true);
        table->horizontalHeader()->setHighlightSections(false);
        table->setWordWrap(false);
    } else if (auto *tree = qobject_cast<QTreeView *>(view)) {
        tree->setSortingEnabled(true);
        tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
        tree->setUniformRowHeights(true);
        tree->header()->setStretchLastSection(true);
    }
}

} // namespace unalloc::ui
