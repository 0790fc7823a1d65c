#include "focusfile.h"

#include "core/export/focusexport.h"
#include "ui/analysiscontroller.h"
#include "ui/ledgerdocument.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace unalloc::ui {

QString writeFocusFile(const core::LedgerStore &store,
                       const core::AttributionOptions &options,
                       const QString &path)
{
    auto summary = core::writeFocusFile(store, options, QFile::encodeName(path).toStdString());
    if (!summary)
        return QString::fromStdString(summary.error().message());
    return {};
}

void askExportFocus(QWidget *parent, LedgerDocument &document, const AnalysisController &analysis)
{
    core::LedgerStore *store = document.store();
    if (store == nullptr || !document.isLoaded()) {
        QMessageBox::information(
            parent, QCoreApplication::translate("unalloc::ui::FocusExport", "Export FOCUS"),
            QCoreApplication::translate("unalloc::ui::FocusExport", "Open a ledger first."));
        return;
    }
    const QString suggested =
        QFileInfo(document.displayName()).completeBaseName() + QStringLiteral("-focus-1.2.csv");
    const QString path = QFileDialog::getSaveFileName(
        parent, QCoreApplication::translate("unalloc::ui::FocusExport", "Export FOCUS 1.2 CSV"),
        suggested, QCoreApplication::translate("unalloc::ui::FocusExport", "FOCUS CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const QString error = writeFocusFile(*store, analysis.request().options(), path);
    if (!error.isEmpty())
        QMessageBox::warning(
            parent, QCoreApplication::translate("unalloc::ui::FocusExport", "Export FOCUS"),
            QCoreApplication::translate("unalloc::ui::FocusExport",
                                        "The FOCUS file was not written: %1")
                .arg(error));
}

} // namespace unalloc::ui
