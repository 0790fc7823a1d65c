#pragma once

#include "core/seams/periodrecon.h"
#include "ui/theme.h"

#include <QLocale>
#include <QString>

namespace unalloc::ui::recon {

/// "matched", "over", "under", "no invoice", "zero invoice" (translated).
QString statusText(core::ReconStatus status);
/// One line saying what the status means for the analyst.
QString statusHint(core::ReconStatus status);
/// Matched green, over amber, under red, no invoice grey, zero invoice blue.
QColor statusColour(core::ReconStatus status, const Theme &theme);
/// The line's billing period ("8/1/26 – 8/31/26"), or "no invoice period".
QString periodText(const core::PeriodReconLine &line, const QLocale &locale);
/// The period as ISO days for CSV ("2026-08-01..2026-08-31"), "" when none.
QString periodExport(const core::PeriodReconLine &line);

} // namespace unalloc::ui::recon
