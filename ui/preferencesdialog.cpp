#include "preferencesdialog.h"

#include "appcontext.h"
#include "settings.h"
#include "themecontroller.h"
#include "translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QPushButton>

namespace unalloc::ui {

PreferencesDialog::PreferencesDialog(AppContext *app, QWidget *parent)
    : QDialog(parent)
    , m_app(app)
    , m_language(new QComboBox)
    , m_theme(new QComboBox)
{
    setWindowTitle(tr("Preferences"));
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_theme->setObjectName(QStringLiteral("themeCombo"));
    for (const auto &[code, name] : Translations::available())
        m_language->addItem(name, code);
    m_theme->addItem(tr("Follow the system"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(app->settings->value(keys::language))));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(app->settings->value(keys::theme))));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                         QDialogButtonBox::Apply);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
            &PreferencesDialog::apply);
    auto *form = new QFormLayout(this);
    form->addRow(tr("&Language:"), m_language);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(buttons);
}

void PreferencesDialog::apply()
{
    const QString language = m_language->currentData().toString();
    const QString theme = m_theme->currentData().toString();
    m_app->settings->setValue(keys::language, language);
    m_app->settings->setValue(keys::theme, theme);
    if (m_app->translations && m_app->translations->language() != language) {
        // The locale first: the language change rebuilds the window, which then formats
        // every figure with it.
        m_app->locale = Translations::localeFor(language);
        QLocale::setDefault(m_app->locale);
        m_app->translations->setLanguage(language);
    }
    m_app->theme->setMode(Theme::modeFromString(theme));
}

} // namespace unalloc::ui
