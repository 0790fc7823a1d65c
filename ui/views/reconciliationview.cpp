#include "reconciliationview.h"

#include "core/timeutil.h"
#include "ui/appcontext.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/batchstatemodel.h"
#include "ui/models/overlapmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/reconlinemodel.h"
#include "ui/models/reconstatus.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"
#include "ui/views/batchdeletecommand.h"
#include "ui/views/batchreplacejob.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/seambanner.h"
#include "ui/widgets/tablepanel.h"

#include <QChartView>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include <set>

namespace unalloc::ui {

ReconciliationView::ReconciliationView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_reconFigure(new FigureCard(tr("Ledger vs invoices")))
    , m_overlapFigure(new FigureCard(tr("Counted twice")))
    , m_coverageFigure(new FigureCard(tr("Gateway coverage of the bills")))
    , m_batchFigure(new FigureCard(tr("Complete batches")))
    , m_tolerance(new QDoubleSpinBox)
    , m_command(new QLineEdit)
    , m_reconChart(QtChartCanvas::create("reconBars"))
    , m_overlapChart(QtChartCanvas::create("overlapBars"))
    , m_reconRows(new QWidget)
    , m_overlapHeads(new QWidget)
    , m_lines(new ReconLineModel(locale(), this))
    , m_overlapRows(new OverlapModel(locale(), this))
    , m_batches(new BatchStateModel(locale(), this))
{
    m_reconFigure->setObjectName(QStringLiteral("figureReconciliation"));
    m_reconFigure->setToolTip(tr("Each provider's ledger dollars against what it invoiced for "
                                 "the billing period."));
    m_overlapFigure->setObjectName(QStringLiteral("figureOverlap"));
    m_overlapFigure->setToolTip(tr("Dollars that are both in a gateway row (LiteLLM) and in the "
                                   "provider's own bill: summed, they are counted twice."));
    m_coverageFigure->setObjectName(QStringLiteral("figureGatewayCoverage"));
    m_coverageFigure->setToolTip(tr("Gateway dollars ÷ bill dollars for providers the gateway "
                                    "routes to. Below 100 %: spend bypassed the gateway."));
    m_batchFigure->setObjectName(QStringLiteral("figureBatches"));
    // Rows Qt Charts does not draw sit in the canvas, over the chart (exports show the
    // chart; its category labels carry the same status).
    m_reconRows->setObjectName(QStringLiteral("reconLineRows"));
    m_overlapHeads->setObjectName(QStringLiteral("overlapProviderRows"));
    if (auto *box = qobject_cast<QVBoxLayout *>(m_reconChart->layout()))
        box->insertWidget(0, m_reconRows);
    if (auto *box = qobject_cast<QVBoxLayout *>(m_overlapChart->layout()))
        box->insertWidget(0, m_overlapHeads);
    buildCharts();

    auto *reconPanel =
        new ChartPanel(tr("Ledger vs invoice per provider"), m_reconChart, exportHost());
    reconPanel->setObjectName(QStringLiteral("reconChart"));
    auto *overlapPanel = new ChartPanel(tr("Gateway vs provider bills: counted twice"),
                                        m_overlapChart, exportHost());
    overlapPanel->setObjectName(QStringLiteral("overlapChart"));
    // Room for the widget rows over each chart and two bars per line or provider.
    reconPanel->setMinimumHeight(460);
    overlapPanel->setMinimumHeight(380);
    m_reconChart->chartView()->setMinimumHeight(260);
    m_overlapChart->chartView()->setMinimumHeight(220);

    auto *content = new QWidget;
    auto *cards = new QHBoxLayout;
    for (FigureCard *card : {m_reconFigure, m_overlapFigure, m_coverageFigure, m_batchFigure})
        cards->addWidget(card, 1);
    auto *grid = new QGridLayout;
    auto *charts = new AdaptiveRow; // stacked in a narrow window
    charts->setObjectName(QStringLiteral("reconCharts"));
    charts->addWidget(reconPanel, 1);
    charts->addWidget(overlapPanel, 1);
    grid->addWidget(charts, 0, 0, 1, 2);
    grid->addWidget(tablePanel(tr("Ledger vs invoice per provider and billing period"),
                               QStringLiteral("reconTable"), m_lines, 150),
                    1, 0, 1, 2);
    grid->addWidget(tablePanel(tr("Overlap per provider, model and billing period"),
                               QStringLiteral("overlapTable"), m_overlapRows, 200),
                    2, 0, 1, 2);
    grid->addWidget(tablePanel(tr("Import batches and their completeness"),
                               QStringLiteral("batchTable"), m_batches, 200),
                    3, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    m_batchMessage = new QLabel;
    m_batchMessage->setObjectName(QStringLiteral("batchMessage"));
    m_batchMessage->setWordWrap(true);
    m_batchMessage->hide();
    grid->addWidget(m_batchMessage, 4, 0, 1, 2);
    // A replace runs off the GUI thread: its progress and Cancel sit under the batch table.
    m_replaceRow = new QWidget;
    m_replaceRow->setObjectName(QStringLiteral("replaceRow"));
    auto *replaceLayout = new QHBoxLayout(m_replaceRow);
    replaceLayout->setContentsMargins(0, 0, 0, 0);
    m_replaceLabel = new QLabel;
    m_replaceLabel->setObjectName(QStringLiteral("replaceLabel"));
    m_replaceProgress = new QProgressBar;
    m_replaceProgress->setObjectName(QStringLiteral("replaceProgress"));
    m_replaceProgress->setRange(0, 1000);
    m_replaceProgress->setTextVisible(false);
    m_replaceCancel = new QPushButton(tr("Cancel"));
    m_replaceCancel->setObjectName(QStringLiteral("replaceCancel"));
    m_replaceCancel->setToolTip(tr("Stop the replace; the batch stays as it is"));
    replaceLayout->addWidget(m_replaceLabel);
    replaceLayout->addWidget(m_replaceProgress, 1);
    replaceLayout->addWidget(m_replaceCancel);
    m_replaceRow->hide();
    grid->addWidget(m_replaceRow, 5, 0, 1, 2);
    connect(m_replaceCancel, &QPushButton::clicked, this, [this] {
        if (BatchReplaceJob *job = BatchReplaceJob::running(m_context.document))
            job->cancel();
    });
    if (auto *batchView = content->findChild<QTableView *>(QStringLiteral("batchTableView"))) {
        batchView->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(batchView, &QTableView::customContextMenuRequested, this,
                [this, batchView](const QPoint &pos) {
                    const QModelIndex index = batchView->indexAt(pos);
                    if (!index.isValid())
                        return;
                    QMenu *menu = batchMenu(index);
                    menu->popup(batchView->viewport()->mapToGlobal(pos));
                });
    }
    m_otherCurrency = new QLabel;
    m_otherCurrency->setObjectName(QStringLiteral("otherCurrencyInvoices"));
    m_otherCurrency->setWordWrap(true);
    m_otherCurrency->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_otherCurrency->hide();
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(cards);
    layout->addWidget(m_otherCurrency);
    layout->addWidget(buildControls());
    layout->addLayout(grid, 1);
    setContent(content);
    connect(context.app->theme, &ThemeController::changed, this, &ReconciliationView::applyTheme);
    applyTheme();
}

QWidget *ReconciliationView::buildControls()
{
    m_tolerance->setObjectName(QStringLiteral("toleranceSpin"));
    m_tolerance->setRange(0.0, 50.0);
    m_tolerance->setDecimals(1);
    m_tolerance->setSingleStep(0.5);
    m_tolerance->setValue(1.0);
    m_tolerance->setSuffix(QStringLiteral("\u00a0%"));
    m_tolerance->setPrefix(QStringLiteral("± "));
    m_tolerance->setKeyboardTracking(false);
    m_tolerance->setToolTip(tr("A line is matched when |delta %| is at or below this "
                               "(--tolerance)"));
    connect(m_tolerance, &QDoubleSpinBox::valueChanged, this,
            &ReconciliationView::onToleranceChanged);
    m_command->setObjectName(QStringLiteral("reconcileCommand"));
    m_command->setReadOnly(true);
    m_command->setToolTip(tr("The same reconciliation from the command line"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_command->setFont(mono);
    auto *label = new QLabel(tr("&Tolerance"));
    label->setBuddy(m_tolerance);
    auto *cli = new QLabel(tr("CLI"));
    cli->setBuddy(m_command);
    cli->setForegroundRole(QPalette::PlaceholderText);
    auto *row = new QWidget;
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(2, 0, 2, 0);
    layout->addWidget(label);
    layout->addWidget(m_tolerance);
    layout->addSpacing(16);
    layout->addWidget(cli);
    layout->addWidget(m_command, 1);
    return row;
}

QWidget *ReconciliationView::tablePanel(const QString &title,
                                        const QString &name,
                                        QAbstractItemModel *model,
                                        int minimumHeight)
{
    auto *view = new QTableView;
    auto *proxy = new RawSortProxy(this);
    proxy->setSourceModel(model);
    view->setModel(proxy);
    view->setObjectName(name + QStringLiteral("View"));
    setUpTableView(view);
    auto *panel = new TablePanel(title, view, model, exportHost());
    panel->setObjectName(name);
    panel->setMinimumHeight(minimumHeight);
    return panel;
}

QMenu *ReconciliationView::batchMenu(const QModelIndex &index)
{
    const qint64 id = index.siblingAtColumn(BatchStateModel::Batch).data(RawRole).toLongLong();
    const QString source = index.siblingAtColumn(BatchStateModel::Source).data().toString();
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->setObjectName(QStringLiteral("batchMenu"));
    QAction *del = menu->addAction(tr("&Delete batch %1 (%2)").arg(id).arg(source));
    del->setObjectName(QStringLiteral("deleteBatch"));
    del->setToolTip(tr("Take this import out of the ledger: its rows, invoices and meter "
                       "splits. Undo puts it back."));
    connect(del, &QAction::triggered, this, [this, id] { deleteBatch(id); });
    QAction *replace = menu->addAction(tr("&Replace batch %1 (%2)…").arg(id).arg(source));
    replace->setObjectName(QStringLiteral("replaceBatch"));
    replace->setToolTip(tr("Swap this import for corrected files in one step (like `unalloc "
                           "batches replace`): if they cannot be imported the batch stays. "
                           "Undo puts it back."));
    const bool busy = BatchReplaceJob::running(m_context.document) != nullptr;
    del->setEnabled(!busy);
    replace->setEnabled(!busy);
    connect(replace, &QAction::triggered, this, [this, id] {
        const QStringList files =
            QFileDialog::getOpenFileNames(this, tr("Replace Batch %1").arg(id),
                                          m_context.app->settings->value(keys::lastDirectory),
                                          tr("Cost exports (*.json *.csv);;All files (*)"));
        if (!files.isEmpty())
            replaceBatch(id, files);
    });
    return menu;
}

void ReconciliationView::replaceBatch(qint64 id, const QStringList &files)
{
    const QPointer<QLabel> message = m_batchMessage;
    if (BatchReplaceJob::running(m_context.document)) {
        message->setText(tr("Another batch is being replaced; wait for it or cancel it."));
        message->show();
        return;
    }
    message->hide();
    const auto show = [message](const QString &error) {
        if (message) {
            message->setText(ReconciliationView::tr("Cannot replace the batch: %1").arg(error));
            message->show();
        }
    };
    auto *job = new BatchReplaceJob(m_context.document, m_context.analysis, id, files,
                                    tr("Replace batch %1").arg(id), show);
    const QPointer<QWidget> row = m_replaceRow;
    connect(job, &BatchReplaceJob::progress, m_replaceProgress, &QProgressBar::setValue);
    connect(job, &BatchReplaceJob::failed, this, [row, show](const QString &text) {
        if (row)
            row->hide();
        show(text);
    });
    connect(job, &BatchReplaceJob::replaced, this, [this, row](qint64 added, qint64 duplicates) {
        if (row)
            row->hide();
        QString text = tr("Replaced: %1", "new rows")
                           .arg(tr("%1 new row(s)", nullptr, fmt::plural(added))
                                    .arg(fmt::count(added, locale())));
        if (duplicates > 0)
            text += QStringLiteral("; ") + tr("%1 row(s) already in the ledger were skipped",
                                              nullptr, fmt::plural(duplicates))
                                               .arg(fmt::count(duplicates, locale()));
        m_batchMessage->setText(text + QLatin1Char('.'));
        m_batchMessage->show();
    });
    m_replaceLabel->setText(tr("Replacing batch %1…").arg(id));
    m_replaceProgress->setValue(0);
    if (job->start())
        m_replaceRow->show();
}

void ReconciliationView::deleteBatch(qint64 id)
{
    const QPointer<QLabel> message = m_batchMessage;
    message->hide();
    auto *command = new BatchDeleteCommand(
        m_context.document, m_context.analysis, id, tr("Delete batch %1").arg(id),
        [message](const QString &error) {
            if (message) {
                message->setText(ReconciliationView::tr("Cannot delete the batch: %1").arg(error));
                message->show();
            }
        });
    m_context.analysis->undoStack()->push(command);
}

void ReconciliationView::onToleranceChanged(double value)
{
    auto tolerance = core::Decimal::parse(fmt::s(QString::number(value, 'f', 1)));
    if (!tolerance || !m_context.analysis)
        return;
    core::AnalysisRequest r = m_context.analysis->request();
    if (r.tolerancePct == *tolerance)
        return;
    r.tolerancePct = *tolerance;
    m_context.analysis->change(r, tr("Tolerance %1").arg(fmt::percent(*tolerance, locale())));
}

void ReconciliationView::applyTheme()
{
    const Theme &theme = m_context.app->theme->theme();
    m_reconChart->setTheme(theme);
    m_overlapChart->setTheme(theme);
    m_lines->setTheme(theme);
    m_batches->setTheme(theme);
    if (m_snapshot)
        showSnapshot(m_snapshot);
}

void ReconciliationView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    const core::ReconciliationSnapshot &seams = snapshot->seams;
    {
        const QSignalBlocker block(m_tolerance);
        m_tolerance->setValue(fmt::q(snapshot->request.tolerancePct.toFixed(1)).toDouble());
    }
    m_command->setText(fmt::q(seams.reconcileCommand));
    m_command->setCursorPosition(0);
    m_lines->setSnapshot(snapshot);
    m_overlapRows->setSnapshot(snapshot);
    m_batches->setSnapshot(snapshot);
    showFigures(*snapshot);
    showOtherCurrencyInvoices(*snapshot);
    showReconChart(*snapshot);
    showOverlapChart(*snapshot);
}

void ReconciliationView::showFigures(const core::AnalysisSnapshot &s)
{
    showReconFigure(s);
    showOverlapFigures(s);
    showBatchFigure(s);
}

void ReconciliationView::showReconFigure(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::ReconciliationSnapshot &seams = s.seams;
    if (seams.error || !seams.summary) {
        const QString why = seams.error
                                ? tr("Cannot reconcile: %1").arg(fmt::q(seams.error->detail))
                                : tr("The lines are in more than one currency.");
        m_reconFigure->setValue(QStringLiteral("—"), why, theme.critical);
        return;
    }
    const core::ReconSummary &sum = *seams.summary;
    const core::Currency cur =
        seams.recon.lines.empty() ? core::Currency::usd() : seams.recon.lines.front().currency;
    const int invoiced = sum.matched + sum.over + sum.under + sum.zeroInvoice;
    if (invoiced == 0 && s.report.rowCount == 0) {
        // Nothing to check and nothing billed: no "$0.00" in a currency the slice lacks.
        m_reconFigure->setValue(QStringLiteral("—"),
                                tr("no rows and no invoices in this period and these sources"));
        return;
    }
    if (invoiced == 0) {
        m_reconFigure->setValue(tr("no invoices"),
                                tr("Import invoices to check %1 of ledger spend.")
                                    .arg(fmt::money(sum.uninvoiced, cur, locale())));
        return;
    }
    const bool off = sum.over + sum.under > 0;
    QString detail = tr("%1 against %2 invoiced")
                         .arg(fmt::moneyExact(sum.delta, cur, locale()),
                              fmt::money(sum.invoiced, cur, locale()));
    if (sum.noInvoice > 0)
        detail += QStringLiteral(" · ") +
                  tr("%1 not invoiced").arg(fmt::money(sum.uninvoiced, cur, locale()));
    const QColor colour =
        off ? theme.critical : recon::statusColour(core::ReconStatus::Matched, theme);
    m_reconFigure->setValue(tr("%1 of %2 matched").arg(sum.matched).arg(invoiced), detail, colour);
}

void ReconciliationView::showOverlapFigures(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::ReconciliationSnapshot &seams = s.seams;
    const core::Currency &cur = seams.overlapCurrency;
    const QString unknown =
        seams.overlap.unknownProviderRows > 0
            ? tr("Provider unknown for %n gateway row(s) — re-import to match them.", nullptr,
                 static_cast<int>(seams.overlap.unknownProviderRows))
            : QString();
    if (s.report.rowCount == 0) {
        const QString none = tr("no rows in this period and these sources");
        m_overlapFigure->setValue(QStringLiteral("—"), none);
        m_coverageFigure->setValue(QStringLiteral("—"), none);
        return;
    }
    if (!seams.overlapTotal || seams.overlap.groups.empty()) {
        m_overlapFigure->setValue(fmt::money(core::Decimal(), cur, locale()),
                                  unknown.isEmpty()
                                      ? tr("No gateway row routes to a provider whose bill is in "
                                           "this slice.")
                                      : unknown,
                                  unknown.isEmpty() ? QColor() : theme.partial);
        m_coverageFigure->setValue(QStringLiteral("—"), tr("No gateway traffic to a billed "
                                                           "provider."));
        return;
    }
    const QString overlap = fmt::money(*seams.overlapTotal, cur, locale());
    std::set<std::int32_t> periods; // the bill granularities the overlap was found at
    for (const core::OverlapGroup &g : seams.overlap.groups)
        if (!g.overlap.isZero())
            periods.insert(g.days);
    QStringList matched;
    for (std::int32_t days : periods)
        if (!matched.contains(OverlapModel::periodText(days)))
            matched << OverlapModel::periodText(days);
    QString note = matched.isEmpty()
                       ? QString()
                       : QStringLiteral(" · ") +
                             tr("matched on %1 bills").arg(matched.join(QStringLiteral(", ")));
    if (!unknown.isEmpty())
        note += QStringLiteral(" · ") + unknown;
    if (seams.deduplicated)
        m_overlapFigure->setValue(overlap, tr("removed: the figures are de-duplicated") + note,
                                  recon::statusColour(core::ReconStatus::Matched, theme));
    else
        m_overlapFigure->setValue(overlap,
                                  tr("in every figure twice — tick “De-duplicate” in the bar "
                                     "above") +
                                      note,
                                  seams.doubleCounted() ? theme.critical : QColor());
    const auto &gatewayCoverage = seams.summary ? seams.summary->gatewayCoveragePct : std::nullopt;
    m_coverageFigure->setValue(
        gatewayCoverage ? fmt::percent(*gatewayCoverage, locale()) : QStringLiteral("—"),
        tr("%1 of the bills bypassed it · %2 gateway excess")
            .arg(fmt::money(seams.residualTotal.value_or(core::Decimal()), cur, locale()),
                 fmt::money(seams.excessTotal.value_or(core::Decimal()), cur, locale())));
}

void ReconciliationView::showOtherCurrencyInvoices(const core::AnalysisSnapshot &s)
{
    const core::ReconciliationSnapshot &seams = s.seams;
    if (seams.otherCurrencyInvoices.empty() || !seams.currency) {
        m_otherCurrency->hide();
        m_otherCurrency->clear();
        return;
    }
    QStringList lines;
    for (const core::Invoice &inv : seams.otherCurrencyInvoices) {
        const QString period =
            inv.periodStart ? QStringLiteral(" ") + fmt::q(core::formatDate(*inv.periodStart)) +
                                  QStringLiteral(" – ") +
                                  (inv.periodEnd ? fmt::q(core::formatDate(*inv.periodEnd))
                                                 : QStringLiteral("…"))
                            : QString();
        lines << tr("Invoice %1%2 %3: other currency (%4), not reconciled against %5 rows")
                     .arg(fmt::q(inv.source), period,
                          fmt::money(inv.amount.amount, inv.amount.currency, locale()),
                          fmt::q(inv.amount.currency.code()), fmt::q(seams.currency->code()));
    }
    m_otherCurrency->setText(lines.join(QLatin1Char('\n')));
    m_otherCurrency->show();
}

void ReconciliationView::showBatchFigure(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const auto &batches = s.seams.batches;
    QStringList partial;
    for (const core::BatchState &b : batches) {
        if (!b.complete())
            partial << tr("%1 batch %2").arg(fmt::q(b.batch.source)).arg(b.batch.id);
    }
    const QString detail = partial.isEmpty()
                               ? tr("every read is complete")
                               : tr("⚠ partial: %1").arg(partial.join(QStringLiteral(", ")));
    m_batchFigure->setValue(tr("%1 of %2").arg(s.seams.completeBatches).arg(batches.size()), detail,
                            partial.isEmpty() ? QColor() : theme.partial);
}

} // namespace unalloc::ui
