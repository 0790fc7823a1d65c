// The pack's section on shared inference pods (split by a meter, or not yet) and feature
// economics.
#include "packsections_p.h"

#include <vector>

namespace unalloc::pack::packdetail {

using cli::money;
using cli::percent;

namespace {

/// "+3.2 pts", "−1.0 pts", "0.0 pts".
QString points(const core::Decimal &p)
{
    const std::string t = p.toFixed(1);
    if (t == "0.0" || t == "-0.0")
        return QStringLiteral("0.0 pts");
    return (p.isNegative() ? QStringLiteral("\u2212") + q(t.substr(1)) : QLatin1Char('+') + q(t)) +
           QStringLiteral(" pts");
}

/// The pods split by --meter: each tenant's share and amount under the chosen meter, and how
/// far each other meter would move it.
void meterSplits(PdfDoc &doc, const PackContent &c)
{
    for (const PodSplitView &v : c.meterSplits) {
        const core::Currency cur = v.amount.currency;
        doc.text(QStringLiteral("Pod %1 (#%2), %3, split by %4")
                     .arg(q(v.pod))
                     .arg(v.rowId)
                     .arg(q(usd(v.amount.amount, cur)), q(std::string(core::meterId(v.meter)))),
                 Qt::black, true, 10);
        doc.text(QStringLiteral("%1 requests; overhead %2. Split in this pack only: the chargeback "
                                "table includes these amounts in place of the pod row; the "
                                "ledger is unchanged. The columns named by meter give the gap to "
                                "it: this meter's share minus that meter's, in percentage "
                                "points (overhead spread).")
                     .arg(v.requests)
                     .arg(v.policy == core::OverheadPolicy::Keep
                              ? QStringLiteral("kept as its own row (unallocated)")
                              : QStringLiteral("spread over the tenants")),
                 kGrey, false, 8.5);
        QStringList headers{QStringLiteral("Tenant"), QStringLiteral("Charged to"),
                            QStringLiteral("Share"), QStringLiteral("Amount")};
        std::vector<PdfDoc::Align> align{PdfDoc::Align::Left, PdfDoc::Align::Left,
                                         PdfDoc::Align::Right, PdfDoc::Align::Right};
        std::vector<double> widths{0.2, 0.15, 0.08, 0.13};
        const size_t others = v.tenants.empty() ? 0 : v.tenants.front().gaps.size();
        for (size_t i = 0; i < others; ++i) {
            headers << q(std::string(core::meterId(v.tenants.front().gaps[i].first)));
            align.push_back(PdfDoc::Align::Right);
            widths.push_back(0.44 / double(others));
        }
        std::vector<QStringList> rows;
        std::vector<QColor> colors;
        core::Decimal total;
        for (const PodTenantLine &t : v.tenants) {
            QStringList row{
                t.overhead         ? QStringLiteral("overhead")
                : t.tenant.empty() ? QStringLiteral("<unlabeled>")
                                   : q(t.tenant),
                t.owner.empty() ? QString::fromLatin1(core::kUnallocated) : q(t.owner),
                q(percent(core::Decimal::percent(t.share, core::Decimal::fromInt(1), 1))),
                q(usd(t.amount, cur))};
            for (size_t i = 0; i < others; ++i)
                row << (i < t.gaps.size() ? points(t.gaps[i].second) : QStringLiteral("\u2014"));
            rows.push_back(row);
            colors.push_back(t.owner.empty() ? kRed : QColor(Qt::black));
            total += t.amount;
        }
        QStringList last{QStringLiteral("Total"), QString(), QStringLiteral("100.0%"),
                         q(usd(total, cur))};
        for (size_t i = 0; i < others; ++i)
            last << QString();
        rows.push_back(last);
        doc.table(headers, rows, align, widths, colors);
    }
}

} // namespace

void podsAndEconomics(PdfDoc &doc, const PackContent &c)
{
    doc.section(QStringLiteral("Shared pods and feature economics"), true);
    doc.subheading(QStringLiteral("Shared inference pods"));
    meterSplits(doc, c);
    if (!c.unsplitPods.empty()) {
        std::vector<QStringList> rows;
        for (const PodSummary &p : c.unsplitPods)
            rows.push_back({q(p.pod), QString::number(p.rowId),
                            q(usd(p.amount.amount, p.amount.currency)),
                            QString::number(p.requests)});
        doc.text(QStringLiteral("Pods with request telemetry that no meter splits: charged to "
                                "their own labels (unallocated when they carry no owner). "
                                "unalloc pack --meter POD=METER splits one in this pack; unalloc "
                                "meters --pod ID compares the meters."),
                 Qt::black, false, 9);
        doc.table(
            {QStringLiteral("Pod"), QStringLiteral("Row"), QStringLiteral("Amount"),
             QStringLiteral("Requests")},
            rows,
            {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Right},
            {0.5, 0.12, 0.2, 0.18});
    }
    if (!c.splits.empty()) {
        doc.text(QStringLiteral("Meter splits applied in the ledger (their parts are in the "
                                "chargeback table):"),
                 Qt::black, false, 9);
        std::vector<QStringList> rows;
        for (const core::AppliedSplit &s : c.splits)
            rows.push_back({q(s.podName), q(usd(s.amount.amount, s.amount.currency)), q(s.meter),
                            QString::number(s.parts)});
        doc.table(
            {QStringLiteral("Pod"), QStringLiteral("Amount"), QStringLiteral("Meter"),
             QStringLiteral("Parts")},
            rows,
            {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Left, PdfDoc::Align::Right},
            {0.45, 0.2, 0.2, 0.15});
    }
    if (c.splits.empty() && c.meterSplits.empty() && c.unsplitPods.empty())
        doc.text(QStringLiteral("No shared inference pod with request telemetry is charged in "
                                "this month, and no meter split is applied in this ledger."));
    doc.subheading(QStringLiteral("Cost per 1,000 requests"));
    if (!c.economics || c.economics->requests == 0) {
        doc.text(QStringLiteral("The ledger holds no gateway requests for this month."));
        return;
    }
    std::vector<QStringList> rows;
    const core::Currency cur = c.economics->currency;
    constexpr std::int64_t kFew = 10;
    bool few = false;
    const auto line = [&](const core::EconomicsLine &l) {
        const auto per = l.perThousand();
        // A per-1,000 figure from a handful of requests extrapolates one call a thousandfold.
        const bool small = l.requests < kFew;
        few = few || (small && l.requests > 0);
        rows.push_back(
            {l.unattributed ? QStringLiteral("(unattributed)") : q(l.feature),
             QString::number(l.requests), q(usd(l.api, cur)), q(usd(l.infra, cur)),
             q(usd(l.total(), cur)), per && !small ? q(usd(*per, cur)) : QStringLiteral("\u2014"),
             l.invisiblePct() ? q(percent(*l.invisiblePct())) : QStringLiteral("\u2014")});
    };
    for (const core::EconomicsLine &l : c.economics->features)
        line(l);
    line(c.economics->unattributed);
    doc.table({q(c.economics->dimension), QStringLiteral("Requests"), QStringLiteral("API"),
               QStringLiteral("Cluster"), QStringLiteral("Total"), QStringLiteral("Per 1,000"),
               QStringLiteral("Invisible")},
              rows,
              {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right,
               PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Right,
               PdfDoc::Align::Right},
              {0.19, 0.11, 0.14, 0.14, 0.14, 0.16, 0.12});
    doc.text(
        QStringLiteral("API = provider and gateway charges of the feature's requests; Cluster = "
                       "the cost of the cluster workloads labelled with the feature; "
                       "Invisible = Cluster \u00f7 Total, the part an API bill does not show.%1")
            .arg(few ? QStringLiteral(" \u2014 in Per 1,000: fewer than %1 requests, too few "
                                      "to scale to a thousand.")
                           .arg(kFew)
                     : QString()),
        kGrey, false, 8.5);
}

} // namespace unalloc::pack::packdetail
