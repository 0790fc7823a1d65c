// ReconciliationView: its two Qt Charts bar charts, the widget rows above them (status pill,
// delta, what is counted twice), hover texts, legend toggles and drill-through, all filled
// from the snapshot (every figure comes from core).
#include "reconciliationview.h"

#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/reconstatus.h"
#include "ui/themecontroller.h"
#include "ui/widgets/seambanner.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

namespace unalloc::ui {

using chartinteraction::dimMarker;

namespace {

QString gatewayTitle()
{
    QStringList names;
    for (const std::string &g : core::OverlapOptions().gatewaySources)
        names << SeamBanner::sourceTitle(g);
    return names.join(QStringLiteral(", "));
}

QColor overlapColour(const Theme &theme)
{
    return theme.critical;
}
QColor residualColour(const Theme &theme)
{
    return theme.ownerLabel;
}
QColor excessColour(const Theme &theme)
{
    return theme.fallback;
}

/// An invoice bar: the text colour, light, so that the ledger bar in its source's colour
/// stays the eye-catcher.
QColor invoiceColour(const Theme &theme)
{
    QColor c = theme.text;
    c.setAlphaF(theme.dark ? 0.45f : 0.35f);
    return c;
}

/// Removes every row of a grid (and deletes its widgets).
void clearGrid(QWidget *host)
{
    for (QWidget *w : host->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
        delete w;
    delete host->layout();
}

QLabel *label(const QString &text, const char *name, const QColor &colour, bool bold = false)
{
    auto *l = new QLabel(text);
    l->setObjectName(QLatin1String(name));
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette p = l->palette();
    if (colour.isValid())
        p.setColor(QPalette::WindowText, colour);
    l->setPalette(p);
    if (bold) {
        QFont f = l->font();
        f.setBold(true);
        l->setFont(f);
    }
    return l;
}

/// A status pill: the status on its colour (white in the light theme; the dark theme's status
/// colours are light, so the panel's dark colour there).
QLabel *pill(const QString &text, const QColor &colour, const Theme &theme)
{
    auto *l = new QLabel(text);
    l->setObjectName(QStringLiteral("reconStatus"));
    l->setAlignment(Qt::AlignCenter);
    l->setStyleSheet(
        QStringLiteral("QLabel { background: %1; color: %2; border-radius: 8px; "
                       "padding: 1px 8px; font-weight: 600; }")
            .arg(colour.name(), theme.dark ? theme.panel.name() : QStringLiteral("white")));
    return l;
}

/// The value axis of a bar chart: from 0 to a little beyond the longest bar.
void fitAmounts(QValueAxis *axis, double largest)
{
    axis->setRange(0, largest > 0 ? largest * 1.05 : 1.0);
    axis->applyNiceNumbers();
}

} // namespace

void ReconciliationView::buildCharts()
{
    for (auto [canvas, rows, amounts] :
         {std::tuple{m_reconChart, &m_reconRowsAxis, &m_reconAmounts},
          std::tuple{m_overlapChart, &m_overlapRowsAxis, &m_overlapAmounts}}) {
        QChart *chart = canvas->chart();
        *rows = new QBarCategoryAxis;
        *amounts = new QValueAxis;
        (*amounts)->setLabelFormat(QStringLiteral("%.0f"));
        chart->addAxis(*rows, Qt::AlignLeft);
        chart->addAxis(*amounts, Qt::AlignBottom);
        chart->legend()->setAlignment(Qt::AlignBottom);
        chart->setLocalizeNumbers(true); // amount labels "4.000" in German
        chart->setLocale(locale());
    }
}

QString ReconciliationView::reconToolTip(size_t line, bool invoice) const
{
    if (!m_snapshot || line >= m_snapshot->seams.recon.lines.size())
        return {};
    const core::PeriodReconLine &pl = m_snapshot->seams.recon.lines[line];
    const core::ReconLine &r = pl.line;
    const auto exact = [&](const core::Decimal &d) {
        return fmt::moneyExact(d, pl.currency, locale());
    };
    QStringList lines{tr("%1 · %2").arg(fmt::q(r.source), recon::periodText(pl, locale()))};
    lines << (invoice ? tr("invoice %1").arg(r.invoice ? exact(*r.invoice) : tr("none"))
                      : tr("ledger %1").arg(exact(r.ledger)));
    lines << (invoice ? tr("ledger %1").arg(exact(r.ledger))
                      : (r.invoice ? tr("invoice %1").arg(exact(*r.invoice)) : tr("no invoice")));
    if (r.delta && r.deltaPct)
        lines << tr("Δ %1 · %2 (%3)")
                     .arg(exact(*r.delta), fmt::percent(*r.deltaPct, locale()),
                          recon::statusText(r.status));
    else
        lines << recon::statusText(r.status);
    if (r.coveragePct)
        lines << tr("coverage %1").arg(fmt::percent(*r.coveragePct, locale()));
    lines << tr("Click to show the rows of %1").arg(fmt::q(r.source));
    return lines.join(QLatin1Char('\n'));
}

std::optional<DrillTarget> ReconciliationView::reconDrill(size_t line) const
{
    if (!m_snapshot || line >= m_snapshot->seams.recon.lines.size())
        return std::nullopt;
    const QString source = fmt::q(m_snapshot->seams.recon.lines[line].line.source);
    return DrillTarget::ledgerRows(filterTerm(QStringLiteral("source"), source),
                                   tr("Show the rows of %1").arg(source));
}

std::optional<DrillTarget> ReconciliationView::overlapDrill(size_t provider) const
{
    if (!m_snapshot || provider >= m_snapshot->seams.overlap.providers.size())
        return std::nullopt;
    const QString source = fmt::q(m_snapshot->seams.overlap.providers[provider].provider);
    return DrillTarget::ledgerRows(filterTerm(QStringLiteral("source"), source),
                                   tr("Show the rows of %1").arg(source));
}

void ReconciliationView::toggleReconSet(const QString &name)
{
    if (!m_hiddenRecon.erase(name))
        m_hiddenRecon.insert(name);
    if (m_snapshot)
        showReconChart(*m_snapshot);
}

void ReconciliationView::toggleOverlapPart(int part)
{
    if (!m_hiddenOverlap.erase(part))
        m_hiddenOverlap.insert(part);
    if (m_snapshot)
        showOverlapChart(*m_snapshot);
}

void ReconciliationView::showReconRows(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    clearGrid(m_reconRows);
    auto *grid = new QGridLayout(m_reconRows);
    grid->setContentsMargins(8, 4, 8, 0);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(3);
    int row = 0;
    for (const core::PeriodReconLine &pl : s.seams.recon.lines) {
        const core::ReconLine &r = pl.line;
        const auto money = [&](const core::Decimal &d) {
            return fmt::money(d, pl.currency, locale());
        };
        QString delta = tr("nothing to check against");
        if (r.delta && r.deltaPct)
            delta = tr("Δ %1 · %2").arg(money(*r.delta), fmt::percent(*r.deltaPct, locale()));
        else if (r.delta)
            delta = tr("Δ %1").arg(money(*r.delta));
        const QColor colour = recon::statusColour(r.status, theme);
        // The billing period is in the table below, the hover text and the provider's tool
        // tip: the row stays narrow enough for the two charts side by side.
        QLabel *provider = label(fmt::q(r.source), "reconProvider", theme.text, true);
        provider->setToolTip(recon::periodText(pl, locale()));
        grid->addWidget(provider, row, 0);
        grid->addWidget(pill(recon::statusText(r.status), colour, theme), row, 1);
        grid->addWidget(label(delta, "reconDelta", colour), row, 2);
        grid->addWidget(label(r.coveragePct
                                  ? tr("coverage %1").arg(fmt::percent(*r.coveragePct, locale()))
                                  : QString(),
                              "reconCoverage", theme.mutedText),
                        row, 3);
        ++row;
    }
    grid->setColumnStretch(4, 1);
    m_reconRows->setVisible(row > 0);
}

void ReconciliationView::showReconChart(const core::AnalysisSnapshot &s)
{
    showReconRows(s);
    QChart *chart = m_reconChart->chart();
    const Theme &theme = m_context.app->theme->theme();
    // New series each time: the legend of a cleared bar series loses its markers.
    if (m_reconSeries) {
        chart->removeSeries(m_reconSeries);
        delete m_reconSeries;
    }
    m_reconSeries = new QHorizontalStackedBarSeries;
    m_reconSeries->setBarWidth(0.7);
    const auto &lines = s.seams.recon.lines;
    const size_t n = lines.size();
    // Two rows per line, the first line on top (a horizontal chart lists bottom-up): its
    // ledger row, then its invoice row. One set per source so that each ledger bar keeps its
    // source's colour; one set for the invoices.
    const auto ledgerRow = [n](size_t i) {
        return int(2 * (n - 1 - i) + 1);
    };
    const auto invoiceRow = [n](size_t i) {
        return int(2 * (n - 1 - i));
    };
    std::vector<QString> sources;
    for (const core::PeriodReconLine &pl : lines)
        if (std::find(sources.begin(), sources.end(), fmt::q(pl.line.source)) == sources.end())
            sources.push_back(fmt::q(pl.line.source));
    std::map<QString, int> sourceCount;
    for (const core::PeriodReconLine &pl : lines)
        ++sourceCount[fmt::q(pl.line.source)];
    QStringList categories;
    for (size_t r = 0; r < 2 * n; ++r)
        categories << QString();
    double largest = 0;
    for (size_t i = 0; i < n; ++i) {
        const core::PeriodReconLine &pl = lines[i];
        QString name = fmt::q(pl.line.source);
        if (sourceCount[name] > 1) // the same provider in several billing periods
            name += QStringLiteral(" · ") + recon::periodText(pl, locale());
        // Category labels carry the status too: an export shows the chart, not the widgets.
        categories[ledgerRow(i)] =
            tr("%1 ledger (%2)").arg(name, recon::statusText(pl.line.status));
        categories[invoiceRow(i)] = tr("%1 invoice").arg(name);
        largest = std::max({largest, pl.line.ledger.toDouble(),
                            pl.line.invoice ? pl.line.invoice->toDouble() : 0.0});
    }
    const auto lineOfRow = [n](int row) {
        return n - 1 - size_t(row) / 2;
    };
    const auto addSet = [&](QBarSet *set, const QString &key) {
        connect(set, &QBarSet::hovered, this, [this, lineOfRow](bool status, int row) {
            chartinteraction::showTip(m_reconChart->chartView(),
                                      status ? reconToolTip(lineOfRow(row), row % 2 == 0)
                                             : QString());
        });
        connect(set, &QBarSet::clicked, this, [this, lineOfRow](int row) {
            if (const auto target = reconDrill(lineOfRow(row)))
                emit drillRequested(*target);
        });
        set->setPen(Qt::NoPen); // a zero-length bar leaves no mark
        set->setProperty("legendKey", key);
        m_reconSeries->append(set);
    };
    for (const QString &source : sources) {
        auto *set = new QBarSet(source); // its ledger bars, in its colour
        const bool hidden = isReconSetHidden(source);
        for (size_t r = 0; r < 2 * n; ++r)
            set->append(0.0);
        for (size_t i = 0; i < n; ++i)
            if (!hidden && fmt::q(lines[i].line.source) == source)
                set->replace(ledgerRow(i), lines[i].line.ledger.toDouble()); // axis position
        set->setColor(theme.sourceColour(source));
        addSet(set, source);
    }
    auto *invoices = new QBarSet(tr("invoice"));
    const QString invoiceKey = QStringLiteral("\x01invoice"); // no source starts with \x01
    for (size_t r = 0; r < 2 * n; ++r)
        invoices->append(0.0);
    for (size_t i = 0; i < n; ++i)
        if (lines[i].line.invoice && !isReconSetHidden(invoiceKey))
            invoices->replace(invoiceRow(i), lines[i].line.invoice->toDouble());
    invoices->setColor(invoiceColour(theme));
    addSet(invoices, invoiceKey);
    chart->addSeries(m_reconSeries);
    m_reconSeries->attachAxis(m_reconRowsAxis);
    m_reconSeries->attachAxis(m_reconAmounts);
    m_reconRowsAxis->clear();
    for (QString &c : categories)
        c = c.toHtmlEscaped(); // axis labels are rich text
    m_reconRowsAxis->append(categories.isEmpty() ? QStringList{QString()} : categories);
    fitAmounts(m_reconAmounts, largest);
    m_reconAmounts->setTitleText(lines.empty() ? QString() : fmt::q(lines.front().currency.code()));
    chart->setTitle(n == 0 ? tr("No ledger rows and no invoices in this period.") : QString());
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_reconSeries);
    QtChartCanvas::styleChart(chart, theme);
    const QList<QBarSet *> sets = m_reconSeries->barSets();
    for (qsizetype i = 0; i < markers.size() && i < sets.size(); ++i) {
        const QString key = sets[i]->property("legendKey").toString();
        chartinteraction::onLegendClickRebuild(markers[i], this,
                                               [this, key] { toggleReconSet(key); });
        dimMarker(markers[i], isReconSetHidden(key), theme);
    }
}

QString ReconciliationView::overlapToolTip(size_t provider, bool bill, int part) const
{
    if (!m_snapshot || provider >= m_snapshot->seams.overlap.providers.size())
        return {};
    const core::ProviderOverlap &p = m_snapshot->seams.overlap.providers[provider];
    const auto exact = [&](const core::Decimal &d) {
        return fmt::moneyExact(d, p.currency, locale());
    };
    const QString title = SeamBanner::sourceTitle(p.provider);
    const QString bar = bill ? tr("%1 bill %2").arg(title, exact(p.bill))
                             : tr("%1 gateway %2").arg(gatewayTitle(), exact(p.gateway));
    QString what;
    if (part == 0)
        what = tr("overlap %1: in both ledgers").arg(exact(p.overlap));
    else if (bill)
        what = tr("residual %1: bill spend that bypassed the gateway").arg(exact(p.residual));
    else
        what = tr("excess %1: gateway estimate above the bill").arg(exact(p.excess));
    QString text = title + QLatin1Char('\n') + what + QLatin1Char('\n') + bar;
    if (p.coveragePct)
        text +=
            QLatin1Char('\n') + tr("gateway covers %1").arg(fmt::percent(*p.coveragePct, locale()));
    if (bill)
        text += QLatin1Char('\n') + tr("Click to show the rows of %1").arg(fmt::q(p.provider));
    return text;
}

void ReconciliationView::showOverlapHeads(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::ReconciliationSnapshot &seams = s.seams;
    clearGrid(m_overlapHeads);
    auto *grid = new QGridLayout(m_overlapHeads);
    grid->setContentsMargins(8, 4, 8, 0);
    grid->setHorizontalSpacing(10);
    grid->setVerticalSpacing(3);
    int row = 0;
    for (const core::ProviderOverlap &p : seams.overlap.providers) {
        const auto money = [&](const core::Decimal &d) {
            return fmt::money(d, p.currency, locale());
        };
        const QString headline = seams.deduplicated
                                     ? tr("%1 removed (de-duplicated)").arg(money(p.overlap))
                                     : tr("%1 counted twice").arg(money(p.overlap));
        grid->addWidget(
            label(SeamBanner::sourceTitle(p.provider), "overlapProvider", theme.text, true), row,
            0);
        QLabel *counted = label(headline, "overlapHeadline", overlapColour(theme), true);
        counted->setToolTip(tr("gateway %1 · bill %2").arg(money(p.gateway), money(p.bill)));
        grid->addWidget(counted, row, 1);
        grid->addWidget(
            label(p.coveragePct
                      ? tr("gateway covers %1").arg(fmt::percent(*p.coveragePct, locale()))
                      : QString(),
                  "overlapCoverage", theme.mutedText),
            row, 2);
        ++row;
    }
    grid->setColumnStretch(3, 1);
    m_overlapHeads->setVisible(row > 0);
}

void ReconciliationView::showOverlapChart(const core::AnalysisSnapshot &s)
{
    showOverlapHeads(s);
    QChart *chart = m_overlapChart->chart();
    const Theme &theme = m_context.app->theme->theme();
    const core::ReconciliationSnapshot &seams = s.seams;
    if (m_overlapSeries) {
        chart->removeSeries(m_overlapSeries);
        delete m_overlapSeries;
    }
    m_overlapSeries = new QHorizontalStackedBarSeries;
    m_overlapSeries->setBarWidth(0.7);
    const auto &providers = seams.overlap.providers;
    const size_t n = providers.size();
    // Per provider, top down: the gateway's bar (overlap + excess), then the bill's (overlap
    // + residual); the overlap — the same dollars in both — comes first on both.
    const auto gatewayRow = [n](size_t i) {
        return int(2 * (n - 1 - i) + 1);
    };
    const auto billRow = [n](size_t i) {
        return int(2 * (n - 1 - i));
    };
    QStringList categories;
    for (size_t r = 0; r < 2 * n; ++r)
        categories << QString();
    auto *overlap = new QBarSet(tr("counted twice"));
    auto *excess = new QBarSet(tr("gateway excess"));
    auto *residual = new QBarSet(tr("bypassed the gateway"));
    const std::array<QBarSet *, 3> parts{overlap, excess, residual};
    for (QBarSet *set : parts)
        for (size_t r = 0; r < 2 * n; ++r)
            set->append(0.0);
    double largest = 0;
    const auto put = [&](int part, int row, const core::Decimal &d) {
        if (!isOverlapPartHidden(part))
            parts[size_t(part)]->replace(row, d.toDouble()); // axis position
    };
    for (size_t i = 0; i < n; ++i) {
        const core::ProviderOverlap &p = providers[i];
        const QString title = SeamBanner::sourceTitle(p.provider);
        categories[gatewayRow(i)] = tr("%1 gateway → %2").arg(gatewayTitle(), title);
        categories[billRow(i)] = tr("%1 bill").arg(title);
        put(0, gatewayRow(i), p.overlap);
        put(0, billRow(i), p.overlap);
        put(1, gatewayRow(i), p.excess);
        put(2, billRow(i), p.residual);
        largest = std::max({largest, p.gateway.toDouble(), p.bill.toDouble()});
    }
    QBrush hatch(overlapColour(theme), Qt::BDiagPattern);
    overlap->setBrush(hatch);
    overlap->setColor(overlapColour(theme));
    excess->setColor(excessColour(theme));
    residual->setColor(residualColour(theme));
    const auto lineOfRow = [n](int row) {
        return n - 1 - size_t(row) / 2;
    };
    for (int part = 0; part < 3; ++part) {
        QBarSet *set = parts[size_t(part)];
        set->setPen(Qt::NoPen); // a zero-length bar leaves no mark
        connect(set, &QBarSet::hovered, this, [this, lineOfRow, part](bool status, int row) {
            chartinteraction::showTip(m_overlapChart->chartView(),
                                      status ? overlapToolTip(lineOfRow(row), row % 2 == 0, part)
                                             : QString());
        });
        connect(set, &QBarSet::clicked, this, [this, lineOfRow](int row) {
            if (row % 2 != 0)
                return; // gateway rows: the filter line cannot name the provider they reach
            if (const auto target = overlapDrill(lineOfRow(row)))
                emit drillRequested(*target);
        });
        m_overlapSeries->append(set);
    }
    chart->addSeries(m_overlapSeries);
    m_overlapSeries->attachAxis(m_overlapRowsAxis);
    m_overlapSeries->attachAxis(m_overlapAmounts);
    m_overlapRowsAxis->clear();
    for (QString &c : categories)
        c = c.toHtmlEscaped(); // axis labels are rich text
    m_overlapRowsAxis->append(categories.isEmpty() ? QStringList{QString()} : categories);
    fitAmounts(m_overlapAmounts, largest);
    m_overlapAmounts->setTitleText(n == 0 ? QString() : fmt::q(seams.overlapCurrency.code()));
    chart->setTitle(n == 0 ? tr("No double counting: no %1 gateway row routes to a provider "
                                "whose bill is in this period and these sources.")
                                 .arg(gatewayTitle())
                           : QString());
    QtChartCanvas::styleChart(chart, theme);
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_overlapSeries);
    for (qsizetype i = 0; i < markers.size() && i < 3; ++i) {
        const int part = int(i);
        chartinteraction::onLegendClickRebuild(markers[i], this,
                                               [this, part] { toggleOverlapPart(part); });
        dimMarker(markers[i], isOverlapPartHidden(part), theme);
    }
}

} // namespace unalloc::ui
