#pragma once

#include "core/budget.h"

#include <QObject>

#include <optional>

namespace unalloc::ui {

struct AppContext;
class LedgerDocument;

/**
 * @brief The open ledger's U budget (target and critical share): kept per ledger in the
 * settings (Preferences), or given for this run on the command line (`--budget`), and read
 * again whenever another ledger opens. Views judge U against budget(); they redraw on changed().
 */
class LedgerBudget final : public QObject
{
    Q_OBJECT
public:
    LedgerBudget(AppContext *app, LedgerDocument *document, QObject *parent = nullptr);

    const core::UBudget &budget() const { return m_budget; }
    /// The budget the settings hold for the open ledger (what Preferences edits).
    core::UBudget stored() const;
    /// Stores `budget` for the open ledger and applies it (unless --budget overrides the
    /// target for this run). A budget that fails core::UBudget::checked() is refused.
    bool setStored(const core::UBudget &budget);
    /// `--budget PCT`: the U target for this run, whatever ledger is open; not stored.
    void setTargetOverride(std::optional<core::Decimal> targetPct);
    std::optional<core::Decimal> targetOverride() const { return m_override; }

signals:
    void changed();

private:
    void refresh();

    AppContext *m_app;
    LedgerDocument *m_document;
    core::UBudget m_budget;
    std::optional<core::Decimal> m_override;
};

} // namespace unalloc::ui
