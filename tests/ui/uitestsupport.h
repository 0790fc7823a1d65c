#pragma once

// Shared set-up of the explorer's GUI tests: hermetic settings, a fixed clock and locale, and
// the demo sample imported into a ledger in a temporary directory.
#include "ui/appcontext.h"
#include "ui/demoledger.h"
#include "ui/settings.h"
#include "ui/themecontroller.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTimeZone>

#include <memory>

namespace unalloc::ui::test {

inline QString demoDir()
{
    return QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo");
}

/// @brief Everything an explorer widget needs, pinned for tests.
struct TestContext
{
    QTemporaryDir dir;
    QSettings qsettings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    Settings settings{&qsettings};
    ThemeController theme;
    AppContext app;

    TestContext()
    {
        app.settings = &settings;
        app.theme = &theme;
        app.locale = QLocale(QLocale::English, QLocale::UnitedStates);
        app.clock = [] {
            return QDateTime(QDate(2026, 9, 2), QTime(9, 0), QTimeZone::utc());
        };
        theme.setMode(Theme::Mode::Light);
    }
    QString path(const QString &name) const { return dir.filePath(name); }
    std::unique_ptr<core::LedgerStore> demoStore()
    {
        auto store = createDemoLedger(path(QStringLiteral("demo.unalloc")), demoDir());
        return store ? std::move(*store) : nullptr;
    }
};

} // namespace unalloc::ui::test
