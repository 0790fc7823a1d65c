#pragma once

#include "core/rules.h"

#include <QCoreApplication>
#include <QUndoCommand>

#include <functional>
#include <optional>

namespace unalloc::ui {

class AnalysisController;
class LedgerDocument;

/// @brief Adds, retargets or removes one label value alias in the ledger and reloads it;
/// undo writes the alias as it was before. Keeps the undo history across the reload, like
/// the other commands that change the ledger.
class ValueAliasCommand final : public QUndoCommand
{
    Q_DECLARE_TR_FUNCTIONS(ValueAliasCommand)
public:
    /// `before` and `after` are the alias of one (key, value) before and after the change;
    /// unset = none.
    ValueAliasCommand(LedgerDocument *document,
                      AnalysisController *analysis,
                      std::optional<core::ValueAlias> before,
                      std::optional<core::ValueAlias> after,
                      const QString &text,
                      std::function<void(const QString &)> onError);

    void redo() override;
    void undo() override;

private:
    bool write(const std::optional<core::ValueAlias> &from,
               const std::optional<core::ValueAlias> &to);

    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    std::optional<core::ValueAlias> m_before, m_after;
    bool m_first = true;
    std::function<void(const QString &)> m_onError;
};

} // namespace unalloc::ui
