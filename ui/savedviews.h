#pragma once

#include "core/analysis/viewstate.h"
#include "core/result.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace unalloc::ui {

class Settings;

/// @brief The explorer's remembered analysis states, kept in QSettings (never in the ledger:
/// they are the analyst's way of looking, not the ledger's content).
///
/// Two kinds: the last state of each ledger (restored when it opens, keyed by its canonical
/// path) and the named saved views, shared by every ledger (a view made on July's ledger
/// applies to August's; checkViewState flags what a ledger does not hold). Names are unique
/// (compared case-insensitively); the list is kept sorted by name.
class SavedViews final : public QObject
{
    Q_OBJECT
public:
    explicit SavedViews(Settings *settings, QObject *parent = nullptr);

    const std::vector<core::ViewState> &views() const { return m_views; }
    /// Index of the view named `name` (case-insensitive), or -1.
    int indexOf(const QString &name) const;
    /// Adds `state` under its name, replacing a view of the same name. Returns its index.
    int save(const core::ViewState &state);
    /// Renames view `index`; false when `name` is empty or taken by another view.
    bool rename(int index, const QString &name);
    void remove(int index);

    /// Writes view `index` as its JSON file.
    core::Result<void> exportTo(int index, const QString &path) const;
    /// Reads a view file (not yet saved: the caller decides, e.g. after a rename).
    static core::Result<core::ViewState> readFile(const QString &path);

    /// The state `ledgerKey` was left in, if any.
    std::optional<core::ViewState> ledgerState(const QString &ledgerKey) const;
    void setLedgerState(const QString &ledgerKey, const core::ViewState &state);

signals:
    void changed();

private:
    void store();

    Settings *m_settings;
    std::vector<core::ViewState> m_views;
};

} // namespace unalloc::ui
