#pragma once

#include "core/analysis/analysissnapshot.h"
#include "core/ledger/ledgerstore.h"
#include "core/valuealiases.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <memory>

namespace unalloc::ui {

/// What a worker reads out of a store: the cube, the catalog and the rules.
struct LoadedLedger
{
    std::shared_ptr<const core::CostCube> cube;
    std::shared_ptr<const core::LedgerCatalog> catalog;
    core::Rules rules;
    std::shared_ptr<const std::vector<core::Invoice>> invoices;
    std::shared_ptr<const std::vector<core::AliasMove>> aliasMoves;
    QString error;
};

/// @brief The open ledger: one LedgerStore plus the aggregate read from it off the GUI thread.
///
/// While a load runs, nothing else touches the store (the SQLite store is one connection per
/// instance); views get the store back through store() once loaded() was emitted.
class LedgerDocument final : public QObject
{
    Q_OBJECT
public:
    explicit LedgerDocument(QObject *parent = nullptr);
    ~LedgerDocument() override;

    /// Takes the store and loads it asynchronously. `displayName` names it in captions.
    void
    setStore(std::unique_ptr<core::LedgerStore> store, const QString &displayName, bool isDemo);
    /// Reads the store again (after an import).
    void reload();

    bool isLoaded() const { return m_input.cube != nullptr && !m_loading; }
    bool isLoading() const { return m_loading; }
    bool isDemo() const { return m_demo; }
    QString displayName() const { return m_displayName; }
    /// The ledger file, or empty for an in-memory ledger.
    QString filePath() const;
    /// What the explorer's settings remember this ledger by: "demo", the file's canonical
    /// path (so two spellings of one file share their state), or the display name.
    QString settingsKey() const;
    core::LedgerStore *store() const { return m_loading ? nullptr : m_store.get(); }
    const core::AnalysisInput &input() const { return m_input; }
    const core::LedgerCatalog &catalog() const;

signals:
    void loadingStarted();
    void loaded();
    void loadFailed(const QString &message);

private:
    void onLoadFinished();

    std::shared_ptr<core::LedgerStore> m_store;
    core::AnalysisInput m_input;
    QString m_displayName;
    bool m_demo = false;
    bool m_loading = false;
    QFutureWatcher<LoadedLedger> m_watcher;
};

} // namespace unalloc::ui
