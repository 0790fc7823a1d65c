#pragma once

#include "core/decimal.h"

#include <QMetaType>
#include <Qt>

Q_DECLARE_METATYPE(unalloc::core::Decimal)

namespace unalloc::ui {

/// Roles every explorer model answers besides Qt's own.
enum ModelRole {
    /// The raw value (core::Decimal, qint64, QString, int) that sorting compares.
    RawRole = Qt::UserRole + 1,
    /// Canonical, locale-independent text for CSV and the clipboard (exact decimals).
    ExportRole,
    /// True for the `<unallocated>` row, partial batches and other rows views mark.
    AttentionRole,
};

} // namespace unalloc::ui
