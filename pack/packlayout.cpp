#include "packlayout.h"
#include "packsections_p.h"

#include "app/cli/textformat.h"
#include "core/timeutil.h"

#include <QBuffer>
#include <QFileInfo>

#include <map>

namespace unalloc::pack {

using cli::money;
using cli::percent;
using namespace packdetail;

namespace {

/// "+$1,234.00" / "−$5.00" / "—" when there is nothing to compare with.
QString change(const core::Decimal &now, const core::Decimal &before, const core::Currency &c)
{
    if (before.isZero() && now.isZero())
        return QStringLiteral("\u2014");
    const core::Decimal d = now - before;
    const std::string sign = d.isNegative() ? "\u2212" : "+";
    const core::Decimal abs = d.isNegative() ? core::Decimal{} - d : d;
    std::string out = sign + usd(abs, c);
    if (!before.isZero())
        out += " (" + percent(core::Decimal::percent(d, before, 1)) + ")";
    return q(out);
}

double approx(const core::Decimal &d)
{
    return std::stod(d.toString()); // chart geometry only
}

void cover(PdfDoc &doc, const PackContent &c)
{
    const core::Chargeback &cb = c.chargeback;
    doc.section(QStringLiteral("Chargeback pack \u2014 %1").arg(q(cb.month)));
    doc.text(QStringLiteral("Ledger: %1").arg(q(c.ledger)), Qt::black, true, 11);
    QString fallbacks;
    for (const std::string &f : cb.current.fallbacks)
        fallbacks += (fallbacks.isEmpty() ? QString() : QStringLiteral(", ")) + q(f);
    doc.text(QStringLiteral("Owner key: %1   Fallbacks: %2")
                 .arg(q(cb.current.dimension),
                      fallbacks.isEmpty() ? QStringLiteral("none") : fallbacks));
    doc.text(QStringLiteral("Period: %1 to %2 (end exclusive, UTC)")
                 .arg(q(core::formatDate(core::TimeUs(cb.fromDay) * core::kUsPerDay)),
                      q(core::formatDate(core::TimeUs(cb.toDay) * core::kUsPerDay))));
    if (c.deduplicated)
        doc.text(QStringLiteral("De-duplicated: %1 of provider bills already counted in gateway "
                                "rows was removed.")
                     .arg(q(usd(c.removed, cb.current.currency))));
    doc.gap(6);
    bool partial = false;
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    for (const core::ImportBatch &b : c.batches) {
        const bool complete = b.status == core::BatchStatus::Complete;
        partial = partial || !complete;
        const QString origin = QFileInfo(q(b.origin)).fileName();
        rows.push_back({QString::number(b.id), q(b.source), origin.isEmpty() ? q(b.origin) : origin,
                        q(core::toString(b.status)), QString::number(b.rowCount),
                        q(b.evidence.reason)});
        colors.push_back(complete ? QColor(Qt::black) : kRed);
    }
    if (partial)
        doc.text(QStringLiteral("This pack includes partial batches: the figures below are "
                                "incomplete (the batches in red)."),
                 kRed, true, 12);
    else
        doc.text(QStringLiteral("Every batch is complete."), Qt::black, false, 10);
    doc.subheading(QStringLiteral("Completeness of every batch"));
    doc.table({QStringLiteral("Batch"), QStringLiteral("Source"), QStringLiteral("File"),
               QStringLiteral("Status"), QStringLiteral("Rows"), QStringLiteral("Reason")},
              rows,
              {PdfDoc::Align::Right, PdfDoc::Align::Left, PdfDoc::Align::Left, PdfDoc::Align::Left,
               PdfDoc::Align::Right, PdfDoc::Align::Left},
              {0.07, 0.12, 0.3, 0.1, 0.09, 0.32}, colors);
    doc.subheading(QStringLiteral("Provenance"));
    doc.text(QStringLiteral("Ledger digest: %1").arg(q(c.ledgerDigest)), Qt::black, false, 8.5);
    doc.text(QStringLiteral("Rules digest: %1").arg(q(c.rulesDigest)), Qt::black, false, 8.5);
    doc.text(QStringLiteral("Reproduce a figure: unalloc report --ledger %1 --from %2 --to %3 -D "
                            "%4 --json, then unalloc verify RESULT.json --ledger %1.")
                 .arg(q(c.ledger), q(core::formatDate(core::TimeUs(cb.fromDay) * core::kUsPerDay)),
                      q(core::formatDate(core::TimeUs(cb.toDay) * core::kUsPerDay)),
                      q(cb.current.dimension)),
             kGrey, false, 8.5);
}

/// "2026-07": the month before the pack's.
QString previousMonth(const PackContent &c)
{
    return q(
        core::formatDate(core::TimeUs(c.chargeback.previousDay) * core::kUsPerDay).substr(0, 7));
}

void headline(PdfDoc &doc, const PackContent &c)
{
    const core::AttributionReport &now = c.chargeback.current, &before = c.chargeback.previous;
    const core::Currency cur = now.currency;
    doc.section(QStringLiteral("Headline"));
    doc.text(QStringLiteral("%1 of %2 AI spend is unattributed")
                 .arg(q(percent(now.unallocatedPct())), q(usd(now.total, cur))),
             Qt::black, true, 13);
    const bool had = before.rowCount > 0;
    const QString previous = previousMonth(c);
    const QString none = QStringLiteral("no rows");
    const QString dash = QStringLiteral("\u2014");
    doc.table(
        {QStringLiteral("Figure"), QStringLiteral("This month (%1)").arg(q(c.chargeback.month)),
         QStringLiteral("Previous month (%1)").arg(previous), QStringLiteral("Change")},
        {{QStringLiteral("Total"), q(usd(now.total, cur)), had ? q(usd(before.total, cur)) : none,
          had ? change(now.total, before.total, cur) : dash},
         {QStringLiteral("U (unallocated)"),
          q(usd(now.unallocated, cur) + "  " + percent(now.unallocatedPct())),
          had ? q(usd(before.unallocated, cur) + "  " + percent(before.unallocatedPct())) : none,
          had ? change(now.unallocated, before.unallocated, cur) : dash},
         {QStringLiteral("F (via fallback)"),
          q(usd(now.fallbackTotal, cur) + "  " + percent(now.fallbackPct())),
          had ? q(usd(before.fallbackTotal, cur) + "  " + percent(before.fallbackPct())) : none,
          had ? change(now.fallbackTotal, before.fallbackTotal, cur) : dash}},
        {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Right},
        {0.2, 0.27, 0.27, 0.26});
    if (!had)
        doc.text(QStringLiteral("The ledger holds no cost rows for %1, so no change against the "
                                "previous month is shown.")
                     .arg(previous),
                 kGrey, false, 8.5);
}

void chargebackTable(PdfDoc &doc, const PackContent &c)
{
    const core::AttributionReport &now = c.chargeback.current;
    doc.section(QStringLiteral("Chargeback by %1").arg(q(now.dimension)), true);
    const bool had = c.chargeback.previous.rowCount > 0;
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    for (const core::ChargebackLine &l : c.chargeback.owners) {
        rows.push_back({q(l.owner), q(usd(l.amount, now.currency)),
                        q(percent(core::Decimal::percent(l.amount, now.total, 1))),
                        l.viaFallback.isZero() ? QStringLiteral("\u2014")
                                               : q(usd(l.viaFallback, now.currency)),
                        !had                  ? QStringLiteral("\u2014")
                        : l.previous.isZero() ? QStringLiteral("new")
                                              : change(l.amount, l.previous, now.currency),
                        q(l.sources)});
        colors.push_back(l.unallocated ? kRed : QColor(Qt::black));
    }
    rows.push_back({QStringLiteral("Total"), q(usd(now.total, now.currency)),
                    QStringLiteral("100.0%"), q(usd(now.fallbackTotal, now.currency)),
                    had ? change(now.total, c.chargeback.previous.total, now.currency)
                        : QStringLiteral("\u2014"),
                    QString()});
    doc.table({q(now.dimension), QStringLiteral("Amount"), QStringLiteral("Share"),
               QStringLiteral("Via fallback"), QStringLiteral("vs %1").arg(previousMonth(c)),
               QStringLiteral("Sources")},
              rows,
              {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right,
               PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Left},
              {0.15, 0.14, 0.09, 0.12, 0.15, 0.35}, colors);
    doc.text(QStringLiteral("Each owner's statement (--statements) lists its rows by source and "
                            "cost object; they add up to these amounts exactly."),
             kGrey, false, 8.5);
    for (const PodSplitView &v : c.meterSplits)
        doc.text(QStringLiteral("Includes pod %1 (%2) split by %3, in this pack only (see "
                                "Shared pods).")
                     .arg(q(v.pod), q(usd(v.amount.amount, v.amount.currency)),
                          q(std::string(core::meterId(v.meter)))),
                 kGrey, false, 8.5);
}

void charts(PdfDoc &doc, const PackContent &c)
{
    const core::AttributionReport &now = c.chargeback.current;
    doc.section(QStringLiteral("Overview and unallocated spend"));
    std::vector<PdfDoc::Bar> owners;
    for (const core::Bucket &b : now.buckets)
        owners.push_back({q(b.key), approx(b.amount),
                          q(usd(b.amount, now.currency) + "  " + percent(now.sharePct(b))),
                          b.unallocated ? kRed : kBlue});
    doc.barChart(QStringLiteral("Spend by %1").arg(q(now.dimension)), owners);
    std::vector<PdfDoc::Bar> unalloc;
    for (const core::Bucket &b : now.buckets) {
        if (!b.unallocated)
            continue;
        for (const core::SourceAmount &s : b.bySource)
            unalloc.push_back(
                {q(s.source), approx(s.amount), q(usd(s.amount, now.currency)), kRed});
    }
    doc.barChart(QStringLiteral("Unallocated by source"), unalloc);
}

void backlog(PdfDoc &doc, const PackContent &c)
{
    const core::Chargeback &cb = c.chargeback;
    doc.section(QStringLiteral("Labelling backlog"));
    std::vector<QStringList> rows;
    int n = 0;
    for (const core::FixStep &s : cb.fixPlan) {
        const std::string keys = s.item.labels.keyList();
        rows.push_back({QString::number(++n), q(s.item.source), q(s.item.name),
                        q(usd(s.item.amount, cb.current.currency)), q(percent(s.uAfter)),
                        q(keys.empty() ? "none" : keys)});
    }
    doc.table({QStringLiteral("#"), QStringLiteral("Source"), QStringLiteral("Cost object"),
               QStringLiteral("Amount"), QStringLiteral("U after"),
               QStringLiteral("Labels it has")},
              rows,
              {PdfDoc::Align::Right, PdfDoc::Align::Left, PdfDoc::Align::Left, PdfDoc::Align::Right,
               PdfDoc::Align::Right, PdfDoc::Align::Left},
              {0.05, 0.12, 0.27, 0.15, 0.1, 0.31});
    std::vector<double> curve{approx(cb.current.unallocatedPct())};
    for (const core::FixStep &s : cb.fixPlan)
        curve.push_back(approx(s.uAfter));
    doc.lineChart(QStringLiteral("Fix plan: U after labelling the top cost objects"), curve,
                  QStringLiteral("cost objects labelled (largest first; 0 = today)"),
                  QStringLiteral("U = unallocated share of the month's spend"));
}

void seams(PdfDoc &doc, const PackContent &c)
{
    doc.section(QStringLiteral("Reconciliation and double counting"));
    std::vector<QStringList> rows;
    std::vector<QColor> colors;
    for (const core::PeriodReconLine &pl : c.reconciliation) {
        const core::ReconLine &l = pl.line;
        rows.push_back({q(l.source), q(usd(l.ledger, pl.currency)),
                        l.invoice ? q(usd(*l.invoice, pl.currency)) : QStringLiteral("\u2014"),
                        l.delta ? q(usd(*l.delta, pl.currency)) : QStringLiteral("\u2014"),
                        l.coveragePct ? q(percent(*l.coveragePct)) : QStringLiteral("\u2014"),
                        q(core::toString(l.status))});
        colors.push_back(l.status == core::ReconStatus::Over || l.status == core::ReconStatus::Under
                             ? kRed
                             : QColor(Qt::black));
    }
    if (rows.empty())
        doc.text(QStringLiteral("No ledger rows or invoices for this month."));
    else
        doc.table({QStringLiteral("Source"), QStringLiteral("Ledger"), QStringLiteral("Invoice"),
                   QStringLiteral("Delta"), QStringLiteral("Coverage"), QStringLiteral("Status")},
                  rows,
                  {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right,
                   PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Left},
                  {0.18, 0.18, 0.18, 0.16, 0.12, 0.18}, colors);
    doc.subheading(c.deduplicated ? QStringLiteral("Gateway vs provider bills (de-duplicated)")
                                  : QStringLiteral("Gateway vs provider bills"));
    if (!c.overlap.any()) {
        doc.text(QStringLiteral("No dollar is counted twice by a gateway and a provider bill."));
    } else {
        std::vector<QStringList> o;
        for (const core::ProviderOverlap &p : c.overlap.providers)
            o.push_back({q(p.provider), q(usd(p.gateway, p.currency)), q(usd(p.bill, p.currency)),
                         q(usd(p.overlap, p.currency)), q(usd(p.residual, p.currency)),
                         p.coveragePct ? q(percent(*p.coveragePct)) : QStringLiteral("\u2014")});
        doc.table({QStringLiteral("Provider"), QStringLiteral("Gateway"), QStringLiteral("Bill"),
                   QStringLiteral("Overlap"), QStringLiteral("Bypass"), QStringLiteral("Coverage")},
                  o,
                  {PdfDoc::Align::Left, PdfDoc::Align::Right, PdfDoc::Align::Right,
                   PdfDoc::Align::Right, PdfDoc::Align::Right, PdfDoc::Align::Right},
                  {0.2, 0.16, 0.16, 0.16, 0.16, 0.16});
        if (!c.deduplicated)
            doc.text(QStringLiteral("The overlap is counted twice in the figures of this pack; "
                                    "run with --dedupe to remove it."),
                     kRed);
    }
}

void closing(PdfDoc &doc, const PackContent &c)
{
    doc.section(QStringLiteral("Partial batches and warnings"));
    size_t partial = 0, flagged = 0, warnings = 0;
    for (const core::ImportBatch &b : c.batches) {
        partial += b.status == core::BatchStatus::Complete ? 0 : 1;
        warnings += b.warnings.size();
    }
    doc.text(QStringLiteral("%1 of %2 batches partial; %3 warnings in all.")
                 .arg(partial)
                 .arg(c.batches.size())
                 .arg(warnings),
             partial > 0 ? kRed : QColor(Qt::black), true, 11);
    for (const core::ImportBatch &b : c.batches) {
        const bool complete = b.status == core::BatchStatus::Complete;
        if (complete && b.warnings.empty())
            continue;
        ++flagged;
        const QString origin = QFileInfo(q(b.origin)).fileName();
        doc.text(QStringLiteral("Batch %1 · %2 · %3 · %4 · %5 warning(s)")
                     .arg(b.id)
                     .arg(q(b.source), origin.isEmpty() ? q(b.origin) : origin,
                          q(core::toString(b.status)))
                     .arg(b.warnings.size()),
                 complete ? QColor(Qt::black) : kRed, true);
        if (!b.evidence.reason.empty())
            doc.text(q(b.evidence.reason), complete ? QColor(Qt::black) : kRed, false, 9);
        std::map<std::string, size_t> byCode;
        for (const core::Warning &w : b.warnings)
            ++byCode[w.code];
        for (const auto &[code, n] : byCode)
            doc.text(QStringLiteral("    %1 × %2").arg(n).arg(q(code)), Qt::black, false, 9);
        doc.gap(4);
    }
    if (flagged == 0)
        doc.text(QStringLiteral("Every batch is complete and none has warnings."));
}

QString footerText(const PackContent &c)
{
    return QStringLiteral("Chargeback pack %1 \u00b7 %2").arg(q(c.chargeback.month), q(c.ledger));
}

QPageSize pageSize(const PackContent &c)
{
    return QPageSize(c.letter ? QPageSize::Letter : QPageSize::A4);
}

void layOut(PdfDoc &doc, const PackContent &c)
{
    cover(doc, c);
    headline(doc, c);
    chargebackTable(doc, c);
    charts(doc, c);
    backlog(doc, c);
    seams(doc, c);
    podsAndEconomics(doc, c);
    closing(doc, c);
}

QByteArray render(const PackContent &c, int totalPages, int *pages)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    std::vector<OutlineEntry> outline;
    {
        PdfDoc doc(&buffer, pageSize(c), footerText(c), totalPages);
        layOut(doc, c);
        *pages = doc.finish();
        outline = doc.outline();
    }
    buffer.close();
    if (!addOutline(bytes, outline))
        return {};
    return bytes;
}

} // namespace

QByteArray packPdf(const PackContent &content, int *pages)
{
    int counted = 0, final = 0;
    render(content, 0, &counted); // the first pass counts the pages for "page N of M"
    QByteArray bytes = render(content, counted, &final);
    if (pages)
        *pages = final;
    return bytes;
}

std::vector<QImage> packImages(const PackContent &content, double dpi)
{
    int counted = 0;
    render(content, 0, &counted);
    std::vector<QImage> images;
    PdfDoc doc(&images, dpi, pageSize(content), footerText(content), counted);
    layOut(doc, content);
    doc.finish();
    return images;
}

} // namespace unalloc::pack
