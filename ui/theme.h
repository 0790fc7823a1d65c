#pragma once

#include <QBrush>
#include <QColor>
#include <QPalette>
#include <QString>

class QApplication;

namespace unalloc::ui {

/// @brief The explorer's colours. Attributed spend is calm; `<unallocated>` is rose and
/// hatched in both palettes so it never blends into an owner; fallback spend is amber.
struct Theme final
{
    enum class Mode { System, Light, Dark };

    bool dark = false;
    QColor window, panel, text, mutedText, grid, border;
    QColor ownerLabel;  ///< resolved by the owner key
    QColor fallback;    ///< resolved through a fallback (F)
    QColor unallocated; ///< no owner (U)
    QColor critical;    ///< U at or above the ledger budget's critical share
    QColor overTarget;  ///< U above the ledger budget's target, below critical
    QColor partial;     ///< a batch that says data is missing

    /// A stable colour per source (OpenAI violet, OpenCost teal, LiteLLM blue, Anthropic
    /// magenta, others from a fixed ring).
    QColor sourceColour(const QString &source) const;
    /// The hatched brush every unallocated mark uses.
    QBrush unallocatedBrush() const;
    QPalette palette() const;

    static Theme light();
    static Theme dark_();
    /// Light or dark for `mode`; System follows the platform palette's window lightness.
    static Theme forMode(Mode mode);
    static Mode modeFromString(const QString &text);
    static QString modeToString(Mode mode);
};

} // namespace unalloc::ui
