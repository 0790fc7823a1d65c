#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;

namespace unalloc::ui {

struct AppContext;
class LedgerBudget;

/// @brief Language and light/dark theme, and the open ledger's U budget (target and critical
/// share); applied at once and remembered in the settings (the budget per ledger).
class PreferencesDialog final : public QDialog
{
    Q_OBJECT
public:
    /// `budget` null: no ledger budget to edit (the group is hidden).
    explicit PreferencesDialog(AppContext *app,
                               LedgerBudget *budget = nullptr,
                               QWidget *parent = nullptr);

    QComboBox *languageCombo() const { return m_language; }
    QComboBox *themeCombo() const { return m_theme; }
    QDoubleSpinBox *targetSpin() const { return m_target; }
    QDoubleSpinBox *criticalSpin() const { return m_critical; }
    /// Applies and stores the chosen language, theme and budget; false (with the reason shown
    /// in the dialog) when the budget is refused, e.g. a critical share below the target.
    bool apply();

protected:
    /// A live language switch retranslates the open dialog too.
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    AppContext *m_app;
    LedgerBudget *m_budget;
    QComboBox *m_language;
    QComboBox *m_theme;
    QLabel *m_languageLabel;
    QLabel *m_themeLabel;
    QGroupBox *m_budgetBox;
    QDoubleSpinBox *m_target;
    QDoubleSpinBox *m_critical;
    QLabel *m_targetLabel;
    QLabel *m_criticalLabel;
    QLabel *m_budgetNote;
    QLabel *m_budgetError;
    QDialogButtonBox *m_buttons;
};

} // namespace unalloc::ui
