#include "tablepanel.h"

#include "ui/exporting/exporter.h"
#include "ui/settings.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QTableView>
#include <QTreeView>

#include <algorithm>

namespace unalloc::ui {

TablePanel::TablePanel(const QString &title,
                       QAbstractItemView *view,
                       QAbstractItemModel *model,
                       const ExportHost &host,
                       QWidget *parent)
    : Panel(title, host, parent)
    , m_view(view)
    , m_model(model)
{
    setBody(view);
    exportMenu()->addAction(tr("Save as &CSV…"), this, &TablePanel::exportCsv);
    exportMenu()->addAction(tr("&Copy table"), this, &TablePanel::copyToClipboard);
    exportMenu()->addSeparator();
    QAction *bom = exportMenu()->addAction(tr("CSV for &Excel (UTF-8 with BOM)"));
    bom->setObjectName(QStringLiteral("csvExcelBom"));
    bom->setCheckable(true);
    bom->setToolTip(tr("Start CSV files with a byte order mark, so that Excel reads them as "
                       "UTF-8"));
    if (host.app && host.app->settings) {
        bom->setChecked(host.app->settings->value(keys::csvExcelBom));
        connect(bom, &QAction::toggled, this, [settings = host.app->settings](bool on) {
            settings->setValue(keys::csvExcelBom, on);
        });
    }
}

bool TablePanel::exportTo(const QString &path, QString *error) const
{
    if (m_beforeExport)
        m_beforeExport();
    const bool bom =
        m_host.app && m_host.app->settings && m_host.app->settings->value(keys::csvExcelBom);
    return Exporter::writeCsv(*m_model, captionLines(), path, error, bom);
}

void TablePanel::copyToClipboard() const
{
    if (m_beforeExport)
        m_beforeExport();
    QGuiApplication::clipboard()->setText(Exporter::tableText(*m_model));
}

void TablePanel::exportCsv()
{
    QString path = askSavePath(suggestedName(QStringLiteral("csv")), tr("CSV table (*.csv)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        path += QStringLiteral(".csv");
    QString error;
    if (exportTo(path, &error))
        rememberDirectory(path);
    else
        exportFailed(error);
}

namespace {

/// Every column as wide as its header and widest cell (capped, so one long label list does
/// not push the others out of sight); the last one stretches over what is left.
/// Rows beyond the visible ones that column fitting measures.
constexpr int kFitRows = 200;

void fitColumns(QTableView *table)
{
    const int cap = table->fontMetrics().averageCharWidth() * 48;
    for (int c = 0; table->model() && c < table->model()->columnCount(); ++c) {
        table->resizeColumnToContents(c);
        table->setColumnWidth(c, std::min(table->columnWidth(c), cap));
    }
}

} // namespace

void setUpTableView(QAbstractItemView *view, bool fitToContents)
{
    view->setAlternatingRowColors(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Tab moves on to the next control instead of walking the cells (arrows do that).
    view->setTabKeyNavigation(false);
    if (auto *table = qobject_cast<QTableView *>(view)) {
        table->setSortingEnabled(true);
        table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder); // model order first
        table->verticalHeader()->hide();
        table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 8);
        table->horizontalHeader()->setStretchLastSection(true);
        table->horizontalHeader()->setHighlightSections(false);
        // Column widths come from the rows on screen plus this many more (Qt's default, 1000,
        // makes every new snapshot of a million-row backlog format 8,000 cells).
        table->horizontalHeader()->setResizeContentsPrecision(kFitRows);
        table->setWordWrap(false);
        if (fitToContents && table->model()) {
            const int minimum = table->fontMetrics().averageCharWidth() * 4;
            table->horizontalHeader()->setMinimumSectionSize(minimum);
            QObject::connect(table->model(), &QAbstractItemModel::modelReset, table,
                             [table] { fitColumns(table); });
            fitColumns(table);
        }
    } else if (auto *tree = qobject_cast<QTreeView *>(view)) {
        tree->setSortingEnabled(true);
        tree->header()->setSortIndicator(-1, Qt::AscendingOrder);
        tree->setUniformRowHeights(true);
        tree->header()->setStretchLastSection(true);
        tree->header()->setResizeContentsPrecision(kFitRows);
    }
}

} // namespace unalloc::ui
