#include "preferencesdialog.h"

#include "appcontext.h"
#include "settings.h"
#include "themecontroller.h"
#include "translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

namespace unalloc::ui {

PreferencesDialog::PreferencesDialog(AppContext *app, QWidget *parent)
    : QDialog(parent)
    , m_app(app)
    , m_language(new QComboBox)
    , m_theme(new QComboBox)
    , m_languageLabel(new QLabel)
    , m_themeLabel(new QLabel)
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                     QDialogButtonBox::Apply))
{
    setObjectName(QStringLiteral("preferencesDialog"));
    m_language->setObjectName(QStringLiteral("languageCombo"));
    m_theme->setObjectName(QStringLiteral("themeCombo"));
    for (const auto &[code, name] : Translations::available())
        m_language->addItem(name, code);
    for (const char *mode : {"system", "light", "dark"})
        m_theme->addItem(QString(), QLatin1String(mode));
    m_language->setCurrentIndex(
        std::max(0, m_language->findData(app->settings->value(keys::language))));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(app->settings->value(keys::theme))));
    auto *buttons = m_buttons;
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
            &PreferencesDialog::apply);
    auto *form = new QFormLayout(this);
    m_languageLabel->setBuddy(m_language);
    m_themeLabel->setBuddy(m_theme);
    form->addRow(m_languageLabel, m_language);
    form->addRow(m_themeLabel, m_theme);
    form->addRow(buttons);
    retranslate();
}

void PreferencesDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void PreferencesDialog::retranslate()
{
    setWindowTitle(tr("Preferences"));
    m_languageLabel->setText(tr("&Language:"));
    m_themeLabel->setText(tr("&Theme:"));
    m_language->setItemText(0, Translations::available().front().second); // "System language"
    m_theme->setItemText(0, tr("Follow the system"));
    m_theme->setItemText(1, tr("Light"));
    m_theme->setItemText(2, tr("Dark"));
    // The standard buttons' texts come from Qt's own catalogue.
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("OK"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    m_buttons->button(QDialogButtonBox::Apply)->setText(tr("Apply"));
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
