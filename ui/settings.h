#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <QVariant>

namespace unalloc::ui {

/// A settings entry: its path and default, declared once in `keys` below.
template<class T> struct SettingKey
{
    const char *path;
    T defaultValue;
};

/// Every persistent setting of the explorer.
namespace keys {
inline const SettingKey<QByteArray> windowGeometry{"window/geometry", {}};
inline const SettingKey<QByteArray> windowState{"window/state", {}};
inline const SettingKey<QString> lastView{"window/lastView", QStringLiteral("overview")};
inline const SettingKey<QStringList> recentFiles{"files/recent", {}};
inline const SettingKey<QString> lastDirectory{"files/lastDirectory", {}};
inline const SettingKey<bool> csvExcelBom{"export/csvExcelBom", false};
inline const SettingKey<QString> language{"ui/language", QStringLiteral("system")};
inline const SettingKey<QString> theme{"ui/theme", QStringLiteral("system")};
/// Per ledger (Settings::ledgerValue): the Feature economics view's feature key.
inline const SettingKey<QString> economicsFeatureKey{"economics/featureKey",
                                                     QStringLiteral("feature")};
/// Per ledger: the U target (the fix-plan curve's line, "over budget" in the Overview) and
/// the U from which the Overview marks it critical, as exact percentages ("10", "7.5").
inline const SettingKey<QString> budgetTarget{"budget/uTarget", QStringLiteral("10")};
inline const SettingKey<QString> budgetCritical{"budget/uCritical", QStringLiteral("25")};
/// The Trends view's step: "day", "week" or "month" (core::parseTrendStep).
inline const SettingKey<QString> trendsStep{"trends/step", QStringLiteral("day")};
/// The ledger open when the explorer last closed: its absolute path, or "demo" (the bundled
/// demo). Empty until a first start has opened something.
inline const SettingKey<QString> lastLedger{"files/lastLedger", {}};
/// The named saved views (core::ViewState JSON, one per entry), shared by every ledger.
inline const SettingKey<QStringList> savedViews{"views/saved", {}};
/// Per ledger: the analysis state it was left in (core::ViewState JSON).
inline const SettingKey<QString> ledgerState{"analysis/state", {}};
} // namespace keys

/// @brief Typed access to QSettings: a key's type and default live in its declaration.
///
/// Takes the QSettings it works on, so tests hand in an INI file in a temporary directory.
class Settings final
{
public:
    explicit Settings(QSettings *settings)
        : m_settings(settings)
    {}

    template<class T> T value(const SettingKey<T> &key) const
    {
        const QVariant v = m_settings->value(QLatin1String(key.path));
        return v.isValid() ? v.value<T>() : key.defaultValue;
    }
    template<class T> void setValue(const SettingKey<T> &key, const T &value)
    {
        m_settings->setValue(QLatin1String(key.path), QVariant::fromValue(value));
    }

    /// Puts `path` first in the recent-files list (at most `max` entries).
    void addRecentFile(const QString &path, int max = 8);

    /// A setting kept per ledger (e.g. the Feature economics view's feature key): stored under
    /// `ledgers/<hash of ledger>/<key.path>`, so each ledger file remembers its own value.
    /// `ledger` is the ledger's absolute path, or a fixed name such as "demo".
    template<class T> T ledgerValue(const QString &ledger, const SettingKey<T> &key) const
    {
        const QVariant v = m_settings->value(ledgerPath(ledger, key.path));
        return v.isValid() ? v.value<T>() : key.defaultValue;
    }
    template<class T>
    void setLedgerValue(const QString &ledger, const SettingKey<T> &key, const T &value)
    {
        m_settings->setValue(ledgerPath(ledger, key.path), QVariant::fromValue(value));
    }

private:
    static QString ledgerPath(const QString &ledger, const char *path);

    QSettings *m_settings;
};

} // namespace unalloc::ui
