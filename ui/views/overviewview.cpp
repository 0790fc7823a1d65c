#include "overviewview.h"

#include "ui/charts/charthelpers.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/ledgerbudget.h"
#include "ui/ledgerdocument.h"
#include "ui/models/ownerbucketmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/metersplitbanner.h"
#include "ui/widgets/tablepanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace unalloc::ui {

OverviewView::OverviewView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_unallocated(new FigureCard(tr("Unallocated (U)")))
    , m_total(new FigureCard(tr("Total spend")))
    , m_fallback(new FigureCard(tr("Via fallback only (F)")))
    , m_owners(new FigureCard(tr("Owners")))
    , m_spend(QtChartCanvas::create("spendBars"))
    , m_resolution(QtChartCanvas::create("resolutionBar"))
    , m_ownerModel(new OwnerBucketModel(locale(), this))
    , m_error(new QLabel)
{
    m_unallocated->setObjectName(QStringLiteral("figureU"));
    m_unallocated->setToolTip(tr("U: the share of spend whose rows carry neither the owner key "
                                 "nor any fallback key — money nobody will be charged for."));
    m_total->setObjectName(QStringLiteral("figureTotal"));
    m_fallback->setObjectName(QStringLiteral("figureF"));
    m_fallback->setToolTip(tr("F: spend that found an owner only through a fallback key. A "
                              "fallback makes U smaller without making it more correct — check "
                              "these values really are owners."));
    m_owners->setObjectName(QStringLiteral("figureOwners"));
    m_owners->setToolTip(tr("Distinct owner values in the period, with the three largest."));
    m_error->setObjectName(QStringLiteral("analysisError"));
    m_error->setWordWrap(true);
    m_error->hide();

    m_spendPanel = new ChartPanel(tr("Spend by owner"), m_spend, exportHost());
    m_spendPanel->setObjectName(QStringLiteral("spendChart"));
    auto *resolutionPanel = new ChartPanel(tr("How rows resolved"), m_resolution, exportHost());
    resolutionPanel->setObjectName(QStringLiteral("resolutionChart"));
    for (ChartPanel *panel : {m_spendPanel, resolutionPanel})
        panel->setBeforeExport([this] { refreshCharts(); });
    auto *table = new QTableView;
    auto *proxy = new RawSortProxy(this);
    proxy->setSourceModel(m_ownerModel);
    table->setModel(proxy);
    setUpTableView(table);
    table->setObjectName(QStringLiteral("ownerTableView"));
    auto *tablePanel = new TablePanel(tr("Owners"), table, m_ownerModel, exportHost());
    tablePanel->setObjectName(QStringLiteral("ownerTable"));

    auto *content = new QWidget;
    auto *cards = new QHBoxLayout;
    for (FigureCard *card : {m_unallocated, m_total, m_fallback, m_owners})
        cards->addWidget(card, 1);
    // The two charts sit side by side when the width allows it and stack otherwise (German
    // captions at 1024 px need more than the side-by-side width).
    auto *charts = new AdaptiveRow;
    charts->addWidget(m_spendPanel, 3);
    charts->addWidget(resolutionPanel, 2);
    tablePanel->setMinimumHeight(220);
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_error);
    layout->addWidget(new MeterSplitBanner(context.document, locale())); // which pods are split
    layout->addLayout(cards);
    layout->addWidget(charts);
    layout->addWidget(tablePanel, 1);
    setContent(content);
    buildCharts();
    connect(context.app->theme, &ThemeController::changed, this, &OverviewView::applyTheme);
    if (context.budget)
        connect(context.budget, &LedgerBudget::changed, this, [this] {
            if (m_snapshot)
                showFigures(*m_snapshot);
        });
    applyTheme();
}

void OverviewView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    m_ownerModel->setSnapshot(snapshot);
    m_error->setVisible(snapshot->error.has_value());
    if (snapshot->error)
        m_error->setText(
            tr("Cannot attribute this slice: %1").arg(fmt::q(snapshot->error->detail)));
    showFigures(*snapshot);
    m_chartsStale = true;
    if (isVisible())
        refreshCharts();
}

void OverviewView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    refreshCharts();
}

void OverviewView::refreshCharts()
{
    if (!m_chartsStale)
        return;
    m_chartsStale = false;
    showSpendChart();
    showResolution();
}

void OverviewView::showFigures(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::AttributionReport &r = s.report;
    if (r.rowCount == 0) {
        // Nothing to sum: no "$0.00" in a currency the slice does not have, and no 0 % U.
        const QString why = m_context.document->catalog().rows == 0
                                ? tr("empty ledger: File → Import Files…")
                                : tr("no rows in this period and these sources");
        for (FigureCard *card : {m_unallocated, m_total, m_fallback, m_owners})
            card->setValue(QStringLiteral("—"), why);
        return;
    }
    const QString dim = fmt::q(r.dimension);
    // Judged against the ledger's budget (Preferences, --budget), exactly as report --budget.
    const core::UBudget b = budget();
    const QString missing =
        tr("%1 has no %2").arg(fmt::money(r.unallocated, r.currency, locale()), dim);
    QString standing;
    QColor colour;
    switch (core::budgetStanding(r, b)) {
    case core::BudgetStanding::NoSpend:
        break;
    case core::BudgetStanding::Within:
        standing = tr("within target %1").arg(fmt::percent(b.targetPct, locale()));
        break;
    case core::BudgetStanding::Over:
        standing = tr("over target %1").arg(fmt::percent(b.targetPct, locale()));
        colour = theme.overTarget;
        break;
    case core::BudgetStanding::Critical:
        standing = tr("critical (≥ %1)").arg(fmt::percent(b.criticalPct, locale()));
        colour = theme.critical;
        break;
    }
    m_unallocated->setValue(
        fmt::sharePercent(r.unallocated, r.total, locale()),
        standing.isEmpty() ? missing : missing + QStringLiteral(" · ") + standing, colour);
    m_total->setValue(fmt::money(r.total, r.currency, locale()),
                      tr("%1 from %2", "rows, sources")
                          .arg(tr("%1 row(s)", nullptr, fmt::plural(r.rowCount))
                                   .arg(fmt::count(r.rowCount, locale())),
                               tr("%n source(s)", nullptr, int(r.bySource.size()))));
    m_fallback->setValue(fmt::percent(s.fPct, locale()),
                         r.fallbacks.empty()
                             ? tr("no fallbacks chosen")
                             : tr("%1 — check these are owners")
                                   .arg(fmt::money(r.fallbackTotal, r.currency, locale())),
                         r.fallbackTotal.isZero() ? QColor() : theme.fallback);
    QStringList top;
    for (const std::string &o : s.topOwners)
        top << fmt::q(o);
    m_owners->setValue(fmt::count(qint64(r.ownerCount()), locale()),
                       top.isEmpty() ? tr("nobody")
                                     : tr("largest: %1").arg(top.join(QStringLiteral(", "))));
}

} // namespace unalloc::ui
