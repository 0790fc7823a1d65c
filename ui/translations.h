#pragma once

#include <QLocale>
#include <QObject>
#include <QTranslator>

namespace unalloc::ui {

/// @brief Switches the UI language at run time: installs the explorer's and Qt's own
/// translators for "de", the plural forms for "en", follows the system for "system".
class Translations final : public QObject
{
    Q_OBJECT
public:
    explicit Translations(QObject *parent = nullptr);
    ~Translations() override;

    /// "system", "en" or "de". Returns false when no translation was found for the language.
    bool setLanguage(const QString &code);
    QString language() const { return m_code; }
    /// The locale numbers and dates are formatted with for the language `code`.
    static QLocale localeFor(const QString &code);
    /// The languages offered in preferences: code and native name.
    static QList<QPair<QString, QString>> available();

private:
    void uninstall();

    QString m_code = QStringLiteral("en");
    QTranslator m_app;
    QTranslator m_qt;
    bool m_installed = false;
};

} // namespace unalloc::ui
