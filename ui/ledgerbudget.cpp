#include "ledgerbudget.h"

#include "appcontext.h"
#include "format.h"
#include "ledgerdocument.h"
#include "settings.h"

namespace unalloc::ui {

namespace {

core::Decimal storedPct(const QString &text, const core::Decimal &fallback)
{
    auto v = core::parseBudgetPct(fmt::s(text));
    return v ? *v : fallback;
}

} // namespace

LedgerBudget::LedgerBudget(AppContext *app, LedgerDocument *document, QObject *parent)
    : QObject(parent)
    , m_app(app)
    , m_document(document)
{
    connect(document, &LedgerDocument::loaded, this, &LedgerBudget::refresh);
    refresh();
}

core::UBudget LedgerBudget::stored() const
{
    const core::UBudget defaults;
    if (!m_app || !m_app->settings)
        return defaults;
    const QString ledger = m_document->settingsKey();
    core::UBudget b;
    b.targetPct =
        storedPct(m_app->settings->ledgerValue(ledger, keys::budgetTarget), defaults.targetPct);
    b.criticalPct =
        storedPct(m_app->settings->ledgerValue(ledger, keys::budgetCritical), defaults.criticalPct);
    return b.checked() ? b : defaults; // a hand-edited settings file cannot break the views
}

bool LedgerBudget::setStored(const core::UBudget &budget)
{
    if (!budget.checked() || !m_app || !m_app->settings)
        return false;
    const QString ledger = m_document->settingsKey();
    m_app->settings->setLedgerValue(ledger, keys::budgetTarget,
                                    fmt::q(budget.targetPct.toString()));
    m_app->settings->setLedgerValue(ledger, keys::budgetCritical,
                                    fmt::q(budget.criticalPct.toString()));
    refresh();
    return true;
}

void LedgerBudget::setTargetOverride(std::optional<core::Decimal> targetPct)
{
    m_override = targetPct;
    refresh();
}

void LedgerBudget::refresh()
{
    core::UBudget b = stored();
    if (m_override) {
        b.targetPct = *m_override;
        if (b.criticalPct < b.targetPct) // a run's target above the stored critical share
            b.criticalPct = b.targetPct;
    }
    if (b == m_budget)
        return;
    m_budget = b;
    emit changed();
}

} // namespace unalloc::ui
