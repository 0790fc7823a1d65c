// TrendsView: the stacked bars, the U/F lines, the comparison table and their tooltips,
// filled from core's TrendsSnapshot (no figure is computed here).
#include "trendsview.h"

#include "ui/charts/chartinteraction.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/format.h"
#include "ui/models/trendcomparisonmodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDate>
#include <QFontMetrics>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace unalloc::ui {

namespace {

QDate dateOf(std::int32_t day)
{
    return QDate(1970, 1, 1).addDays(day);
}

/// A calm colour per owner rank, clear of the rose of unallocated spend and of the amber of
/// fallback spend.
QColor ownerColour(size_t rank, const Theme &theme)
{
    static const QColor light[] = {QColor(0x25, 0x63, 0xeb), QColor(0x0f, 0x76, 0x6e),
                                   QColor(0x7c, 0x3a, 0xed), QColor(0x65, 0xa3, 0x0d),
                                   QColor(0x08, 0x91, 0xb2), QColor(0x43, 0x38, 0xca),
                                   QColor(0x92, 0x40, 0x0e), QColor(0x47, 0x55, 0x69)};
    static const QColor dark[] = {QColor(0x60, 0xa5, 0xfa), QColor(0x2d, 0xd4, 0xbf),
                                  QColor(0xa7, 0x8b, 0xfa), QColor(0xa3, 0xe6, 0x35),
                                  QColor(0x22, 0xd3, 0xee), QColor(0x81, 0x8c, 0xf8),
                                  QColor(0xd9, 0x9a, 0x6c), QColor(0x94, 0xa3, 0xb8)};
    return theme.dark ? dark[rank % 8] : light[rank % 8];
}

QColor othersColour(const Theme &theme)
{
    return theme.dark ? QColor(0x6b, 0x72, 0x80) : QColor(0xc4, 0xc9, 0xd1);
}

void clearCategories(QCategoryAxis *axis)
{
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
}

} // namespace

void TrendsView::buildCharts()
{
    QChart *bars = m_bars->chart();
    m_barPeriods = new QCategoryAxis;
    m_barPeriods->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_barPeriods->setGridLineVisible(false);
    m_barAmounts = new QValueAxis;
    m_barAmounts->setLabelFormat(QStringLiteral("%.0f"));
    bars->addAxis(m_barPeriods, Qt::AlignBottom);
    bars->addAxis(m_barAmounts, Qt::AlignLeft);
    bars->legend()->setAlignment(Qt::AlignBottom);
    // Amount labels with the locale's grouping ("100,000", German "100.000").
    bars->setLocalizeNumbers(true);
    bars->setLocale(locale());

    QChart *lines = m_lines->chart();
    m_uLine = new QLineSeries;
    m_uLine->setName(tr("U — unallocated"));
    m_fLine = new QLineSeries;
    m_fLine->setName(tr("F — via fallback"));
    m_linePeriods = new QCategoryAxis;
    m_linePeriods->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_linePeriods->setGridLineVisible(false);
    m_linePercent = new QValueAxis;
    m_linePercent->setLabelFormat(QStringLiteral("%.0f %")); // localised: no printf escaping
    m_linePercent->setTitleText(tr("% of spend"));
    lines->addAxis(m_linePeriods, Qt::AlignBottom);
    lines->addAxis(m_linePercent, Qt::AlignLeft);
    for (QLineSeries *s : {m_uLine, m_fLine}) {
        lines->addSeries(s);
        s->attachAxis(m_linePeriods);
        s->attachAxis(m_linePercent);
        connect(s, &QLineSeries::hovered, this, [this, s](const QPointF &point, bool state) {
            const long i = std::lround(point.x());
            showHover(m_lines, state && m_trends && i >= 0 && size_t(i) < m_trends->periods.size()
                                   ? periodToolTip(size_t(i))
                                   : QString());
        });
    }
    lines->legend()->setAlignment(Qt::AlignBottom);
    for (QLineSeries *s : {m_uLine, m_fLine}) {
        for (QLegendMarker *marker : lines->legend()->markers(s)) {
            connect(marker, &QLegendMarker::clicked, this, [this, s, marker] {
                s->setVisible(!s->isVisible());
                marker->setVisible(true); // a hidden series keeps its (faint) legend entry
                chartinteraction::dimMarker(marker, !s->isVisible(), m_context.app->theme->theme());
            });
        }
    }
}

void TrendsView::applyTheme()
{
    const Theme &theme = m_context.app->theme->theme();
    m_bars->setTheme(theme);
    m_lines->setTheme(theme);
    showBars();
    showLines();
}

QString TrendsView::seriesName(const core::TrendSeries &series) const
{
    switch (series.kind) {
    case core::TrendSeries::Kind::Others:
        return tr("+ %n smaller owner(s)", nullptr, series.folded);
    case core::TrendSeries::Kind::Unallocated:
        return tr("no owner (hatched)");
    case core::TrendSeries::Kind::Owner:
        break;
    }
    return fmt::q(series.key);
}

std::string TrendsView::hiddenKey(const core::TrendSeries &series) const
{
    // Others has no key of its own; an owner value never starts with a control character.
    return series.kind == core::TrendSeries::Kind::Others ? std::string("\x01others") : series.key;
}

QString TrendsView::periodName(size_t period) const
{
    const core::TrendPeriod &p = m_trends->periods[period];
    const QDate from = dateOf(p.fromDay), last = dateOf(p.toDay - 1);
    if (m_trends->step == core::TrendStep::Day)
        return fmt::date(from, locale());
    if (m_trends->step == core::TrendStep::Month && from.day() == 1 &&
        last.day() == last.daysInMonth())
        return locale().toString(from, QStringLiteral("MMMM yyyy"));
    return tr("%1 to %2").arg(fmt::date(from, locale()), fmt::date(last, locale()));
}

bool TrendsView::isSeriesHidden(size_t series) const
{
    return m_trends && series < m_trends->series.size() &&
           m_hidden.count(hiddenKey(m_trends->series[series])) > 0;
}

void TrendsView::toggleSeries(size_t series)
{
    if (!m_trends || series >= m_trends->series.size())
        return;
    const std::string key = hiddenKey(m_trends->series[series]);
    if (!m_hidden.erase(key))
        m_hidden.insert(key);
    showBars();
    labelAxes();
}

void TrendsView::showBars()
{
    QChart *chart = m_bars->chart();
    const Theme &theme = m_context.app->theme->theme();
    // New series each time: the legend of a cleared bar series loses its markers.
    for (QAbstractSeries *old : {static_cast<QAbstractSeries *>(m_barSeries),
                                 static_cast<QAbstractSeries *>(m_partialMarks)}) {
        if (old) {
            chart->removeSeries(old);
            delete old;
        }
    }
    m_barSeries = new QStackedBarSeries;
    m_barSeries->setBarWidth(0.8);
    m_partialMarks = new QScatterSeries;
    m_partialMarks->setName(tr("partial batch"));
    m_partialMarks->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    m_partialMarks->setMarkerSize(11);
    m_partialMarks->setColor(theme.partial);
    m_partialMarks->setBorderColor(theme.panel);
    std::vector<bool> hidden;
    size_t rank = 0;
    const size_t periods = m_trends ? m_trends->periods.size() : 0;
    if (m_trends) {
        for (size_t s = 0; s < m_trends->series.size(); ++s) {
            const core::TrendSeries &series = m_trends->series[s];
            hidden.push_back(isSeriesHidden(s));
            auto *set = new QBarSet(seriesName(series));
            QList<qreal> values;
            values.reserve(qsizetype(periods));
            for (const core::Decimal &amount : series.amounts)
                values.append(hidden.back() ? 0.0 : amount.toDouble()); // axis position only
            set->append(values);
            switch (series.kind) {
            case core::TrendSeries::Kind::Owner:
                set->setColor(ownerColour(rank++, theme));
                set->setBorderColor(theme.panel);
                break;
            case core::TrendSeries::Kind::Others:
                set->setColor(othersColour(theme));
                set->setBorderColor(theme.panel);
                break;
            case core::TrendSeries::Kind::Unallocated:
                set->setBrush(theme.unallocatedBrush());
                set->setPen(QPen(theme.unallocated, 1));
                break;
            }
            connect(set, &QBarSet::hovered, this, [this, s](bool status, int index) {
                showHover(m_bars, status ? barToolTip(s, size_t(index)) : QString());
            });
            m_barSeries->append(set);
        }
    }
    chart->addSeries(m_barSeries);
    m_barSeries->attachAxis(m_barPeriods);
    m_barSeries->attachAxis(m_barAmounts);
    const double top = m_trends ? m_trends->largestStack(hidden).toDouble() : 0.0;
    // Headroom above the tallest bar for the partial-batch marks.
    m_barAmounts->setRange(0, top > 0 ? top * 1.12 : 1.0);
    m_barAmounts->applyNiceNumbers();
    const double markY = m_barAmounts->max() * 0.96;
    for (size_t i = 0; m_trends && i < m_trends->partial.size(); ++i)
        if (!m_trends->partial[i].empty())
            m_partialMarks->append(double(i), markY);
    chart->addSeries(m_partialMarks);
    m_partialMarks->attachAxis(m_barPeriods);
    m_partialMarks->attachAxis(m_barAmounts);
    connect(m_partialMarks, &QScatterSeries::hovered, this, [this](const QPointF &p, bool state) {
        const long i = std::lround(p.x());
        showHover(m_bars, state && m_trends && i >= 0 && size_t(i) < m_trends->periods.size()
                              ? periodToolTip(size_t(i))
                              : QString());
    });
    // Marks only when there is something to mark: an empty legend entry would puzzle.
    for (QLegendMarker *marker : chart->legend()->markers(m_partialMarks)) {
        marker->setVisible(m_partialMarks->count() > 0);
        connect(marker, &QLegendMarker::clicked, this, [this, marker] {
            m_partialMarks->setVisible(!m_partialMarks->isVisible());
            marker->setVisible(true);
            chartinteraction::dimMarker(marker, !m_partialMarks->isVisible(),
                                        m_context.app->theme->theme());
        });
    }
    const QList<QLegendMarker *> markers = chart->legend()->markers(m_barSeries);
    for (qsizetype i = 0; i < markers.size(); ++i) {
        chartinteraction::onLegendClickRebuild(markers[i], this,
                                               [this, i] { toggleSeries(size_t(i)); });
    }
    m_barPeriods->setRange(-0.5, periods > 0 ? double(periods) - 0.5 : 0.5);
    const QString currency = m_trends ? fmt::q(m_trends->currency.code()) : QStringLiteral("USD");
    const QString per = !m_trends                                 ? QString()
                        : m_trends->step == core::TrendStep::Day  ? tr("%1 per day")
                        : m_trends->step == core::TrendStep::Week ? tr("%1 per week")
                                                                  : tr("%1 per month");
    m_barAmounts->setTitleText(per.isEmpty() ? currency : per.arg(currency));
    const QString dimension =
        m_snapshot ? fmt::q(m_snapshot->request.ownerKey) : QStringLiteral("owner");
    m_barsPanel->setTitle(tr("Spend by %1 over time").arg(dimension));
    QtChartCanvas::styleChart(chart, theme);
    for (qsizetype i = 0; i < markers.size(); ++i)
        chartinteraction::dimMarker(markers[i], size_t(i) < hidden.size() && hidden[size_t(i)],
                                    theme);
}

void TrendsView::showLines()
{
    const Theme &theme = m_context.app->theme->theme();
    QList<QPointF> u, f;
    const size_t periods = m_trends ? m_trends->periods.size() : 0;
    for (size_t i = 0; i < periods; ++i) {
        const core::AttributionReport &r = m_trends->periods[i].report;
        if (r.rowCount == 0)
            continue; // no rows: no share to draw
        u.append({double(i), r.unallocatedPct(1).toDouble()});
        f.append({double(i), r.fallbackPct(1).toDouble()});
    }
    m_uLine->replace(u);
    m_fLine->replace(f);
    m_uLine->setPen(QPen(theme.unallocated, 2.5));
    m_uLine->setColor(theme.unallocated);
    m_fLine->setPen(QPen(theme.fallback, 2.5, Qt::DashLine));
    m_fLine->setColor(theme.fallback);
    // Points help while they are few enough to tell apart.
    for (QLineSeries *s : {m_uLine, m_fLine})
        s->setPointsVisible(periods <= 45);
    m_linePeriods->setRange(-0.5, periods > 0 ? double(periods) - 0.5 : 0.5);
    m_linePercent->setRange(0, 100);
    m_linePercent->setTickCount(6);
    QtChartCanvas::styleChart(m_lines->chart(), theme);
    for (QLineSeries *s : {m_uLine, m_fLine})
        for (QLegendMarker *marker : m_lines->chart()->legend()->markers(s))
            chartinteraction::dimMarker(marker, !s->isVisible(), theme);
}

void TrendsView::showComparison()
{
    m_comparison->setComparison(m_trends ? m_trends->comparison : std::nullopt);
    const auto window = [this](const core::DayWindow &w) {
        const QDate from = dateOf(w.fromDay), last = dateOf(w.toDay - 1);
        if (from.day() == 1 && last.day() == last.daysInMonth() && from.month() == last.month() &&
            from.year() == last.year())
            return locale().toString(from, QStringLiteral("MMMM yyyy"));
        if (from == last)
            return fmt::date(from, locale());
        return tr("%1 to %2").arg(fmt::date(from, locale()), fmt::date(last, locale()));
    };
    if (!m_trends || !m_trends->comparison) {
        m_tablePanel->setTitle(tr("This period vs the previous one"));
        m_tablePanel->setSubtitle(tr("No rows in this period and these sources."));
        m_summary->setText(m_trends ? tr("No rows in this period and these sources.") : QString());
        return;
    }
    const core::PeriodComparison &c = *m_trends->comparison;
    m_tablePanel->setTitle(tr("%1 vs %2").arg(window(c.current), window(c.previous)));
    const QString pct = c.changePct
                            ? (*c.changePct > core::Decimal{} ? QStringLiteral("+") : QString()) +
                                  fmt::percent(*c.changePct, locale())
                            : TrendComparisonModel::none();
    m_tablePanel->setSubtitle(tr("Total %1 against %2: %3")
                                  .arg(fmt::money(c.total, c.currency, locale()),
                                       fmt::money(c.previousTotal, c.currency, locale()), pct));
    qint64 rows = 0;
    for (const core::TrendPeriod &p : m_trends->periods)
        rows += p.report.rowCount;
    size_t partial = 0;
    for (const auto &list : m_trends->partial)
        partial += list.empty() ? 0 : 1;
    QString summary = tr("%1 · %n period(s) · %2 rows", nullptr, int(m_trends->periods.size()))
                          .arg(window(c.current), fmt::count(rows, locale()));
    if (partial > 0)
        summary += QStringLiteral(" · ") +
                   tr("%n period(s) rest on a partial batch (▲)", nullptr, int(partial));
    m_summary->setText(summary);
    m_barsPanel->setSubtitle(tr("Largest owner at the bottom, <unallocated> hatched on top"));
}

void TrendsView::labelAxes()
{
    const size_t n = m_trends ? m_trends->periods.size() : 0;
    const bool spansYears = n > 0 && dateOf(m_trends->periods.front().fromDay).year() !=
                                         dateOf(m_trends->periods.back().fromDay).year();
    const auto shortLabel = [&](size_t i) {
        const QDate d = dateOf(m_trends->periods[i].fromDay);
        if (m_trends->step == core::TrendStep::Month)
            return locale().toString(d, QStringLiteral("MMM yyyy"));
        const bool german = locale().language() == QLocale::German;
        if (spansYears)
            return locale().toString(d, german ? QStringLiteral("dd.MM.yy")
                                               : QStringLiteral("d MMM yy"));
        return locale().toString(d, german ? QStringLiteral("dd.MM.") : QStringLiteral("d MMM"));
    };
    for (auto [axis, canvas] :
         {std::pair{m_barPeriods, m_bars}, std::pair{m_linePeriods, m_lines}}) {
        clearCategories(axis);
        if (n == 0)
            continue;
        // As many labels as fit side by side with a gap, every k-th period otherwise.
        const QFontMetrics metrics(axis->labelsFont());
        const int widest = metrics.horizontalAdvance(shortLabel(0)) + 18;
        const int width = std::max(200, canvas->width() - 90);
        const size_t fit = std::max<size_t>(2, size_t(width / std::max(1, widest)));
        size_t stride = (n + fit - 1) / fit;
        if (m_trends->step == core::TrendStep::Day && stride > 1 && stride <= 7)
            stride = stride <= 2 ? 2 : 7; // every other day, or weekly
        axis->setStartValue(-0.5);
        for (size_t i = 0; i < n; i += stride)
            axis->append(shortLabel(i), double(i));
    }
}

void TrendsView::showHover(QtChartCanvas *canvas, const QString &text)
{
    m_hoverTip = text;
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(QCursor::pos(), text, canvas->chartView());
}

QString TrendsView::barToolTip(size_t series, size_t period) const
{
    if (!m_trends || series >= m_trends->series.size() || period >= m_trends->periods.size())
        return {};
    const core::TrendSeries &s = m_trends->series[series];
    const core::AttributionReport &r = m_trends->periods[period].report;
    return tr("%1 · %2\n%3 · %4 of %5\n%n row(s)", nullptr, int(s.rows[period]))
        .arg(seriesName(s), periodName(period),
             fmt::moneyExact(s.amounts[period], m_trends->currency, locale()),
             fmt::percent(m_trends->sharePct(series, period), locale()),
             fmt::money(r.total, m_trends->currency, locale()));
}

QString TrendsView::periodToolTip(size_t period) const
{
    if (!m_trends || period >= m_trends->periods.size())
        return {};
    const core::AttributionReport &r = m_trends->periods[period].report;
    const core::Currency &cur = m_trends->currency;
    QString text = periodName(period) + QLatin1Char('\n');
    if (r.rowCount == 0) {
        text += tr("no rows");
    } else {
        text += tr("Total %1 · %n row(s)", nullptr, int(r.rowCount))
                    .arg(fmt::moneyExact(r.total, cur, locale()));
        text += QLatin1Char('\n') + tr("U %1 (%2) · F %3 (%4)")
                                        .arg(fmt::percent(r.unallocatedPct(1), locale()),
                                             fmt::money(r.unallocated, cur, locale()),
                                             fmt::percent(r.fallbackPct(1), locale()),
                                             fmt::money(r.fallbackTotal, cur, locale()));
    }
    for (const core::PartialBatch &b : m_trends->partial[period])
        text +=
            QLatin1Char('\n') + tr("Partial: batch %1 (%2): %3")
                                    .arg(QString::number(b.id), fmt::q(b.source), fmt::q(b.reason));
    return text;
}

} // namespace unalloc::ui
