#include "fallbackview.h"

#include "ui/charts/charthelpers.h"
#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
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

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHBoxLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QTableView>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace unalloc::ui {

FallbackView::FallbackView(const ViewContext &context, QWidget *parent)
    : AnalysisView(context, parent)
    , m_summary(new QLabel)
    , m_chart(QtChartCanvas::create("fallbackBars"))
    , m_keys(new FallbackKeyModel(locale(), this))
    , m_values(new FallbackValueModel(locale(), this))
    , m_owners(new OwnerExposureModel(locale(), this))
    , m_collisions(new CollisionModel(locale(), this))
{
    m_summary->setObjectName(QStringLiteral("fallbackSummary"));
    m_summary->setWordWrap(true);
    m_summary->setToolTip(tr("F: spend that found an owner only through a fallback key. A "
                             "fallback lowers U without making it more correct."));
    auto *chartPanel = new ChartPanel(tr("F by fallback key"), m_chart, exportHost());
    chartPanel->setObjectName(QStringLiteral("fallbackChart"));
    chartPanel->setBeforeExport([this] { refreshChart(); });

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
    layout->addWidget(
        tablePanel(tr("Label-key collisions"), QStringLiteral("collisionTable"), m_collisions), 1);
    setContent(content);
    buildChart();
    connect(context.app->theme, &ThemeController::changed, this, [this] {
        m_chart->setTheme(m_context.app->theme->theme());
        m_chartStale = true;
        if (isVisible())
            refreshChart();
    });
    m_chart->setTheme(m_context.app->theme->theme());
}

void FallbackView::showEvent(QShowEvent *event)
{
    AnalysisView::showEvent(event);
    refreshChart();
}

void FallbackView::refreshChart()
{
    if (!m_chartStale)
        return;
    m_chartStale = false;
    showChart();
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
    if (r.rowCount == 0) {
        m_summary->setText(tr("No rows in this period and these sources: no fallback "
                              "attributed anything."));
    } else if (r.fallbacks.empty()) {
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
    m_chartStale = true;
    if (isVisible())
        refreshChart();
}

namespace {

QColor nonOwnerColour(const Theme &theme)
{
    return theme.critical.lighter(theme.dark ? 80 : 130);
}

} // namespace

void FallbackView::buildChart()
{
    QChart *chart = m_chart->chart();
    m_keyAxis = new QBarCategoryAxis;
    m_keyAxis->setGridLineVisible(false);
    m_valueAxis = new QBarCategoryAxis;
    m_valueAxis->setGridLineVisible(false);
    m_amountAxis = new QValueAxis;
    m_amountAxis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(m_keyAxis, Qt::AlignLeft);
    chart->addAxis(m_valueAxis, Qt::AlignRight);
    chart->addAxis(m_amountAxis, Qt::AlignBottom);
    chart->legend()->setAlignment(Qt::AlignTop);
    chart->setLocalizeNumbers(true);
    chart->setLocale(locale());
    m_chart->setMinimumWidth(420); // narrower cuts the labels: the row stacks instead
    m_hover = new ChartHover(m_chart, tr("Hover a bar for its exact amount; click it to see the "
                                         "rows that fallback attributed."));
}

void FallbackView::togglePart(size_t part)
{
    if (!m_hiddenParts.erase(part))
        m_hiddenParts.insert(part);
    showChart();
}

void FallbackView::showChart()
{
    QChart *chart = m_chart->chart();
    const Theme &theme = m_context.app->theme->theme();
    // A new series each time: the legend of a cleared bar series loses its markers.
    if (m_series) {
        chart->removeSeries(m_series);
        delete m_series;
    }
    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.6);
    static const std::vector<core::FallbackKeyExposure> noKeys;
    const auto &keys = m_snapshot ? m_snapshot->exposure.byKey : noKeys;
    const core::Currency cur = m_snapshot ? m_snapshot->report.currency : core::Currency();
    // Bottom-up categories: the first fallback on top.
    const auto keyAt = [n = keys.size()](int category) {
        return n - 1 - size_t(category);
    };
    auto *ownerLike = new QBarSet(tr("to owner-like values"));
    auto *nonOwner = new QBarSet(tr("to values never seen as owners"));
    ownerLike->setColor(theme.fallback);
    nonOwner->setColor(nonOwnerColour(theme));
    QStringList names, values;
    core::Decimal low, high;
    for (size_t c = 0; c < keys.size(); ++c) {
        const core::FallbackKeyExposure &k = keys[keyAt(int(c))];
        const core::Decimal owned = k.amount - k.nonOwnerAmount;
        ownerLike->append(isPartHidden(0) ? 0.0 : owned.toDouble()); // bar length only
        nonOwner->append(isPartHidden(1) ? 0.0 : k.nonOwnerAmount.toDouble());
        names << elideLabel(QStringLiteral("%1. %2").arg(k.position).arg(fmt::q(k.key)),
                            m_keyAxis->labelsFont(), 190);
        values << fmt::money(k.amount, cur, locale()) + QStringLiteral("<br>") +
                      fmt::percent(k.sharePct, locale());
        // The scale stays when a part is hidden: the other part keeps its length.
        high = std::max({high, k.amount, owned, k.nonOwnerAmount});
        low = std::min({low, owned, k.nonOwnerAmount});
    }
    for (QBarSet *set : {ownerLike, nonOwner}) {
        const size_t part = set == ownerLike ? 0 : 1;
        set->setBorderColor(theme.panel);
        connect(set, &QBarSet::hovered, this, [this, part, keyAt](bool status, int index) {
            m_hover->show(status ? barToolTip(keyAt(index), part) : QString());
        });
        connect(set, &QBarSet::clicked, this, [this, keyAt](int index) {
            if (!m_snapshot || keyAt(index) >= m_snapshot->exposure.byKey.size())
                return;
            const QString key = fmt::q(m_snapshot->exposure.byKey[keyAt(index)].key);
            emit drillRequested(
                DrillTarget::ledgerRows(filterTerm(QStringLiteral("via"), key),
                                        tr("Show the rows attributed through %1").arg(key)));
        });
        m_series->append(set);
    }
    chart->addSeries(m_series);
    m_series->attachAxis(m_keyAxis);
    m_series->attachAxis(m_amountAxis);
    m_keyAxis->clear();
    m_valueAxis->clear();
    m_keyAxis->append(names.isEmpty() ? QStringList{QString()} : distinctCategories(names));
    m_valueAxis->append(values.isEmpty() ? QStringList{QString()} : distinctCategories(values));
    // The same ticks for the same figures, whatever was shown before (applyNiceNumbers
    // adapts the tick count, and would carry it over).
    m_amountAxis->setTickCount(5);
    m_amountAxis->setRange(low.toDouble(), high.isZero() ? 1.0 : high.toDouble());
    m_amountAxis->applyNiceNumbers();
    m_amountAxis->setTitleText(fmt::q(cur.code()));
    for (QAbstractAxis *axis : chart->axes())
        axis->setVisible(!keys.empty());
    chart->legend()->setVisible(!keys.empty());
    chart->setTitle(keys.empty() ? tr("No fallback keys chosen.") : QString());
    m_chart->setMinimumHeight(std::max(240, 120 + 34 * int(keys.size())));
    QtChartCanvas::styleChart(chart, theme);
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_series);
    for (qsizetype i = 0; i < markers.size(); ++i) {
        chartinteraction::onLegendClickRebuild(markers[i], this,
                                               [this, i] { togglePart(size_t(i)); });
        chartinteraction::dimMarker(markers[i], isPartHidden(size_t(i)), theme);
    }
}

QString FallbackView::barToolTip(size_t key, size_t part) const
{
    if (!m_snapshot || key >= m_snapshot->exposure.byKey.size() || part > 1)
        return {};
    const core::FallbackKeyExposure &k = m_snapshot->exposure.byKey[key];
    const core::AttributionReport &r = m_snapshot->report;
    const core::Decimal amount = part == 0 ? k.amount - k.nonOwnerAmount : k.nonOwnerAmount;
    const QString what =
        part == 0 ? tr("to values also seen as owners") : tr("to values never seen as owners");
    return tr("Fallback %1. %2", "position, key").arg(k.position).arg(fmt::q(k.key)) +
           QLatin1Char('\n') +
           tr("%1 %2 · %3 of all spend", "amount, what, share")
               .arg(fmt::moneyExact(amount, r.currency, locale()), what,
                    fmt::sharePercent(amount, r.total, locale())) +
           QLatin1Char('\n') +
           tr("Whole key: %1 · %2 · %3 · %n value(s)", "amount, share, rows", k.values)
               .arg(fmt::moneyExact(k.amount, r.currency, locale()),
                    fmt::percent(k.sharePct, locale()),
                    tr("%1 row(s)", nullptr, fmt::plural(k.rows))
                        .arg(fmt::count(k.rows, locale()))) +
           QLatin1Char('\n') + tr("Click to show the rows this key attributed in the Ledger.");
}

} // namespace unalloc::ui
