#pragma once

#include "roles.h"

#include "core/money.h"

#include <QLocale>
#include <QVariant>

namespace unalloc::ui::cells {

/// Display = locale money, Raw = Decimal (sorting), Export = exact canonical decimal.
QVariant
money(const core::Decimal &amount, const core::Currency &currency, const QLocale &locale, int role);
/// Display = "12.3 %", Raw = Decimal, Export = "12.3". `pct` is already rounded by core.
QVariant percent(const core::Decimal &pct, const QLocale &locale, int role);
/// Display = grouped integer, Raw/Export = the number.
QVariant count(qint64 n, const QLocale &locale, int role);
/// Display/Raw/Export = text.
QVariant text(const QString &text, int role);

} // namespace unalloc::ui::cells
