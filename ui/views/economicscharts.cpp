// EconomicsView: figures and charts, filled from core's economics and break-even snapshots.
#include "economicsview.h"

#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/economicsmodel.h"
#include "ui/models/economicstrendmodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace unalloc::ui {

namespace {

QColor apiColour(const Theme &theme)
{
    return theme.sourceColour(QStringLiteral("litellm"));
}

QColor infraColour(const Theme &theme)
{
    return theme.sourceColour(QStringLiteral("opencost"));
}

/// A stable colour per API tier (by position), clear of the rose of unallocated spend.
QColor tierColour(size_t i, const Theme &theme)
{
    static const QColor light[] = {QColor(0x3b, 0x6e, 0xc2), QColor(0xc9, 0x7b, 0x12),
                                   QColor(0x7e, 0x57, 0xc2), QColor(0x1f, 0x8a, 0x7d)};
    static const QColor dark[] = {QColor(0x6f, 0x9c, 0xe6), QColor(0xf0, 0xb4, 0x5a),
                                  QColor(0xb3, 0x8c, 0xf0), QColor(0x4d, 0xc4, 0xb4)};
    return theme.dark ? dark[i % 4] : light[i % 4];
}

/// A per-1k figure for a chart axis (core rounded it; a chart only needs a position).
double axisValue(const std::optional<core::Decimal> &v)
{
    return v ? v->toDouble() : 0.0;
}

QValueAxis *valueAxis(const QString &title, const QString &format)
{
    auto *axis = new QValueAxis;
    axis->setTitleText(title);
    axis->setLabelFormat(format);
    return axis;
}

} // namespace

void EconomicsView::applyTheme()
{
    const Theme &theme = m_context.app->theme->theme();
    for (QtChartCanvas *c : {m_bars, m_trend, m_curves})
        c->setTheme(theme);
    showBars();
    showTrend();
    showBreakevenChart();
}

void EconomicsView::showFigures()
{
    if (!m_economics) {
        for (FigureCard *card : {m_requests, m_perK, m_invisible, m_unattributed})
            card->setValue(EconomicsModel::none(), QString());
        return;
    }
    const core::EconomicsReport &r = m_economics->report;
    if (r.requests == 0 && r.bySource.empty()) {
        // Nothing in the slice: no $0.00 in a currency it does not have.
        for (FigureCard *card : {m_requests, m_perK, m_invisible, m_unattributed})
            card->setValue(EconomicsModel::none(), tr("no rows in this period and these sources"));
        return;
    }
    const core::EconomicsLine &a = m_economics->attributed;
    const QString key = fmt::q(r.dimension);
    const auto perK = [&](const std::optional<core::Decimal> &v) {
        return v ? fmt::money(*v, r.currency, locale(), 4) : EconomicsModel::none();
    };
    m_requests->setValue(fmt::count(r.requests, locale()),
                         tr("%1 of them carry '%2'").arg(fmt::count(a.requests, locale()), key));
    m_perK->setValue(
        perK(a.perThousand()),
        tr("Features together; the gateway alone shows %1").arg(perK(a.apiPerThousand())));
    const auto invisible = a.invisiblePct();
    m_invisible->setValue(
        invisible ? fmt::percent(*invisible, locale()) : EconomicsModel::none(),
        tr("%1 of cluster cost carries '%2'").arg(fmt::money(a.infra, r.currency, locale()), key));
    m_unattributed->setValue(fmt::money(r.unattributed.total(), r.currency, locale()),
                             tr("cost without '%1' (API %2, infrastructure %3)")
                                 .arg(key, fmt::money(r.unattributed.api, r.currency, locale()),
                                      fmt::money(r.unattributed.infra, r.currency, locale())));
}

void EconomicsView::buildCharts()
{
    QChart *bars = m_bars->chart();
    m_barSeries = new QHorizontalStackedBarSeries;
    m_barSeries->setBarWidth(0.6);
    bars->addSeries(m_barSeries);
    m_barFeatures = new QBarCategoryAxis;
    m_barDollars = valueAxis(tr("$ per 1,000 requests"), QStringLiteral("%.0f"));
    bars->addAxis(m_barFeatures, Qt::AlignLeft);
    bars->addAxis(m_barDollars, Qt::AlignBottom);
    m_barSeries->attachAxis(m_barFeatures);
    m_barSeries->attachAxis(m_barDollars);
    bars->legend()->setAlignment(Qt::AlignBottom);

    QChart *trend = m_trend->chart();
    m_trendTotal = new QLineSeries;
    m_trendTotal->setName(tr("Total per 1k"));
    m_trendTotal->setPointsVisible(true);
    m_trendApi = new QLineSeries;
    m_trendApi->setName(tr("API bill only"));
    m_trendApi->setPointsVisible(true);
    trend->addSeries(m_trendTotal);
    trend->addSeries(m_trendApi);
    m_trendMonths = new QBarCategoryAxis;
    m_trendDollars = valueAxis(tr("$ per 1,000 requests"), QStringLiteral("%.0f"));
    trend->addAxis(m_trendMonths, Qt::AlignBottom);
    trend->addAxis(m_trendDollars, Qt::AlignLeft);
    for (QLineSeries *s : {m_trendTotal, m_trendApi}) {
        s->attachAxis(m_trendMonths);
        s->attachAxis(m_trendDollars);
    }
    trend->legend()->setAlignment(Qt::AlignBottom);

    QChart *curves = m_curves->chart();
    m_curveRate = valueAxis(tr("Request rate (req/s)"), QStringLiteral("%.1f"));
    m_curveRatio = new QLogValueAxis;
    m_curveRatio->setBase(10);
    m_curveRatio->setTitleText(tr("Self-hosted ÷ API (log)"));
    m_curveRatio->setLabelFormat(QStringLiteral("%g"));
    m_curveRatio->setMinorTickCount(8);
    curves->addAxis(m_curveRate, Qt::AlignBottom);
    curves->addAxis(m_curveRatio, Qt::AlignLeft);
    curves->legend()->setAlignment(Qt::AlignBottom);
}

void EconomicsView::showBars()
{
    QChart *chart = m_bars->chart();
    const Theme &theme = m_context.app->theme->theme();
    // A new series each time: the legend of a cleared bar series loses its markers.
    chart->removeSeries(m_barSeries);
    delete m_barSeries;
    m_barSeries = new QHorizontalStackedBarSeries;
    m_barSeries->setBarWidth(0.6);
    auto *api = new QBarSet(tr("API bill"));
    auto *infra = new QBarSet(tr("Infrastructure"));
    api->setColor(apiColour(theme));
    infra->setColor(infraColour(theme));
    api->setBorderColor(theme.panel);
    infra->setBorderColor(theme.panel);
    QStringList categories;
    double top = 0;
    if (m_economics) {
        // Largest total on top: a horizontal bar chart lists its categories bottom-up. A part
        // hidden from the legend keeps its entry (to click back) and draws nothing.
        const auto &lines = m_economics->report.features;
        for (auto it = lines.rbegin(); it != lines.rend(); ++it) {
            categories << fmt::q(it->feature);
            const double a = m_apiHidden ? 0.0 : axisValue(it->apiPerThousand());
            const double i = m_infraHidden ? 0.0 : axisValue(it->infraPerThousand());
            api->append(a);
            infra->append(i);
            top = std::max(top, a + i);
        }
    }
    m_barSeries->append(api);
    m_barSeries->append(infra);
    chart->addSeries(m_barSeries);
    m_barSeries->attachAxis(m_barFeatures);
    m_barSeries->attachAxis(m_barDollars);
    m_barFeatures->clear();
    m_barFeatures->append(categories.isEmpty() ? QStringList{QString()} : categories);
    m_barDollars->setRange(0, top > 0 ? top * 1.05 : 1.0);
    m_barDollars->applyNiceNumbers();
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_barSeries);
    for (int k = 0; k < markers.size() && k < 2; ++k) {
        bool &hidden = k == 0 ? m_apiHidden : m_infraHidden;
        chartinteraction::dimMarker(markers[k], hidden, theme);
        chartinteraction::onLegendClickRebuild(markers[k], this, [this, &hidden] {
            hidden = !hidden;
            showBars();
        });
    }
    QtChartCanvas::styleChart(chart, theme);
}

void EconomicsView::showTrend()
{
    const std::string feature = fmt::s(m_featureCombo->currentData().toString());
    std::vector<core::EconomicsCell> cells;
    if (m_economics && !feature.empty())
        cells = core::featureTrend(m_economics->allMonths, feature);
    const core::Currency currency =
        m_economics ? m_economics->report.currency : core::Currency::usd();
    m_trendModel->setCells(cells, currency);
    m_trendPanel->setSubtitle(
        feature.empty() ? QString()
                        : tr("%1: every month of the selected sources (total and API bill only)")
                              .arg(m_featureCombo->currentText()));

    const Theme &theme = m_context.app->theme->theme();
    QList<QPointF> total, api;
    QStringList months;
    double top = 0;
    for (size_t i = 0; i < cells.size(); ++i) {
        months << fmt::q(cells[i].group);
        const core::EconomicsLine &l = cells[i].line;
        if (!l.perThousand())
            continue; // no requests that month: no per-1k point
        total.append({double(i), axisValue(l.perThousand())});
        api.append({double(i), axisValue(l.apiPerThousand())});
        top = std::max(top, axisValue(l.perThousand()));
    }
    m_trendTotal->replace(total);
    m_trendApi->replace(api);
    m_trendTotal->setPen(QPen(infraColour(theme), 2.5));
    m_trendTotal->setColor(infraColour(theme));
    m_trendApi->setPen(QPen(apiColour(theme), 2, Qt::DashLine));
    m_trendApi->setColor(apiColour(theme));
    m_trendMonths->clear();
    m_trendMonths->append(months.isEmpty() ? QStringList{QString()} : months);
    m_trendDollars->setRange(0, top > 0 ? top * 1.15 : 1.0);
    m_trendDollars->applyNiceNumbers();
    QtChartCanvas::styleChart(m_trend->chart(), theme);
    chartinteraction::toggleSeriesFromLegend(m_trend->chart(), theme);
}

void EconomicsView::showBreakevenChart()
{
    QChart *chart = m_curves->chart();
    chart->removeAllSeries();
    const Theme &theme = m_context.app->theme->theme();
    double maxRate = 1, lo = 0.5, hi = 2;
    const auto see = [&](double rate, double ratio) {
        maxRate = std::max(maxRate, rate);
        if (ratio > 0) {
            lo = std::min(lo, ratio);
            hi = std::max(hi, ratio);
        }
    };
    std::vector<QXYSeries *> all;
    if (m_breakeven) {
        auto *crossings = new QScatterSeries;
        crossings->setName(tr("Break-even"));
        crossings->setMarkerSize(12);
        crossings->setColor(theme.text);
        crossings->setBorderColor(theme.panel);
        for (size_t i = 0; i < m_breakeven->tiers.size(); ++i) {
            const core::TierBreakeven &t = m_breakeven->tiers[i];
            auto *line = new QLineSeries;
            line->setName(fmt::q(t.tier.name));
            line->setPen(QPen(tierColour(i, theme), 2.5));
            line->setColor(tierColour(i, theme));
            line->setPointsVisible(true);
            for (const core::BreakevenPoint &p : t.points) {
                line->append(p.ratePerS, p.ratio);
                see(p.ratePerS, p.ratio);
            }
            all.push_back(line);
            if (t.breakevenRps)
                crossings->append(*t.breakevenRps, 1.0);
        }
        for (size_t i = 0; i < m_breakeven->tiers.size() && !m_breakeven->pods.empty(); ++i) {
            auto *pods = new QScatterSeries;
            pods->setName(tr("Pods vs %1").arg(fmt::q(m_breakeven->tiers[i].tier.name)));
            pods->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
            pods->setMarkerSize(11);
            pods->setColor(tierColour(i, theme));
            pods->setBorderColor(theme.text);
            for (const core::PodStanding &p : m_breakeven->pods) {
                pods->append(p.pod.measured.totals.ratePerS, p.atItsRate[i].ratio);
                see(p.pod.measured.totals.ratePerS, p.atItsRate[i].ratio);
            }
            all.push_back(pods);
        }
        all.push_back(crossings);
    }
    auto *parity = new QLineSeries;
    parity->setName(tr("Parity"));
    parity->setPen(QPen(theme.mutedText, 1.5, Qt::DashLine));
    parity->setColor(theme.mutedText);
    const double xMax = std::ceil(maxRate * 1.05);
    parity->append(0, 1);
    parity->append(xMax, 1);
    all.insert(all.begin(), parity);
    for (QXYSeries *s : all) {
        chart->addSeries(s);
        s->attachAxis(m_curveRate);
        s->attachAxis(m_curveRatio);
    }
    m_curveRate->setRange(0, xMax);
    m_curveRate->setTickCount(int(xMax) + 1 <= 11 ? int(xMax) + 1 : 6);
    for (QLegendMarker *marker : chart->legend()->markers(parity))
        marker->setVisible(false); // the dashed line at 1 is labelled by the subtitle
    m_curveRatio->setRange(std::pow(10.0, std::floor(std::log10(lo / 1.2))),
                           std::pow(10.0, std::ceil(std::log10(hi * 1.2))));
    QtChartCanvas::styleChart(chart, theme);
    chartinteraction::toggleSeriesFromLegend(chart, theme);
}

} // namespace unalloc::ui
