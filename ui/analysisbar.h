#pragma once

#include "core/analysis/analysisrequest.h"
#include "core/analysis/ledgercatalog.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QMenu;
class QToolButton;

namespace unalloc::ui {

class AnalysisController;
class FallbackChips;
class LedgerDocument;
struct AppContext;

/// @brief The bar every view shares: period, sources (partial batches marked), owner key with
/// "n of N rows", ordered fallback chips and the equivalent `unalloc report …` line. Each edit
/// becomes one undoable change of the AnalysisController's request.
class AnalysisBar final : public QWidget
{
    Q_OBJECT
public:
    AnalysisBar(AppContext *app,
                LedgerDocument *document,
                AnalysisController *analysis,
                QWidget *parent = nullptr);

    QComboBox *periodCombo() const { return m_period; }
    QComboBox *ownerCombo() const { return m_owner; }
    FallbackChips *chips() const { return m_chips; }
    QLineEdit *commandLine() const { return m_command; }
    QCheckBox *dedupeCheck() const { return m_dedupe; }
    /// The currency in play; a choice only when the ledger holds several (never summed).
    QComboBox *currencyCombo() const { return m_currency; }
    /// Rebuilds the choices from the ledger and shows the current request.
    void refresh();
    /// Sets the owner key the user typed (canonicalised like the CLI does).
    void setOwnerKeyText(const QString &text);
    /// The bar's last control in the tab chain (the window links the sidebar after it).
    QWidget *lastInTabOrder() const;

private:
    void rebuildFromCatalog();
    void showRequest(const core::AnalysisRequest &request);
    void rebuildSources(const core::AnalysisRequest &request);
    void onPeriodActivated(int index);
    void askCustomPeriod();
    void onSourceToggled(const QString &source, bool on);
    void onCurrencyActivated(int index);
    void copyCommand();
    void fixTabOrder();

    AppContext *m_app;
    LedgerDocument *m_document;
    AnalysisController *m_analysis;
    QComboBox *m_period;
    QToolButton *m_sources;
    QMenu *m_sourcesMenu;
    QComboBox *m_owner;
    FallbackChips *m_chips;
    QLineEdit *m_command;
    QCheckBox *m_dedupe;
    QComboBox *m_currency;
    QToolButton *m_copy = nullptr;
    QString m_ownerShown; ///< the owner field's text as showRequest left it
    bool m_updating = false;
};

} // namespace unalloc::ui
