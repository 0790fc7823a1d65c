#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;

namespace unalloc::ui {

struct AppContext;

/// @brief Language and light/dark theme; applied at once and remembered in the settings.
class PreferencesDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit PreferencesDialog(AppContext *app, QWidget *parent = nullptr);

    QComboBox *languageCombo() const { return m_language; }
    QComboBox *themeCombo() const { return m_theme; }
    /// Applies and stores the chosen language and theme.
    void apply();

protected:
    /// A live language switch retranslates the open dialog too.
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    AppContext *m_app;
    QComboBox *m_language;
    QComboBox *m_theme;
    QLabel *m_languageLabel;
    QLabel *m_themeLabel;
    QDialogButtonBox *m_buttons;
};

} // namespace unalloc::ui
