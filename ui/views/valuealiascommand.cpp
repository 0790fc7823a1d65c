#include "valuealiascommand.h"

#include "ui/analysiscontroller.h"
#include "ui/format.h"
#include "ui/ledgerdocument.h"

namespace unalloc::ui {

ValueAliasCommand::ValueAliasCommand(LedgerDocument *document,
                                     AnalysisController *analysis,
                                     std::optional<core::ValueAlias> before,
                                     std::optional<core::ValueAlias> after,
                                     const QString &text,
                                     std::function<void(const QString &)> onError)
    : m_document(document)
    , m_analysis(analysis)
    , m_before(std::move(before))
    , m_after(std::move(after))
    , m_onError(std::move(onError))
{
    setText(text);
}

bool ValueAliasCommand::write(const std::optional<core::ValueAlias> &from,
                              const std::optional<core::ValueAlias> &to)
{
    core::LedgerStore *store = m_document->store();
    core::Result<void> r;
    if (!store)
        r = core::fail("busy", "the ledger is loading; try again in a moment");
    else if (to)
        r = store->setValueAlias(*to);
    else if (from) {
        auto removed = store->removeValueAlias(from->key, from->value);
        if (!removed)
            r = core::fail(removed.error());
    }
    if (!r) {
        if (m_onError)
            m_onError(fmt::q(r.error().message()));
        return false;
    }
    m_analysis->keepHistoryOnNextLoad();
    m_document->reload();
    return true;
}

void ValueAliasCommand::redo()
{
    if (!write(m_before, m_after) && std::exchange(m_first, false))
        setObsolete(true); // the first redo failed: nothing goes on the stack
    m_first = false;
}

void ValueAliasCommand::undo()
{
    write(m_after, m_before);
}

} // namespace unalloc::ui
