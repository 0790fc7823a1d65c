// OverviewView: "Spend by owner" and "How rows resolved" on Qt Charts, their tooltips, legend
// toggles and drill-through, filled from core's SpendChart and Resolution (no figure is
// computed here; doubles only place the bars).
#include "overviewview.h"

#include "ui/charts/charthelpers.h"
#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"

#include <QAreaSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <cmath>

namespace unalloc::ui {

namespace {

constexpr double kBarWidth = 0.62;
constexpr int kOwnerLabelWidth = 190; ///< px; longer owner names are elided in the middle
/// Bars up to which a bar's value label has two lines (amount, then share) at the default size.
constexpr size_t kTwoLineBars = 8;

/// The folded small owners: their sources' colours washed towards the panel.
QColor muted(const QColor &colour, const Theme &theme)
{
    const QColor p = theme.panel;
    const auto mix = [](int a, int b) {
        return (a * 45 + b * 55) / 100;
    };
    return QColor(mix(colour.red(), p.red()), mix(colour.green(), p.green()),
                  mix(colour.blue(), p.blue()));
}

void removeSeries(QChart *chart, QHorizontalStackedBarSeries *&series)
{
    if (series) {
        chart->removeSeries(series);
        delete series;
        series = nullptr;
    }
}

} // namespace

void OverviewView::buildCharts()
{
    QChart *spend = m_spend->chart();
    m_ownerAxis = new QBarCategoryAxis;
    m_ownerAxis->setGridLineVisible(false);
    m_valueAxis = new QBarCategoryAxis;
    m_valueAxis->setGridLineVisible(false);
    m_amountAxis = new QValueAxis;
    m_amountAxis->setLabelFormat(QStringLiteral("%.0f"));
    spend->addAxis(m_ownerAxis, Qt::AlignLeft);
    spend->addAxis(m_valueAxis, Qt::AlignRight);
    spend->addAxis(m_amountAxis, Qt::AlignBottom);
    spend->legend()->setAlignment(Qt::AlignTop);
    // Amount labels with the locale's grouping ("100,000", German "100.000").
    spend->setLocalizeNumbers(true);
    spend->setLocale(locale());
    m_spendHover =
        new ChartHover(m_spend, tr("Hover a bar for its exact amount; click it to see its "
                                   "rows; click a legend entry to hide or show that source."));

    QChart *resolution = m_resolution->chart();
    m_resolutionCategory = new QBarCategoryAxis;
    m_resolutionCategory->append(QStringLiteral(" "));
    m_resolutionCategory->setVisible(false);
    m_resolutionPercent = new QValueAxis;
    m_resolutionPercent->setRange(0, 100);
    m_resolutionPercent->setTickCount(5);
    // Localised labels keep the text after the number as it is ("%%" would show twice).
    m_resolutionPercent->setLabelFormat(QStringLiteral("%.0f %"));
    resolution->addAxis(m_resolutionCategory, Qt::AlignLeft);
    resolution->addAxis(m_resolutionPercent, Qt::AlignBottom);
    resolution->legend()->setAlignment(Qt::AlignBottom);
    // The shares as "30,6 %" in German.
    resolution->setLocalizeNumbers(true);
    resolution->setLocale(locale());
    m_resolution->setMinimumHeight(190);
    // Below these widths the labels and legends are cut: the row stacks the charts instead.
    m_spend->setMinimumWidth(500);
    m_resolution->setMinimumWidth(380);
    m_resolutionHover = new ChartHover(
        m_resolution, tr("Hover a part for its amount and rows; click it to see those rows in "
                         "the Ledger; click a legend entry to hide or show it."));
}

void OverviewView::applyTheme()
{
    const Theme &theme = m_context.app->theme->theme();
    m_spend->setTheme(theme);
    m_resolution->setTheme(theme);
    m_chartsStale = true;
    if (isVisible())
        refreshCharts();
}

QString OverviewView::barName(const core::OwnerBar &bar) const
{
    return bar.kind == core::OwnerBar::Kind::Others
               ? tr("+ %n smaller owner(s)", nullptr, bar.folded)
               : fmt::q(bar.key);
}

bool OverviewView::isSourceHidden(size_t source) const
{
    return m_snapshot && source < m_snapshot->spend.sources.size() &&
           m_hiddenSources.count(m_snapshot->spend.sources[source]) > 0;
}

void OverviewView::toggleSource(size_t source)
{
    if (!m_snapshot || source >= m_snapshot->spend.sources.size())
        return;
    const std::string &name = m_snapshot->spend.sources[source];
    if (!m_hiddenSources.erase(name))
        m_hiddenSources.insert(name);
    showSpendChart();
}

void OverviewView::toggleUnallocated()
{
    m_unallocatedHidden = !m_unallocatedHidden;
    showSpendChart();
}

void OverviewView::showSpendChart()
{
    QChart *chart = m_spend->chart();
    const Theme &theme = m_context.app->theme->theme();
    // New series each time: the legend of a cleared bar series loses its markers.
    removeSeries(chart, m_spendSeries);
    for (QAreaSeries *hatch : m_hatches) {
        chart->removeSeries(hatch);
        delete hatch;
    }
    m_hatches.clear();
    static const core::SpendChart none;
    const core::SpendChart &sc = m_snapshot ? m_snapshot->spend : none;
    const core::Currency cur = m_snapshot ? m_snapshot->report.currency : core::Currency();
    const size_t bars = sc.bars.size();
    // A horizontal bar chart lists its categories bottom-up: the largest owner on top,
    // <unallocated> last, at the bottom.
    const auto barAt = [bars](int category) {
        return bars - 1 - size_t(category);
    };
    std::vector<bool> hiddenSources(sc.sources.size()), hiddenBars(bars);
    for (size_t b = 0; b < bars; ++b)
        hiddenBars[b] = m_unallocatedHidden && sc.bars[b].kind == core::OwnerBar::Kind::Unallocated;
    for (size_t s = 0; s < sc.sources.size(); ++s)
        hiddenSources[s] = isSourceHidden(s);
    const auto length = [&](size_t bar, size_t source) { // bar length only
        return hiddenSources[source] || hiddenBars[bar] ? 0.0
                                                        : sc.bars[bar].bySource[source].toDouble();
    };

    // Categories first: an axis takes its range from them when a series attaches.
    QStringList owners, values;
    // Amount above share when a bar's slot holds two lines; with many owners one line, which
    // the axis is widened for (two lines in a short slot were cut to "$5,855.30…").
    const QString between = bars <= kTwoLineBars ? QStringLiteral("<br>") : QStringLiteral(" · ");
    for (size_t c = 0; c < bars; ++c) {
        const core::OwnerBar &bar = sc.bars[barAt(int(c))];
        // Axis labels are rich text: "<unallocated>" would vanish as an unknown tag.
        owners << elideLabel(barName(bar), m_ownerAxis->labelsFont(), kOwnerLabelWidth)
                      .toHtmlEscaped();
        values << fmt::money(bar.amount, cur, locale()) + between +
                      fmt::percent(bar.sharePct, locale());
    }
    m_ownerAxis->clear();
    m_valueAxis->clear();
    m_ownerAxis->append(owners.isEmpty() ? QStringList{QString()} : distinctCategories(owners));
    m_valueAxis->append(values.isEmpty() ? QStringList{QString()} : distinctCategories(values));

    m_spendSeries = new QHorizontalStackedBarSeries;
    m_spendSeries->setBarWidth(kBarWidth);
    std::vector<QBarSet *> plain, folded;
    for (size_t s = 0; s < sc.sources.size(); ++s) {
        const QString name = fmt::q(sc.sources[s]);
        const QColor colour = theme.sourceColour(name);
        // Two sets per source, so that the folded owners can be muted: a set has one brush
        // for all its bars.
        auto *set = new QBarSet(name);
        auto *fold = new QBarSet(name);
        for (size_t c = 0; c < bars; ++c) {
            const size_t b = barAt(int(c));
            const bool others = sc.bars[b].kind == core::OwnerBar::Kind::Others;
            set->append(others ? 0.0 : length(b, s)); // <unallocated> too: under the hatch
            fold->append(others ? length(b, s) : 0.0);
        }
        set->setColor(colour);
        fold->setColor(muted(colour, theme));
        for (QBarSet *x : {set, fold}) {
            x->setBorderColor(theme.panel);
            connect(x, &QBarSet::hovered, this, [this, s, barAt](bool status, int index) {
                m_spendHover->show(status ? spendToolTip(barAt(index), s) : QString());
            });
            connect(x, &QBarSet::clicked, this,
                    [this, s, barAt](int index) { drill(barAt(index), s); });
        }
        plain.push_back(set);
        folded.push_back(fold);
    }
    for (const std::vector<QBarSet *> &sets : {plain, folded})
        for (QBarSet *x : sets)
            m_spendSeries->append(x);
    chart->addSeries(m_spendSeries);
    m_spendSeries->attachAxis(m_ownerAxis);
    m_spendSeries->attachAxis(m_amountAxis);

    // The hatch over each source's part of <unallocated>, where the stack put it: credits
    // stack left of zero, the rest right of it, in source order.
    const auto hatchArea = [&](double from, double to, double category) {
        auto *upper = new QLineSeries;
        auto *lower = new QLineSeries;
        const double half = kBarWidth / 2;
        if (to > from) {
            upper->append({QPointF(from, category + half), QPointF(to, category + half)});
            lower->append({QPointF(from, category - half), QPointF(to, category - half)});
        }
        auto *area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setBrush(theme.unallocatedBrush());
        area->setPen(QPen(theme.unallocated, 1.2));
        chart->addSeries(area);
        area->attachAxis(m_amountAxis);
        area->attachAxis(m_valueAxis); // the same categories as the bars, on the right
        m_hatches.push_back(area);
        return area;
    };
    for (size_t b = 0; b < bars; ++b) {
        if (sc.bars[b].kind != core::OwnerBar::Kind::Unallocated)
            continue;
        const double category = double(bars - 1 - b);
        double right = 0, left = 0;
        for (size_t s = 0; s < sc.sources.size(); ++s) {
            const double v = length(b, s);
            const double from = v >= 0 ? right : left + v;
            (v >= 0 ? right : left) += v;
            QAreaSeries *area = hatchArea(from, from + std::abs(v), category);
            connect(area, &QAreaSeries::hovered, this, [this, b, s](const QPointF &, bool state) {
                m_spendHover->show(state ? spendToolTip(b, s) : QString());
            });
            connect(area, &QAreaSeries::clicked, this, [this, b, s] { drill(b, s); });
        }
    }
    // The hatched legend entry: an area with nothing to draw, clicked to hide or show
    // <unallocated>.
    QAreaSeries *noOwner = hatchArea(0, 0, 0);
    noOwner->setName(tr("no owner (hatched)"));

    const auto [low, high] = sc.stackRange(hiddenSources, hiddenBars);
    // The same ticks for the same figures, whatever was shown before (applyNiceNumbers
    // adapts the tick count, and would carry it over).
    m_amountAxis->setTickCount(5);
    m_amountAxis->setRange(low.toDouble(), high.isZero() ? 1.0 : high.toDouble());
    m_amountAxis->applyNiceNumbers();
    m_amountAxis->setTitleText(fmt::q(cur.code()));

    QLegend *legend = chart->legend();
    const QList<QLegendMarker *> markers = legend->markers(m_spendSeries);
    for (qsizetype i = 0; i < markers.size(); ++i) {
        if (size_t(i) < plain.size())
            chartinteraction::onLegendClickRebuild(markers[i], this,
                                                   [this, i] { toggleSource(size_t(i)); });
        else
            markers[i]->setVisible(false); // the folded owners' sets share the entry
    }
    for (QAreaSeries *hatch : m_hatches)
        for (QLegendMarker *marker : legend->markers(hatch))
            marker->setVisible(hatch == noOwner && bars > 0);
    const QList<QLegendMarker *> noOwnerMarkers = legend->markers(noOwner);
    for (QLegendMarker *marker : noOwnerMarkers)
        chartinteraction::onLegendClickRebuild(marker, this, [this] { toggleUnallocated(); });

    // A new ledger has nothing yet: say where the data comes from, not that a filter is empty.
    const QString empty = !m_snapshot || !sc.bars.empty() ? QString()
                          : m_context.document->catalog().rows == 0
                              ? tr("This ledger is empty. Import export files with File → "
                                   "Import Files… (Ctrl+I) or drop them on the window.")
                              : tr("No rows in this period and these sources.");
    chart->setTitle(empty);
    for (QAbstractAxis *axis : chart->axes())
        axis->setVisible(bars > 0);
    legend->setVisible(bars > 0);
    // Every bar keeps a readable height: the canvas grows with the owners shown.
    m_spend->setMinimumHeight(std::max(280, 110 + 30 * int(bars)));
    if (m_snapshot)
        m_spendPanel->setTitle(
            tr("Spend by %1, stacked by source").arg(fmt::q(m_snapshot->report.dimension)));
    QtChartCanvas::styleChart(chart, theme);
    for (qsizetype i = 0; i < markers.size() && size_t(i) < plain.size(); ++i)
        chartinteraction::dimMarker(markers[i], hiddenSources[size_t(i)], theme);
    for (QLegendMarker *marker : noOwnerMarkers)
        chartinteraction::dimMarker(marker, m_unallocatedHidden, theme);
}

QString OverviewView::spendToolTip(size_t bar, size_t source) const
{
    if (!m_snapshot || bar >= m_snapshot->spend.bars.size() ||
        source >= m_snapshot->spend.sources.size())
        return {};
    const core::AttributionReport &r = m_snapshot->report;
    const core::OwnerBar &b = m_snapshot->spend.bars[bar];
    const core::Decimal &amount = b.bySource[source];
    const std::int64_t rows = b.rowsBySource[source];
    QString text =
        tr("%1 · %2", "owner, source").arg(barName(b), fmt::q(m_snapshot->spend.sources[source])) +
        QLatin1Char('\n') +
        tr("%1 · %2 of all spend · %3", "amount, share, rows")
            .arg(fmt::moneyExact(amount, r.currency, locale()),
                 fmt::sharePercent(amount, r.total, locale()),
                 tr("%1 row(s)", nullptr, fmt::plural(rows)).arg(fmt::count(rows, locale()))) +
        QLatin1Char('\n') +
        tr("Whole bar: %1 · %2 · %3", "amount, share, rows")
            .arg(fmt::moneyExact(b.amount, r.currency, locale()),
                 fmt::percent(b.sharePct, locale()),
                 tr("%1 row(s)", nullptr, fmt::plural(b.rows)).arg(fmt::count(b.rows, locale())));
    switch (b.kind) {
    case core::OwnerBar::Kind::Owner:
        return text + QLatin1Char('\n') + tr("Click to show these rows in the Ledger.");
    case core::OwnerBar::Kind::Unallocated:
        return text + QLatin1Char('\n') + tr("Click to see what is unallocated in this source.");
    case core::OwnerBar::Kind::Others:
        break;
    }
    return text + QLatin1Char('\n') + tr("The Owners table below lists each of them.");
}

void OverviewView::drill(size_t bar, size_t source)
{
    if (!m_snapshot || bar >= m_snapshot->spend.bars.size() ||
        source >= m_snapshot->spend.sources.size())
        return;
    const core::OwnerBar &b = m_snapshot->spend.bars[bar];
    const QString src = fmt::q(m_snapshot->spend.sources[source]);
    const QString owner = fmt::q(b.key);
    switch (b.kind) {
    case core::OwnerBar::Kind::Owner:
        emit drillRequested(DrillTarget::ledgerRows(
            filterTerm(QStringLiteral("owner"), owner) + QLatin1Char(' ') +
                filterTerm(QStringLiteral("source"), src),
            tr("Show the rows of %1 from %2", "owner, source").arg(owner, src)));
        return;
    case core::OwnerBar::Kind::Unallocated:
        emit drillRequested(DrillTarget::focusIn(QStringLiteral("unallocated"), src,
                                                 tr("Show what is unallocated in %1").arg(src)));
        return;
    case core::OwnerBar::Kind::Others:
        return; // many owners: the table below has them one by one
    }
}

void OverviewView::drillResolution(size_t part)
{
    if (!m_snapshot)
        return;
    const core::AnalysisRequest &r = m_snapshot->request;
    const QString key = fmt::q(r.ownerKey);
    switch (part) {
    case 0:
        emit drillRequested(DrillTarget::ledgerRows(filterTerm(QStringLiteral("via"), key),
                                                    tr("Show the rows that carry %1").arg(key)));
        return;
    case 1: {
        if (r.fallbacks.empty())
            return; // no fallback chosen: nothing resolved through one
        QStringList terms;
        for (const std::string &f : r.fallbacks)
            terms << filterTerm(QStringLiteral("via"), fmt::q(f));
        emit drillRequested(DrillTarget::ledgerRows(terms.join(QLatin1Char(' ')),
                                                    tr("Show the rows owned through a fallback")));
        return;
    }
    case 2:
        emit drillRequested(DrillTarget::ledgerRows(
            filterTerm(QStringLiteral("owner"), QStringLiteral("<unallocated>")),
            tr("Show the rows nobody owns")));
        return;
    default:
        return;
    }
}

QString OverviewView::resolutionToolTip(size_t part) const
{
    if (!m_snapshot || part > 2)
        return {};
    const core::AttributionReport &r = m_snapshot->report;
    const core::Resolution &res = r.resolution;
    const QString dim = fmt::q(r.dimension);
    QStringList fallbacks;
    for (const std::string &f : r.fallbacks)
        fallbacks << fmt::q(f);
    const core::Decimal &amount = part == 0 ? res.ownerLabel : part == 1 ? res.fallback : res.none;
    const std::int64_t rows = part == 0   ? res.ownerRows
                              : part == 1 ? res.fallbackRows
                                          : res.noneRows;
    const QString name = part == 0   ? tr("Owner label")
                         : part == 1 ? tr("Fallback")
                                     : tr("No owner");
    const QString why =
        part == 0   ? tr("rows carrying %1 directly").arg(dim)
        : part == 1 ? (fallbacks.isEmpty() ? tr("add a fallback key in the bar above to try one")
                                           : tr("rows matched by %1").arg(fallbacks.join(u", ")))
                    : tr("rows with none of the keys: the labeling backlog");
    return name + QLatin1Char('\n') +
           tr("%1 · %2 of all spend · %3", "amount, share, rows")
               .arg(fmt::moneyExact(amount, r.currency, locale()),
                    fmt::sharePercent(amount, r.total, locale()),
                    tr("%1 row(s)", nullptr, fmt::plural(rows)).arg(fmt::count(rows, locale()))) +
           QLatin1Char('\n') + why;
}

void OverviewView::showResolution()
{
    QChart *chart = m_resolution->chart();
    const Theme &theme = m_context.app->theme->theme();
    removeSeries(chart, m_resolutionSeries);
    m_resolutionSeries = new QHorizontalStackedBarSeries;
    m_resolutionSeries->setBarWidth(0.5);
    m_resolutionSeries->setLabelsVisible(true);
    m_resolutionSeries->setLabelsFormat(QStringLiteral("@value %"));
    m_resolutionSeries->setLabelsPrecision(3);
    const core::AttributionReport *r = m_snapshot ? &m_snapshot->report : nullptr;
    const core::Decimal amounts[] = {r ? r->resolution.ownerLabel : core::Decimal(),
                                     r ? r->resolution.fallback : core::Decimal(),
                                     r ? r->resolution.none : core::Decimal()};
    const QString names[] = {tr("Owner label"), tr("Fallback"), tr("No owner")};
    std::vector<QBarSet *> sets;
    for (size_t part = 0; part < 3; ++part) {
        const core::Decimal pct =
            r ? core::Decimal::percent(amounts[part], r->total, 1) : core::Decimal();
        // The legend names the parts; each part shows its share, the hover text its amount.
        auto *set = new QBarSet(names[part]);
        const bool hidden = m_hiddenParts.count(part) > 0;
        set->append(hidden ? 0.0 : pct.toDouble()); // bar length only
        if (part == 2) {
            set->setBrush(theme.unallocatedBrush());
            set->setPen(QPen(theme.unallocated, 1.2));
            set->setLabelColor(theme.text); // over the hatch and the panel
        } else {
            set->setColor(part == 0 ? theme.ownerLabel : theme.fallback);
            set->setBorderColor(theme.panel);
            set->setLabelColor(Qt::white);
        }
        // A share too thin to hold its text leaves it to the hover.
        if (hidden || pct < core::Decimal::fromInt(6))
            set->setLabelColor(Qt::transparent);
        connect(set, &QBarSet::hovered, this, [this, part](bool status, int) {
            m_resolutionHover->show(status ? resolutionToolTip(part) : QString());
        });
        connect(set, &QBarSet::clicked, this, [this, part](int) { drillResolution(part); });
        m_resolutionSeries->append(set);
        sets.push_back(set);
    }
    chart->addSeries(m_resolutionSeries);
    m_resolutionSeries->attachAxis(m_resolutionCategory);
    m_resolutionSeries->attachAxis(m_resolutionPercent);
    QtChartCanvas::styleChart(chart, theme);
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_resolutionSeries);
    for (qsizetype i = 0; i < markers.size(); ++i) {
        chartinteraction::onLegendClickRebuild(markers[i], this, [this, i] {
            if (!m_hiddenParts.erase(size_t(i)))
                m_hiddenParts.insert(size_t(i));
            showResolution();
        });
        chartinteraction::dimMarker(markers[i], m_hiddenParts.count(size_t(i)) > 0, theme);
    }
}

} // namespace unalloc::ui
