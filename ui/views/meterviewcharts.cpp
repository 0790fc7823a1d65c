// MeterView: the grouped share bars, the load sweep lines, their hover texts, legend toggles
// and drill-through, and the headline figures, all bound to the controller's snapshots (no
// figure is computed here).
#include "meterview.h"

#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/metersweepmodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <functional>

namespace unalloc::ui {

using chartinteraction::dimMarker;

namespace {

/// A stable colour per meter, clear of the rose that marks unallocated spend.
QColor meterColour(core::MeterKind kind, const Theme &theme)
{
    switch (kind) {
    case core::MeterKind::Tokens:
        return theme.dark ? QColor(0x6f, 0x9c, 0xe6) : QColor(0x3b, 0x6e, 0xc2);
    case core::MeterKind::ListPrice:
        return theme.dark ? QColor(0xb3, 0x8c, 0xf0) : QColor(0x7e, 0x57, 0xc2);
    case core::MeterKind::TimeShare:
        return theme.dark ? QColor(0x4d, 0xc4, 0xb4) : QColor(0x1f, 0x8a, 0x7d);
    case core::MeterKind::KvTokenSeconds:
    case core::MeterKind::KvBlockSeconds:
        return theme.dark ? QColor(0xf0, 0xb4, 0x5a) : QColor(0xc9, 0x7b, 0x12);
    default:
        return theme.dark ? QColor(0x9a, 0xa5, 0xb1) : QColor(0x4f, 0x5b, 0x66);
    }
}

/// The overhead group's bars: the meter's colour washed towards the panel, so that the share
/// no tenant used reads as set apart from the tenants'.
QColor overheadTint(const QColor &colour, const Theme &theme)
{
    const auto mix = [](int a, int b) {
        return (a * 45 + b * 55) / 100;
    };
    return QColor(mix(colour.red(), theme.panel.red()), mix(colour.green(), theme.panel.green()),
                  mix(colour.blue(), theme.panel.blue()));
}

core::Decimal absolute(const core::Decimal &d)
{
    return d.isNegative() ? -d : d;
}

QString tenantName(const core::MeterRow &row)
{
    if (row.overhead)
        return MeterView::tr("Overhead");
    return row.tenant.empty() ? MeterView::tr("<unlabeled>") : fmt::q(row.tenant);
}

/// One line of the load sweep: the overhead a meter leaves unowned at each rate.
struct SweepLine
{
    core::MeterKind colour;
    const char *name;
    const char *what; ///< what the overhead is, for the hover text
    std::function<core::Decimal(const core::SweepPoint &)> value;
    bool dashed;
};

const std::vector<SweepLine> &sweepLines()
{
    static const std::vector<SweepLine> lines{
        {core::MeterKind::StepTime, QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "Step time"),
         QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "idle GPU time"),
         [](const core::SweepPoint &p) { return p.stepTimeOverhead; }, false},
        {core::MeterKind::KvBlockSeconds, QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "KV blocks"),
         QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "KV memory no request holds"),
         [](const core::SweepPoint &p) { return p.kvOverhead; }, false},
        {core::MeterKind::TimeShare, QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "Time share"),
         QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "idle ticks"),
         [](const core::SweepPoint &p) { return p.timeShareOverhead; }, false},
        // Tokens bill every token to a tenant: no overhead at any rate (dashed, at zero).
        {core::MeterKind::Tokens, QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "Tokens, list price"),
         QT_TRANSLATE_NOOP("unalloc::ui::MeterView", "none: every token has a tenant"),
         [](const core::SweepPoint &) { return core::Decimal(); }, true},
    };
    return lines;
}

core::Decimal percentOf(const core::Decimal &fraction)
{
    return core::Decimal::percent(fraction, core::Decimal::fromInt(1), 1);
}

/// A filter-line word: quoted when it holds a space.
QString word(const QString &text)
{
    return text.contains(QLatin1Char(' ')) ? QLatin1Char('"') + text + QLatin1Char('"') : text;
}

} // namespace

void MeterView::buildCharts()
{
    QChart *bars = m_bars->chart();
    m_tenantAxis = new QBarCategoryAxis;
    m_tenantAxis->setTruncateLabels(false); // "Overhead" and "<unlabeled>" fit under their bars
    m_shareAxis = new QValueAxis;
    m_shareAxis->setLabelFormat(QStringLiteral("%.0f\u00a0%"));
    m_shareAxis->setTitleText(tr("share of the pod"));
    bars->addAxis(m_tenantAxis, Qt::AlignBottom);
    bars->addAxis(m_shareAxis, Qt::AlignLeft);
    bars->legend()->setAlignment(Qt::AlignBottom);
    bars->setLocalizeNumbers(true); // bar labels "16,7" in German
    bars->setLocale(locale());

    QChart *sweep = m_sweepChart->chart();
    m_rateAxis = new QValueAxis;
    m_rateAxis->setTitleText(tr("request rate (req/s)"));
    m_rateAxis->setLabelFormat(QStringLiteral("%.1f"));
    m_overheadAxis = new QValueAxis;
    m_overheadAxis->setTitleText(tr("% of the bill")); // the panel's title says "overhead"
    m_overheadAxis->setLabelFormat(QStringLiteral("%.0f\u00a0%"));
    sweep->addAxis(m_rateAxis, Qt::AlignBottom);
    sweep->addAxis(m_overheadAxis, Qt::AlignLeft);
    sweep->legend()->setAlignment(Qt::AlignBottom);
    sweep->setLocalizeNumbers(true);
    sweep->setLocale(locale());
    new chartinteraction::WheelZoom(m_sweepChart->chartView());
    m_bars->installEventFilter(this);
    m_sweepChart->chartView()->setToolTip(
        tr("Wheel: zoom around the mouse · double click: whole sweep"));
}

void MeterView::applyTheme()
{
    const Theme &theme = m_context.app->theme->theme();
    m_bars->setTheme(theme);
    m_sweepChart->setTheme(theme);
    showBars();
    showSweep();
}

QString MeterView::barToolTip(core::MeterKind kind, size_t row) const
{
    const MeterSnapshotPtr &m = meters();
    const core::MeterSplit *split = m ? m->split(kind) : nullptr;
    if (!split || row >= m->shownRows() || row >= split->rows.size())
        return {};
    const core::MeterRow &r = split->rows[row];
    const core::Money month = m->monthlyAmount(kind, row);
    QString text = tr("%1 · %2\n%3 of the pod · %4 a month\n%5 of %6 in the ledger")
                       .arg(tenantName(r), MeterShareModel::meterName(kind),
                            fmt::percent(percentOf(m->shownShare(kind, row)), locale()),
                            fmt::money(month.amount, month.currency, locale()),
                            fmt::moneyExact(r.amount.amount, r.amount.currency, locale()),
                            fmt::money(split->cost.amount, split->cost.currency, locale()));
    if (drillTarget(row))
        text += QLatin1Char('\n') + (r.overhead
                                         ? tr("Click to show the pod row")
                                         : tr("Click to show the rows of %1").arg(tenantName(r)));
    return text;
}

std::optional<DrillTarget> MeterView::drillTarget(size_t row) const
{
    const MeterSnapshotPtr &m = meters();
    if (!m || m->splits.empty() || row >= m->shownRows())
        return std::nullopt;
    const core::MeterRow &r = m->splits.front().rows[row];
    const core::CostRow &pod = m->pod.row;
    if (r.overhead) // no tenant used it: the pod's own row carries it
        return DrillTarget::ledgerRows(filterTerm(QStringLiteral("source"), fmt::q(pod.source)) +
                                           QLatin1Char(' ') + word(fmt::q(pod.name)),
                                       tr("Show the pod row of %1").arg(fmt::q(pod.name)));
    if (r.tenant.empty())
        return std::nullopt; // "no owner label" has no filter term
    // The tenant's requests carry its owner label; those the pod served name its model.
    QString filter = filterTerm(fmt::q(m->tenantKey), fmt::q(r.tenant), QLatin1Char('='));
    if (const std::string *model = pod.labels.find("model"); model && !model->empty())
        filter += QLatin1Char(' ') + word(fmt::q(*model));
    return DrillTarget::ledgerRows(filter, tr("Show the rows of %1").arg(fmt::q(r.tenant)));
}

void MeterView::toggleMeter(core::MeterKind kind)
{
    if (!m_hidden.erase(kind))
        m_hidden.insert(kind);
    showBars();
}

void MeterView::showBars()
{
    QChart *chart = m_bars->chart();
    const Theme &theme = m_context.app->theme->theme();
    const MeterSnapshotPtr &m = meters();
    // A new series each time: the legend of a cleared bar series loses its markers.
    if (m_barSeries) {
        chart->removeSeries(m_barSeries);
        delete m_barSeries;
    }
    m_barSeries = new QBarSeries;
    m_barSeries->setBarWidth(0.85);
    m_barSeries->setLabelsVisible(true);
    m_barSeries->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    m_barSeries->setLabelsPrecision(3);
    const size_t rows = m ? m->shownRows() : 0;
    double top = 10;
    for (core::MeterKind kind : core::telemetryMeterKinds()) {
        auto *set = new QBarSet(MeterShareModel::meterName(kind));
        const QColor colour = meterColour(kind, theme);
        const bool hidden = isMeterHidden(kind);
        set->setColor(colour);
        set->setBorderColor(theme.panel);
        set->setSelectedColor(overheadTint(colour, theme));
        set->setLabelColor(hidden ? QColor(Qt::transparent) : theme.text);
        QList<qreal> values;
        for (size_t r = 0; r < rows; ++r) {
            const double pct = percentOf(m->shownShare(kind, r)).toDouble(); // axis position
            values.append(hidden ? 0.0 : pct);
            top = std::max(top, hidden ? 0.0 : pct);
        }
        set->append(values);
        for (size_t r = 0; r < rows; ++r)
            if (m->splits.front().rows[r].overhead)
                set->selectBar(int(r));
        connect(set, &QBarSet::hovered, this, [this, kind](bool status, int index) {
            chartinteraction::showTip(m_bars->chartView(),
                                      status ? barToolTip(kind, size_t(index)) : QString());
        });
        connect(set, &QBarSet::clicked, this, [this](int index) {
            if (const auto target = drillTarget(size_t(index)))
                emit drillRequested(*target);
        });
        m_barSeries->append(set);
    }
    chart->addSeries(m_barSeries);
    m_barSeries->attachAxis(m_tenantAxis);
    m_barSeries->attachAxis(m_shareAxis);
    QStringList tenants;
    for (size_t r = 0; r < rows; ++r)
        tenants << tenantName(m->splits.front().rows[r]).toHtmlEscaped(); // rich-text labels
    m_tenantAxis->clear();
    m_tenantAxis->append(tenants.isEmpty() ? QStringList{QString()} : tenants);
    m_shareAxis->setRange(0, std::min(100.0, top * 1.15));
    m_shareAxis->applyNiceNumbers();
    fitBarLabels();
    chart->setTitle(m ? QString() : tr("No pod with request telemetry."));
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_barSeries);
    const auto kinds = core::telemetryMeterKinds();
    for (qsizetype i = 0; i < markers.size() && size_t(i) < kinds.size(); ++i) {
        const core::MeterKind kind = kinds[size_t(i)];
        chartinteraction::onLegendClickRebuild(markers[i], this,
                                               [this, kind] { toggleMeter(kind); });
    }
    QtChartCanvas::styleChart(chart, theme);
    for (qsizetype i = 0; i < markers.size() && size_t(i) < kinds.size(); ++i)
        dimMarker(markers[i], isMeterHidden(kinds[size_t(i)]), theme);
    if (m)
        m_barsPanel->setSubtitle(
            m->policy == core::OverheadPolicy::Keep
                ? tr("Tenants by %1; idle GPU time and unused KV memory kept as overhead (pale "
                     "bars). Click a tenant's bar for its rows.")
                      .arg(fmt::q(m->tenantKey))
                : tr("Tenants by %1; overhead redistributed in proportion to direct shares. "
                     "Click a tenant's bar for its rows.")
                      .arg(fmt::q(m->tenantKey)));
}

void MeterView::fitBarLabels()
{
    // A value over each bar while the bars are wide enough to carry it (the hover and the
    // table below always have the figures).
    if (!m_barSeries)
        return;
    const int bars = std::max(1, m_tenantAxis->count() * int(core::telemetryMeterKinds().size()));
    m_barSeries->setLabelsVisible(m_bars->chart()->plotArea().width() * 0.85 / bars >= 30);
}

bool MeterView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_bars && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(this, &MeterView::fitBarLabels, Qt::QueuedConnection);
    return AnalysisView::eventFilter(watched, event);
}

QString MeterView::sweepToolTip(int line, size_t point) const
{
    const MeterSweepPtr &sweep = m_controller->sweep();
    const auto &lines = sweepLines();
    if (!sweep || line < 0 || size_t(line) >= lines.size() || point >= sweep->points.size())
        return {};
    const core::SweepPoint &p = sweep->points[point];
    return tr("%1 at %2 req/s: %3 of the bill is overhead (%4)")
        .arg(tr(lines[size_t(line)].name), locale().toString(p.ratePerS, 'g', 3),
             fmt::percent(percentOf(lines[size_t(line)].value(p)), locale()),
             tr(lines[size_t(line)].what));
}

void MeterView::showSweep()
{
    const MeterSweepPtr &sweep = m_controller->sweep();
    m_sweep->setPoints(sweep ? sweep->points : std::vector<core::SweepPoint>());
    showSweepSubtitle();
    QChart *chart = m_sweepChart->chart();
    const Theme &theme = m_context.app->theme->theme();
    chart->zoomReset(); // new figures: the whole sweep
    chart->removeAllSeries();
    const bool ready = sweep && sweep->ready();
    chart->setTitle(!sweep  ? tr("No pod with request telemetry.")
                    : ready ? QString()
                            : tr("Simulating the load sweep…"));
    double top = 10, right = 1;
    const auto &lines = sweepLines();
    for (size_t l = 0; ready && l < lines.size(); ++l) {
        auto *series = new QLineSeries;
        series->setName(tr(lines[l].name));
        const QColor colour = meterColour(lines[l].colour, theme);
        series->setPen(QPen(colour, 2.5, lines[l].dashed ? Qt::DashLine : Qt::SolidLine));
        series->setColor(colour);
        series->setPointsVisible(true);
        for (const core::SweepPoint &p : sweep->points) {
            const double pct = percentOf(lines[l].value(p)).toDouble(); // axis position
            series->append(p.ratePerS, pct);
            top = std::max(top, pct);
            right = std::max(right, p.ratePerS);
        }
        chart->addSeries(series);
        series->attachAxis(m_rateAxis);
        series->attachAxis(m_overheadAxis);
        connect(series, &QLineSeries::hovered, this,
                [this, series, l](const QPointF &at, bool state) {
                    // The nearest rate to the point under the mouse.
                    const QList<QPointF> points = series->points();
                    qsizetype best = -1;
                    for (qsizetype i = 0; i < points.size(); ++i)
                        if (best < 0 ||
                            std::abs(points[i].x() - at.x()) < std::abs(points[best].x() - at.x()))
                            best = i;
                    chartinteraction::showTip(
                        m_sweepChart->chartView(),
                        state && best >= 0 ? sweepToolTip(int(l), size_t(best)) : QString());
                });
        for (QLegendMarker *marker : chart->legend()->markers(series)) {
            connect(marker, &QLegendMarker::clicked, this, [this, series, marker] {
                series->setVisible(!series->isVisible());
                marker->setVisible(true); // a hidden line keeps its (faint) legend entry
                dimMarker(marker, !series->isVisible(), m_context.app->theme->theme());
            });
        }
    }
    m_rateAxis->setRange(0, right);
    m_overheadAxis->setRange(0, std::min(100.0, top * 1.1));
    m_overheadAxis->applyNiceNumbers();
    QtChartCanvas::styleChart(chart, theme);
}

void MeterView::showSweepSubtitle()
{
    const MeterSweepPtr &sweep = m_controller->sweep();
    if (!sweep) {
        m_sweepPanel->setSubtitle(QString());
        return;
    }
    if (sweep->measured) {
        QStringList names;
        for (const core::SimTenant &t : sweep->mix)
            names << (t.team.empty() && t.name == "<unlabeled>" ? tr("<unlabeled>")
                                                                : fmt::q(t.name));
        m_sweepPanel->setSubtitle(
            tr("Simulated vLLM-style server running this pod's measured traffic mix "
               "(%1 from %2: %3), %4 s per rate")
                .arg(tr("%Ln request(s)", "", int(sweep->requests)), fmt::q(sweep->pod),
                     names.join(QStringLiteral(", ")))
                .arg(sweep->durationS));
    } else {
        m_sweepPanel->setSubtitle(
            tr("This ledger has no request telemetry for the pod: the sweep shows the studies' "
               "reference tenants (search, agents, platform, sandbox), not this pod's traffic. "
               "%1 s per rate.")
                .arg(sweep->durationS));
    }
}

void MeterView::showFigures()
{
    const MeterSnapshotPtr &meters = this->meters();
    if (!meters) {
        for (FigureCard *card : {m_cost, m_requests, m_largest, m_applied})
            card->setValue(QStringLiteral("\u2014"), QString());
        return;
    }
    const core::MeterSnapshot &m = *meters;
    const core::Money &month = m.comparison.monthlyCost;
    m_cost->setValue(
        fmt::money(month.amount, month.currency, locale()),
        tr("%1 · %2 in the ledger")
            .arg(fmt::q(m.pod.row.name),
                 fmt::money(m.pod.row.amount.amount, m.pod.row.amount.currency, locale())));
    const int tenants = int(m.shownRows()) - (m.policy == core::OverheadPolicy::Keep ? 1 : 0);
    QString detail =
        tr("%1 tenant(s) by %2", nullptr, tenants).arg(tenants).arg(fmt::q(m.tenantKey));
    if (m.skipped > 0)
        detail += tr(" · %1 without first-token time skipped").arg(fmt::count(m.skipped, locale()));
    m_requests->setValue(fmt::count(m.requests, locale()), detail);
    // The gap between the two compared meters, for the tenant it matters most to.
    const core::MeterKind a = comboMeter(m_meterA), b = comboMeter(m_meterB);
    std::optional<core::TenantGap> widest;
    for (size_t r = 0; r < m.shownRows(); ++r) {
        const auto g = m.gap(a, b, r);
        if (g && (!widest || absolute(g->points) > absolute(widest->points)))
            widest = g;
    }
    if (widest)
        m_largest->setValue(
            tr("%1 pts").arg(fmt::number(absolute(widest->points), locale(), 1)),
            tr("%1: %2 vs %3, %4 a month")
                .arg(widest->tenant.empty() ? tr("<unlabeled>") : fmt::q(widest->tenant),
                     MeterShareModel::meterName(a), MeterShareModel::meterName(b),
                     fmt::money(absolute(widest->perMonth.amount), widest->perMonth.currency,
                                locale())),
            m_context.app->theme->theme().fallback);
    else
        m_largest->setValue(QStringLiteral("\u2014"), tr("choose two meters"));
    if (m.pod.split) {
        const auto kind = core::meterFromId(m.pod.split->meter);
        m_applied->setValue(kind ? MeterShareModel::meterName(*kind) : fmt::q(m.pod.split->meter),
                            tr("split #%1 replaces the pod row in reports").arg(m.pod.split->id));
    } else {
        m_applied->setValue(tr("none"), tr("reports show the unsplit pod"));
    }
}

} // namespace unalloc::ui
