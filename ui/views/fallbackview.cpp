#include "fallbackview.h"

#include "ui/charts/hbarchart.h"
#include "ui/format.h"
#include "ui/models/collisionmodel.h"
#include "ui/models/fallbackkeymodel.h"
#include "ui/models/fallbackvaluemodel.h"
#include "ui/models/ownerexposuremodel.h"
#include "ui/models/rawsortproxy.h"
#include "ui/themecontroller.h"
#include "ui/widgets/adaptiverow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace unalloc::ui {

FallbackView::FallbackView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_summary(new QLabel)
    , m_chart(new HBarChart)
    , m_keys(new FallbackKeyModel(locale(), this))
    , m_values(new FallbackValueModel(locale(), this))
    , m_owners(new OwnerExposureModel(locale(), this))
    , m_collisions(new CollisionModel(locale(), this))
{
    m_summary->setObjectName(QStringLiteral("fallbackSummary"));
    m_summary->setWordWrap(true);
    m_summary->setToolTip(tr("F: spend that found an owner only through a fallback key. A "
                             "fallback lowers U without making it more correct."));
    m_chart->setObjectName(QStringLiteral("fallbackBars"));
    auto *chartPanel = new ChartPanel(tr("F by fallback key"), m_chart, exportHost());
    chartPanel->setObjectName(QStringLiteral("fallbackChart"));

    auto *content = new QWidget;
    // Rows of their own, so each pair splits the width by what its tables need: the key
    // table has the most columns; the owner and value tables are alike.
    auto *top = new AdaptiveRow; // stacked in a narrow window
    top->addWidget(chartPanel, 4);
    top->addWidget(
        tablePanel(tr("Fallback keys in detail"), QStringLiteral("fallbackKeyTable"), m_keys), 5);
    auto *middle = new AdaptiveRow;
    middle->addWidget(tablePanel(tr("F by owner"), QStringLiteral("ownerExposureTable"), m_owners),
                      1);
    middle->addWidget(
        tablePanel(tr("Fallback values"), QStringLiteral("fallbackValueTable"), m_values), 1);
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(m_summary);
    layout->addWidget(top, 1);
    layout->addWidget(middle, 1);
    layout->addWidget(tablePanel(tr("Label-key collisions (whole ledger)"),
                                 QStringLiteral("collisionTable"), m_collisions),
                      1);
    setContent(content);
    connect(context.app->theme, &ThemeController::changed, this, [this] {
        m_chart->setTheme(m_context.app->theme->theme());
        if (m_snapshot)
            showChart(*m_snapshot);
    });
    m_chart->setTheme(m_context.app->theme->theme());
}

QWidget *
FallbackView::tablePanel(const QString &title, const QString &name, QAbstractItemModel *model)
{
    auto *view = new QTableView;
    auto *proxy = new RawSortProxy(this);
    proxy->setSourceModel(model);
    view->setModel(proxy);
    view->setObjectName(name + QStringLiteral("View"));
    setUpTableView(view);
    auto *panel = new TablePanel(title, view, model, exportHost());
    panel->setObjectName(name);
    panel->setMinimumHeight(170);
    return panel;
}

void FallbackView::showSnapshot(const SnapshotPtr &snapshot)
{
    m_snapshot = snapshot;
    const core::AttributionReport &r = snapshot->report;
    const QString dim = fmt::q(r.dimension).toHtmlEscaped();
    if (r.fallbacks.empty()) {
        m_summary->setText(tr("No fallback keys are chosen: every owner comes from <b>%1</b> "
                              "itself, so F = 0. Click keys in the bar above to try fallbacks.")
                               .arg(dim));
    } else {
        m_summary->setText(
            tr("<b>F = %1</b> (%2 of spend) reached an owner only through a fallback; "
               "<b>%3</b> of it went to values that never occur as a <b>%4</b> — probably not "
               "owners.")
                .arg(fmt::money(r.fallbackTotal, r.currency, locale()),
                     fmt::percent(snapshot->fPct, locale()),
                     fmt::money(snapshot->exposure.nonOwnerTotal, r.currency, locale()), dim));
    }
    for (SnapshotTableModel *m :
         std::initializer_list<SnapshotTableModel *>{m_keys, m_values, m_owners, m_collisions})
        m->setSnapshot(snapshot);
    showChart(*snapshot);
}

void FallbackView::showChart(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::Currency &cur = s.report.currency;
    std::vector<HBarChart::Row> rows;
    double largest = 0;
    for (const core::FallbackKeyExposure &k : s.exposure.byKey) {
        const core::Decimal ownerLike = k.amount - k.nonOwnerAmount;
        HBarChart::Row row;
        row.label = QStringLiteral("%1. %2").arg(k.position).arg(fmt::q(k.key));
        row.valueText = fmt::money(k.amount, cur, locale()) + QStringLiteral(" · ") +
                        fmt::percent(k.sharePct, locale());
        row.segments.push_back({ownerLike.toDouble(), theme.fallback,
                                tr("%1: %2 to values also seen as owners")
                                    .arg(row.label, fmt::money(ownerLike, cur, locale()))});
        row.segments.push_back({k.nonOwnerAmount.toDouble(),
                                theme.critical.lighter(theme.dark ? 80 : 130),
                                tr("%1: %2 to values never seen as owners")
                                    .arg(row.label, fmt::money(k.nonOwnerAmount, cur, locale()))});
        largest = std::max(largest, k.amount.toDouble());
        rows.push_back(std::move(row));
    }
    m_chart->setRows(std::move(rows),
                     {{tr("to owner-like values"), theme.fallback, false},
                      {tr("to values never seen as owners"),
                       theme.critical.lighter(theme.dark ? 80 : 130), false}},
                     largest);
    m_chart->setEmptyText(tr("No fallback keys chosen."));
}

} // namespace unalloc::ui
