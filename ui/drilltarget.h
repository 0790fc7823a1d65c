#pragma once

#include <QMetaType>
#include <QString>

namespace unalloc::ui {

/**
 * @brief Where a click on a chart takes the analyst: another view, narrowed to what was
 * clicked. A view emits AnalysisView::drillRequested(target); the main window switches to
 * `view`, applies the filter or focus, and records the step on the analysis undo stack (undo
 * returns to the view and filter the analyst came from).
 */
struct DrillTarget
{
    QString view;         ///< registered view id ("ledger", "unallocated", …)
    QString ledgerFilter; ///< for "ledger": the filter line, e.g. `owner:search source:litellm`
    QString focus;        ///< for other views: what to expand and select (see focusOn())
    QString description;  ///< the undo step's text, e.g. "Show the rows of search"

    /// The Ledger view with `filter` as its filter line.
    static DrillTarget ledgerRows(const QString &filter, const QString &description)
    {
        return {QStringLiteral("ledger"), filter, {}, description};
    }
    /// `view` with `focus` expanded and selected (AnalysisView::focusOn()).
    static DrillTarget
    focusIn(const QString &view, const QString &focus, const QString &description)
    {
        return {view, {}, focus, description};
    }
    friend bool operator==(const DrillTarget &, const DrillTarget &) = default;
};

/// A filter-line term that matches `value` as one word: quoted when it holds a space, e.g.
/// filterTerm("owner", "<unallocated>") → `owner:<unallocated>`, filterTerm("team", "a b",
/// '=') → `"team=a b"`. (The filter line has no escape for a double quote inside a value.)
inline QString filterTerm(const QString &key, const QString &value, QChar op = QLatin1Char(':'))
{
    const QString term = key + op + value;
    return term.contains(QLatin1Char(' ')) || term.contains(QLatin1Char('\t'))
               ? QLatin1Char('"') + term + QLatin1Char('"')
               : term;
}

} // namespace unalloc::ui

Q_DECLARE_METATYPE(unalloc::ui::DrillTarget)
