#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace unalloc::ui {

namespace {

QString languageOf(const QString &code)
{
    return code == QLatin1String("system") ? QLocale::system().name().left(2) : code;
}

} // namespace

Translations::Translations(QObject *parent)
    : QObject(parent)
{}

Translations::~Translations()
{
    uninstall();
}

void Translations::uninstall()
{
    if (!m_installed)
        return;
    QCoreApplication::removeTranslator(&m_app);
    QCoreApplication::removeTranslator(&m_qt);
    m_installed = false;
}

bool Translations::setLanguage(const QString &code)
{
    uninstall();
    m_code = code;
    const QString lang = languageOf(code);
    // English is the source language; its catalogue only holds the plural forms
    // ("1 source", "5 sources"). Unknown languages fall back to it.
    const bool found = m_app.load(QStringLiteral(":/i18n/unalloc_") + lang);
    if (!found && !m_app.load(QStringLiteral(":/i18n/unalloc_en")))
        return false;
    if (found && lang != QLatin1String("en") &&
        m_qt.load(QStringLiteral("qtbase_") + lang,
                  QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(&m_qt);
    QCoreApplication::installTranslator(&m_app);
    m_installed = true;
    return found || code == QLatin1String("system");
}

QLocale Translations::localeFor(const QString &code)
{
    // Numbers and dates follow the chosen language; a system locale of that language keeps
    // its territory (de_AT stays de_AT), otherwise the language's main one is used.
    const QLocale system = QLocale::system();
    const QString lang = languageOf(code);
    if (code == QLatin1String("system") || system.name().left(2) == lang)
        return system;
    if (lang == QLatin1String("de"))
        return QLocale(QLocale::German, QLocale::Germany);
    return QLocale(QLocale::English, QLocale::UnitedStates);
}

QList<QPair<QString, QString>> Translations::available()
{
    return {{QStringLiteral("system"), tr("System language")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

} // namespace unalloc::ui
