#include "viewregistry.h"

#include "economicsview.h"
#include "fallbackview.h"
#include "ledgerview.h"
#include "meterview.h"
#include "overviewview.h"
#include "reconciliationview.h"
#include "trendsview.h"
#include "unallocatedview.h"

#include <QCoreApplication>

namespace unalloc::ui {

namespace {

template<class View> AnalysisView *make(const ViewContext &context, QWidget *parent)
{
    return new View(context, parent);
}

} // namespace

QString ViewInfo::translatedTitle() const
{
    return QCoreApplication::translate("Views", title);
}

QString ViewInfo::translatedHint() const
{
    return QCoreApplication::translate("Views", hint);
}

const std::vector<ViewInfo> &registeredViews()
{
    // One line per view. A null factory keeps the place for a view still to come.
    static const std::vector<ViewInfo> views{
        {QStringLiteral("overview"), QT_TRANSLATE_NOOP("Views", "Overview"),
         QT_TRANSLATE_NOOP("Views", "Who owns the spend: U, F, owners, how rows resolved"),
         &make<OverviewView>},
        {QStringLiteral("trends"), QT_TRANSLATE_NOOP("Views", "Trends"),
         QT_TRANSLATE_NOOP("Views",
                           "Spend, U and F per day, week or month; this period vs the last"),
         &make<TrendsView>},
        {QStringLiteral("unallocated"), QT_TRANSLATE_NOOP("Views", "Unallocated"),
         QT_TRANSLATE_NOOP("Views", "What belongs to no one, and which fixes help most"),
         &make<UnallocatedView>},
        {QStringLiteral("fallback"), QT_TRANSLATE_NOOP("Views", "Fallback exposure"),
         QT_TRANSLATE_NOOP("Views", "Spend attributed only through fallbacks; key collisions"),
         &make<FallbackView>},
        {QStringLiteral("reconciliation"), QT_TRANSLATE_NOOP("Views", "Reconciliation"),
         QT_TRANSLATE_NOOP("Views", "Ledger vs invoices, double counting, batch completeness"),
         &make<ReconciliationView>},
        {QStringLiteral("meters"), QT_TRANSLATE_NOOP("Views", "Meter comparison"),
         QT_TRANSLATE_NOOP("Views", "Who pays for a shared inference pod, meter by meter"),
         &make<MeterView>},
        {QStringLiteral("economics"), QT_TRANSLATE_NOOP("Views", "Feature economics"),
         QT_TRANSLATE_NOOP("Views", "Cost per 1,000 requests with cluster cost; GPU vs API"),
         &make<EconomicsView>},
        {QStringLiteral("ledger"), QT_TRANSLATE_NOOP("Views", "Ledger"),
         QT_TRANSLATE_NOOP("Views", "Every row: exact amounts, labels, batch"), &make<LedgerView>},
    };
    return views;
}

const ViewInfo *findView(const QString &id)
{
    for (const ViewInfo &v : registeredViews()) {
        if (v.id == id)
            return &v;
    }
    return nullptr;
}

} // namespace unalloc::ui
