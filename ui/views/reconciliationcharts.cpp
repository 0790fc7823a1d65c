// ReconciliationView: feeding its two charts from the snapshot (figures come from core).
#include "reconciliationview.h"

#include "ui/charts/overlapchart.h"
#include "ui/charts/reconbarchart.h"
#include "ui/format.h"
#include "ui/models/reconstatus.h"
#include "ui/themecontroller.h"
#include "ui/widgets/seambanner.h"

#include <algorithm>

namespace unalloc::ui {

namespace {

QString gatewayTitle()
{
    QStringList names;
    for (const std::string &g : core::OverlapOptions().gatewaySources)
        names << SeamBanner::sourceTitle(g);
    return names.join(QStringLiteral(", "));
}

} // namespace

void ReconciliationView::showReconChart(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    std::vector<ReconBarChart::Line> lines;
    double largest = 0;
    for (const core::PeriodReconLine &pl : s.seams.recon.lines) {
        const core::ReconLine &r = pl.line;
        const auto money = [&](const core::Decimal &d) {
            return fmt::money(d, pl.currency, locale());
        };
        ReconBarChart::Line l;
        l.label = fmt::q(r.source);
        l.period = recon::periodText(pl, locale());
        l.ledger = r.ledger.toDouble();
        l.ledgerText = tr("ledger %1").arg(money(r.ledger));
        l.ledgerColour = theme.sourceColour(l.label);
        if (r.invoice) {
            l.invoice = r.invoice->toDouble();
            l.invoiceText = tr("invoice %1").arg(money(*r.invoice));
        } else {
            l.invoiceText = tr("no invoice");
        }
        l.status = recon::statusText(r.status);
        l.statusColour = recon::statusColour(r.status, theme);
        if (r.delta && r.deltaPct)
            l.deltaText = tr("Δ %1 · %2").arg(money(*r.delta), fmt::percent(*r.deltaPct, locale()));
        else if (r.delta)
            l.deltaText = tr("Δ %1").arg(money(*r.delta));
        else
            l.deltaText = tr("nothing to check against");
        if (r.coveragePct)
            l.coverageText = tr("coverage %1").arg(fmt::percent(*r.coveragePct, locale()));
        largest = std::max({largest, l.ledger, l.invoice.value_or(0.0)});
        lines.push_back(std::move(l));
    }
    m_reconChart->setLines(std::move(lines),
                           {{tr("ledger (in the source's colour)"), theme.mutedText, false, false},
                            {tr("invoice"), theme.text, false, true}},
                           largest);
    m_reconChart->setEmptyText(tr("No ledger rows and no invoices in this period."));
}

void ReconciliationView::showOverlapChart(const core::AnalysisSnapshot &s)
{
    const Theme &theme = m_context.app->theme->theme();
    const core::ReconciliationSnapshot &seams = s.seams;
    std::vector<OverlapChart::Provider> providers;
    double largest = 0;
    for (const core::ProviderOverlap &p : seams.overlap.providers) {
        const auto money = [&](const core::Decimal &d) {
            return fmt::money(d, p.currency, locale());
        };
        OverlapChart::Provider pr;
        pr.label = SeamBanner::sourceTitle(p.provider);
        pr.headline = seams.deduplicated ? tr("%1 removed (de-duplicated)").arg(money(p.overlap))
                                         : tr("%1 counted twice").arg(money(p.overlap));
        if (p.coveragePct)
            pr.coverageText = tr("gateway covers %1").arg(fmt::percent(*p.coveragePct, locale()));
        pr.gatewayLabel = tr("%1 gateway").arg(gatewayTitle());
        pr.billLabel = tr("%1 bill").arg(pr.label);
        pr.overlap = p.overlap.toDouble();
        pr.residual = p.residual.toDouble();
        pr.excess = p.excess.toDouble();
        pr.overlapText = tr("overlap %1: in both ledgers").arg(money(p.overlap));
        pr.residualText =
            tr("residual %1: bill spend that bypassed the gateway").arg(money(p.residual));
        pr.excessText = tr("excess %1: gateway estimate above the bill").arg(money(p.excess));
        pr.gatewayText = money(p.gateway);
        pr.billText = money(p.bill);
        largest = std::max({largest, p.gateway.toDouble(), p.bill.toDouble()});
        providers.push_back(std::move(pr));
    }
    m_overlapChart->setProviders(
        std::move(providers),
        {{tr("overlap: counted twice"), OverlapChart::overlapColour(theme), true, false},
         {tr("residual: bypassed the gateway"), OverlapChart::residualColour(theme), false, false},
         {tr("excess: gateway above the bill"), OverlapChart::excessColour(theme), false, false}},
        largest);
    m_overlapChart->setEmptyText(
        tr("No double counting: no %1 gateway row routes to a provider whose bill is in this "
           "period and these sources.")
            .arg(gatewayTitle()));
}

} // namespace unalloc::ui
