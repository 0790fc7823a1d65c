#include "unallocatedview.h"

#include "ui/charts/curvechart.h"
#include "ui/format.h"
#include "ui/models/backlogmodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/models/unallocatedtreemodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace unalloc::ui {

UnallocatedView::UnallocatedView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_summary(new QLabel)
    , m_treeModel(new UnallocatedTreeModel(locale(), this))
    , m_tree(new QTreeView)
    , m_backlogModel(new BacklogModel(locale(), this))
    , m_curve(new CurveChart)
{
    m_summary->setObjectName(QStringLiteral("unallocatedSummary"));
    m_summary->setWordWrap(true);
    QFont f = m_summary->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_summary->setFont(f);
    m_summary->setToolTip(tr("U: the share of spend whose rows carry neither the owner key nor "
                             "any fallback key."));

    auto *treeProxy = new RawSortProxy(this);
    treeProxy->setSourceModel(m_treeModel);
    m_tree->setModel(treeProxy);
    m_tree->setObjectName(QStringLiteral("unallocatedTreeView"));
    setUpTableView(m_tree);
    // The tree comes sorted (amount descending); a header click sorts it otherwise.
    auto *treePanel = new TablePanel(tr("Drill-down: source → group → cost object"), m_tree,
                                     m_treeModel, exportHost());
    treePanel->setObjectName(QStringLiteral("unallocatedTree"));
    treePanel->setBeforeExport([this] { refreshTables(); });

    m_curve->setObjectName(QStringLiteral("fixPlanCurve"));
    auto *curvePanel =
        new ChartPanel(tr("Fix plan: U after each of the next fixes"), m_curve, exportHost());
    curvePanel->setObjectName(QStringLiteral("fixPlanChart"));
    curvePanel->setSubtitle(tr("Label the costliest unowned objects first; each step shows the "
                               "U that remains."));

    auto *backlog = new QTableView;
    // Up to a million rows: the model sorts itself (a proxy would map every row again at each
    // new snapshot).
    backlog->setModel(m_backlogModel);
    backlog->setObjectName(QStringLiteral("backlogTableView"));
    setUpTableView(backlog);
    auto *backlogPanel =
        new TablePanel(tr("Labeling backlog"), backlog, m_backlogModel, exportHost());
    backlogPanel->setObjectName(QStringLiteral("backlogTable"));
    backlogPanel->setBeforeExport([this] { refreshTables(); });

    auto *content = new QWidget;
    auto *grid = new QGridLayout;
    auto *top = new AdaptiveRow; // stacked in a narrow window
    top->setObjectName(QStringLiteral("unallocatedCharts"));
    top->addWidget(treePanel, 3);
    top->addWidget(curvePanel, 2);
    grid->addWidget(top, 0, 0, 1, 2);
    grid->addWidget(backlogPanel, 1, 0, 1, 2);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);
    grid->setRowStretch(0, 3);
    grid->setRowStretch(1, 2);
    treePanel->setMinimumHeight(260);
    backlogPanel->setMinimumHeight(200);
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_summary);
    layout->addLayout(grid, 1);
    setContent(content);
    connect(context.app->theme, &ThemeController::changed, this,
            [this] { m_curve->setTheme(m_context.app->theme->theme()); });
    m_curve->setTheme(m_context.app->theme->theme());
}

void UnallocatedView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    const core::AttributionReport &r = snapshot->report;
    m_summary->setText(tr("<b>%1</b> (%2 of %3) has no <b>%4</b>: %n cost object(s) nobody owns.",
                          nullptr, int(snapshot->backlog.size()))
                           .arg(fmt::money(r.unallocated, r.currency, locale()),
                                fmt::percent(snapshot->uPct, locale()),
                                fmt::money(r.total, r.currency, locale()),
                                fmt::q(r.dimension).toHtmlEscaped()));
    showCurve(*snapshot);
    m_tablesStale = true;
    if (isVisible())
        refreshTables();
}

void UnallocatedView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    refreshTables();
}

void UnallocatedView::refreshTables()
{
    if (!m_tablesStale || !m_snapshot)
        return;
    m_tablesStale = false;
    m_treeModel->setSnapshot(m_snapshot);
    m_tree->expandToDepth(0);
    for (int c = 0; c < UnallocatedTreeModel::Labels; ++c)
        m_tree->resizeColumnToContents(c);
    m_backlogModel->setSnapshot(m_snapshot);
}

void UnallocatedView::showCurve(const core::AnalysisSnapshot &s)
{
    std::vector<CurveChart::Point> points;
    points.push_back({s.uPct.toDouble(), fmt::percent(s.uPct, locale()),
                      tr("Today: U = %1").arg(fmt::percent(s.uPct, locale()))});
    const size_t steps = std::min<size_t>(s.backlog.size(), kCurveSteps);
    for (size_t i = 0; i < steps; ++i) {
        const core::FixStep step = s.backlog.step(i, s.report.total);
        points.push_back({step.uAfter.toDouble(), fmt::percent(step.uAfter, locale()),
                          tr("Fix %1: label %2 (%3, %4) → U = %5")
                              .arg(i + 1)
                              .arg(fmt::q(step.item.name), fmt::q(step.item.source),
                                   fmt::money(step.item.amount, s.report.currency, locale()),
                                   fmt::percent(step.uAfter, locale()))});
    }
    m_curve->setPoints(std::move(points), tr("label fixes applied (costliest first)"), tr("U"));
    m_curve->setTarget(10.0, tr("10 % target"));
}

} // namespace unalloc::ui
