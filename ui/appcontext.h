#pragma once

#include <QDateTime>
#include <QLocale>

#include <functional>

namespace unalloc::ui {

class Settings;
class ThemeController;
class Translations;

/// @brief What the explorer's widgets depend on, passed in instead of fetched from singletons:
/// settings, the clock (captions are dated), the locale numbers are formatted with, the theme
/// and the translation switcher. Tests build one with an INI file, a fixed clock and C locale.
struct AppContext
{
    Settings *settings = nullptr;
    ThemeController *theme = nullptr;
    Translations *translations = nullptr; ///< may be null (tests)
    std::function<QDateTime()> clock = [] {
        return QDateTime::currentDateTimeUtc();
    };
    QLocale locale;
};

} // namespace unalloc::ui
