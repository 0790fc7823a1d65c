#include "reconstatus.h"

#include "core/analysis/analysisrequest.h"
#include "core/timeutil.h"
#include "ui/format.h"

#include <QCoreApplication>

namespace unalloc::ui::recon {

namespace {

/// The translation context of these texts.
struct Reconciliation
{
    Q_DECLARE_TR_FUNCTIONS(Reconciliation)
};

/// First and last (inclusive) day of the line's period, when it has both ends.
std::optional<std::pair<std::int32_t, std::int32_t>> days(const core::PeriodReconLine &l)
{
    if (!l.periodStart || !l.periodEnd)
        return std::nullopt;
    return std::pair{static_cast<std::int32_t>(core::dayIndex(*l.periodStart)),
                     static_cast<std::int32_t>(core::dayIndex(*l.periodEnd - 1))};
}

} // namespace

QString statusText(core::ReconStatus status)
{
    switch (status) {
    case core::ReconStatus::Matched:
        return Reconciliation::tr("matched");
    case core::ReconStatus::Over:
        return Reconciliation::tr("over");
    case core::ReconStatus::Under:
        return Reconciliation::tr("under");
    case core::ReconStatus::NoInvoice:
        return Reconciliation::tr("no invoice");
    case core::ReconStatus::ZeroInvoice:
        return Reconciliation::tr("zero invoice");
    }
    return {};
}

QString statusHint(core::ReconStatus status)
{
    switch (status) {
    case core::ReconStatus::Matched:
        return Reconciliation::tr("The ledger ties out with the invoice within the tolerance.");
    case core::ReconStatus::Over:
        return Reconciliation::tr("The ledger holds more than was invoiced: rows counted "
                                  "twice, or a credit missing.");
    case core::ReconStatus::Under:
        return Reconciliation::tr("The ledger holds less than was invoiced: spend the ledger "
                                  "never saw, or a truncated read.");
    case core::ReconStatus::NoInvoice:
        return Reconciliation::tr("No invoice for this source: nothing to check it against.");
    case core::ReconStatus::ZeroInvoice:
        return Reconciliation::tr("The invoice is zero: no percentage, compare the dollars.");
    }
    return {};
}

QColor statusColour(core::ReconStatus status, const Theme &theme)
{
    switch (status) {
    case core::ReconStatus::Matched:
        return theme.dark ? QColor(0x4a, 0xde, 0x80) : QColor(0x15, 0x80, 0x3d);
    case core::ReconStatus::Over:
        return theme.fallback;
    case core::ReconStatus::Under:
        return theme.critical;
    case core::ReconStatus::NoInvoice:
        return theme.mutedText;
    case core::ReconStatus::ZeroInvoice:
        return theme.dark ? QColor(0x38, 0xbd, 0xf8) : QColor(0x03, 0x69, 0xa1);
    }
    return theme.text;
}

QString periodText(const core::PeriodReconLine &line, const QLocale &locale)
{
    const auto d = days(line);
    if (!d)
        return line.invoiceCount > 0 ? Reconciliation::tr("undated invoice")
                                     : Reconciliation::tr("no invoice period");
    return fmt::day(d->first, locale) + QStringLiteral(" – ") + fmt::day(d->second, locale);
}

QString periodExport(const core::PeriodReconLine &line)
{
    const auto d = days(line);
    if (!d)
        return {};
    return fmt::q(core::dayText(d->first)) + QStringLiteral("..") +
           fmt::q(core::dayText(d->second));
}

} // namespace unalloc::ui::recon
