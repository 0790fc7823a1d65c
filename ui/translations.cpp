#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace unalloc::ui {

Translations::Translations(QObject *parent) : QObject(parent) {}

bool Translations::setLanguage(const QString &code)
{
    if (m_installed) {
        QCoreApplication::removeTranslator(&m_app);
        QCoreApplication::removeTranslator(&m_qt);
        m_installed = false;
    }
    m_code = code;
    const QString lang = code == QLatin1String("system") ? QLocale::system().name().left(2) : code;
    if (lang == QLatin1String("en"))
        return true;
    if (!m_app.load(QStringLiteral(":/i18n/unalloc_") + lang))
        return code == QLatin1String("system");
    (void)m_qt.load(QStringLiteral("qtbase_") + lang, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    QCoreApplication::installTranslator(&m_qt);
    QCoreApplication::installTranslator(&m_app);
    m_installed = true;
    return true;
}

QList<QPair<QString, QString>> Translations::available()
{
    return {{QStringLiteral("system"), tr("System language")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

} // namespace unalloc::ui
