#include "preferencesdialog.h"

#include "appcontext.h"
#include "format.h"
#include "ledgerbudget.h"
#include "settings.h"
#include "themecontroller.h"
#include "translations.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>

namespace unalloc::ui {

namespace {

QDoubleSpinBox *percentSpin(const char *objectName)
{
    auto *spin = new QDoubleSpinBox;
    spin->setObjectName(QLatin1String(objectName));
    spin->setRange(0, 100);
    spin->setDecimals(1);
    spin->setSingleStep(1);
    spin->setSuffix(QStringLiteral(" %"));
    return spin;
}

/// A spin box's value as an exact percentage (it shows one decimal).
core::Decimal spinPct(const QDoubleSpinBox *spin)
{
    return core::Decimal::parse(QString::number(spin->value(), 'f', 1).toStdString())
        .value_or(core::Decimal());
}

} // namespace

PreferencesDialog::PreferencesDialog(AppContext *app, LedgerBudget *budget, QWidget *parent)
    : QDialog(parent)
    , m_app(app)
    , m_budget(budget)
    , m_language(new QComboBox)
    , m_theme(new QComboBox)
    , m_languageLabel(new QLabel)
    , m_themeLabel(new QLabel)
    , m_budgetBox(new QGroupBox)
    , m_target(percentSpin("budgetTargetSpin"))
    , m_critical(percentSpin("budgetCriticalSpin"))
    , m_targetLabel(new QLabel)
    , m_criticalLabel(new QLabel)
    , m_budgetNote(new QLabel)
    , m_budgetError(new QLabel)
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
        if (apply())
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

    m_budgetBox->setObjectName(QStringLiteral("budgetBox"));
    auto *budgetForm = new QFormLayout(m_budgetBox);
    m_targetLabel->setBuddy(m_target);
    m_criticalLabel->setBuddy(m_critical);
    budgetForm->addRow(m_targetLabel, m_target);
    budgetForm->addRow(m_criticalLabel, m_critical);
    m_budgetNote->setObjectName(QStringLiteral("budgetNote"));
    m_budgetNote->setWordWrap(true);
    budgetForm->addRow(m_budgetNote);
    m_budgetError->setObjectName(QStringLiteral("budgetError"));
    m_budgetError->setWordWrap(true);
    m_budgetError->hide();
    budgetForm->addRow(m_budgetError);
    if (m_budget) {
        const core::UBudget stored = m_budget->stored();
        m_target->setValue(stored.targetPct.toDouble());
        m_critical->setValue(stored.criticalPct.toDouble());
    } else {
        m_budgetBox->hide();
    }
    form->addRow(m_budgetBox);
    form->addRow(buttons);
    setMinimumWidth(460);
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
    m_budgetBox->setTitle(tr("Budget of this ledger"));
    m_targetLabel->setText(tr("U &target:"));
    m_target->setToolTip(tr("The unallocated share this ledger aims at: the target line of the "
                            "fix-plan curve; the Overview says when U is above it. The same "
                            "figure `unalloc report --budget` gates CI on."));
    m_criticalLabel->setText(tr("U is &critical from:"));
    m_critical->setToolTip(tr("From this unallocated share on, the Overview marks U critical."));
    if (m_budget && m_budget->targetOverride())
        m_budgetNote->setText(
            tr("This run's target is %1 % from the command line (--budget); what you store "
               "here applies from the next start.")
                .arg(fmt::q(m_budget->targetOverride()->toString())));
    else
        m_budgetNote->setText(tr("Kept for this ledger file only."));
    m_language->setItemText(0, Translations::available().front().second); // "System language"
    m_theme->setItemText(0, tr("Follow the system"));
    m_theme->setItemText(1, tr("Light"));
    m_theme->setItemText(2, tr("Dark"));
    // The standard buttons' texts come from Qt's own catalogue.
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("OK"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    m_buttons->button(QDialogButtonBox::Apply)->setText(tr("Apply"));
}

bool PreferencesDialog::apply()
{
    if (m_budget) {
        core::UBudget b;
        b.targetPct = spinPct(m_target);
        b.criticalPct = spinPct(m_critical);
        if (auto ok = b.checked(); !ok) {
            m_budgetError->setText(tr("Budget not stored: the critical share must be at least "
                                      "the target."));
            m_budgetError->show();
            m_critical->setFocus();
            return false;
        }
        m_budgetError->hide();
        m_budget->setStored(b);
    }
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
    return true;
}

} // namespace unalloc::ui
