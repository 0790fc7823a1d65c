// MeterView: filling the charts and the headline figures from core's meter snapshot.
#include "meterview.h"

#include "ui/charts/groupedbarchart.h"
#include "ui/charts/sweepchart.h"
#include "ui/format.h"
#include "ui/models/metersweepmodel.h"
#include "ui/themecontroller.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"

#include <QComboBox>

namespace unalloc::ui {

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

} // namespace

void MeterView::applyTheme()
{
    m_bars->setTheme(m_context.app->theme->theme());
    m_sweepChart->setTheme(m_context.app->theme->theme());
    showBars();
    showSweep();
}

void MeterView::showBars()
{
    const Theme &theme = m_context.app->theme->theme();
    std::vector<GroupedBarChart::Series> series;
    for (core::MeterKind kind : core::telemetryMeterKinds())
        series.push_back({MeterShareModel::meterName(kind), meterColour(kind, theme)});
    std::vector<GroupedBarChart::Group> groups;
    if (m_meters) {
        for (size_t r = 0; r < m_meters->shownRows(); ++r) {
            const core::MeterRow &head = m_meters->splits.front().rows[r];
            GroupedBarChart::Group g;
            g.label = tenantName(head);
            g.hatched = head.overhead;
            for (core::MeterKind kind : core::telemetryMeterKinds()) {
                const core::Decimal pct = core::Decimal::percent(m_meters->shownShare(kind, r),
                                                                 core::Decimal::fromInt(1), 1);
                const core::Money month = m_meters->monthlyAmount(kind, r);
                g.bars.push_back({pct.toDouble(), fmt::number(pct, locale(), 1),
                                  tr("%1 · %2: %3 · %4 a month")
                                      .arg(g.label, MeterShareModel::meterName(kind),
                                           fmt::percent(pct, locale()),
                                           fmt::money(month.amount, month.currency, locale()))});
            }
            groups.push_back(std::move(g));
        }
    }
    m_bars->setData(std::move(series), std::move(groups), tr("share of the pod"));
    m_bars->setEmptyText(tr("No pod with request telemetry."));
    if (m_meters)
        m_barsPanel->setSubtitle(
            m_meters->policy == core::OverheadPolicy::Keep
                ? tr("Tenants by %1; idle GPU time and unused KV memory kept as overhead (hatched)")
                      .arg(fmt::q(m_meters->tenantKey))
                : tr("Tenants by %1; overhead redistributed in proportion to direct shares")
                      .arg(fmt::q(m_meters->tenantKey)));
}

void MeterView::showSweep()
{
    if (m_sweepPoints.empty())
        return;
    const Theme &theme = m_context.app->theme->theme();
    std::vector<QString> rates;
    for (const core::SweepPoint &p : m_sweepPoints)
        rates.push_back(locale().toString(p.ratePerS, 'g', 3));
    auto line = [&](core::MeterKind kind, const QString &name, auto value, bool dashed) {
        SweepChart::Line l{name, meterColour(kind, theme), {}, {}, dashed};
        for (const core::SweepPoint &p : m_sweepPoints) {
            const core::Decimal pct =
                core::Decimal::percent(value(p), core::Decimal::fromInt(1), 1);
            l.values.push_back(pct.toDouble());
            l.toolTips.push_back(
                tr("%1 at %2 req/s: %3 overhead")
                    .arg(name, locale().toString(p.ratePerS, 'g', 3), fmt::percent(pct, locale())));
        }
        return l;
    };
    std::vector<SweepChart::Line> lines{
        line(
            core::MeterKind::StepTime, tr("Step time (idle GPU)"),
            [](const core::SweepPoint &p) { return p.stepTimeOverhead; }, false),
        line(
            core::MeterKind::KvBlockSeconds, tr("KV blocks (unheld memory)"),
            [](const core::SweepPoint &p) { return p.kvOverhead; }, false),
        line(
            core::MeterKind::TimeShare, tr("Time share (idle ticks)"),
            [](const core::SweepPoint &p) { return p.timeShareOverhead; }, false),
        line(
            core::MeterKind::Tokens, tr("Tokens, list price (none)"),
            [](const core::SweepPoint &) { return core::Decimal(); }, true),
    };
    m_sweepChart->setData(std::move(rates), std::move(lines), tr("request rate (req/s)"),
                          tr("overhead (% of the bill)"));
}

void MeterView::showFigures()
{
    if (!m_meters) {
        for (FigureCard *card : {m_cost, m_requests, m_largest, m_applied})
            card->setValue(QStringLiteral("\u2014"), QString());
        return;
    }
    const core::MeterSnapshot &m = *m_meters;
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
