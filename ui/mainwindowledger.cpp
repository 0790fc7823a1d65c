// The Ledger menu of MainWindow: value aliases and invoices typed in by hand.
#include "mainwindow.h"

#include "appcontext.h"
#include "dialogs/invoicedialog.h"
#include "dialogs/valuealiasdialog.h"
#include "format.h"
#include "periodchoice.h"

#include <QPointer>
#include <QStatusBar>

namespace unalloc::ui {

ValueAliasDialog *MainWindow::showValueAliases()
{
    if (!m_document.isLoaded())
        return nullptr;
    if (auto *open = findChild<ValueAliasDialog *>(QStringLiteral("valueAliasDialog"))) {
        open->raise();
        open->activateWindow();
        return open;
    }
    auto *dialog = new ValueAliasDialog(m_app, &m_document, &m_analysis, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

InvoiceDialog *MainWindow::showAddInvoice()
{
    if (!m_document.isLoaded())
        return nullptr;
    const core::AnalysisRequest &r = m_analysis.request();
    const core::LedgerCatalog &catalog = m_document.catalog();
    const std::int32_t today = periodchoice::dayOf(m_app->clock().date());
    const std::int32_t from = r.fromDay.value_or(catalog.firstDay.value_or(today));
    const std::int32_t to = r.toDay.value_or(catalog.lastDay.value_or(today) + 1);
    auto submit = [this](const adapters::ManualInvoice &entry) -> QString {
        core::LedgerStore *store = m_document.store();
        if (!store)
            return tr("The ledger is still loading; try again in a moment.");
        auto report = adapters::importManualInvoice(*store, entry);
        if (!report)
            return fmt::q(report.error().message());
        const std::int64_t batch = report->batches.empty() ? 0 : report->batches[0].batch.id;
        statusBar()->showMessage(
            tr("Added the invoice as batch %1 (Reconciliation lists it; delete it there)")
                .arg(batch),
            8000);
        m_document.reload();
        return {};
    };
    auto *dialog = new InvoiceDialog(m_app, m_document, from, to, submit, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

} // namespace unalloc::ui
