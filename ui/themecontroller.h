#pragma once

#include "theme.h"

#include <QObject>

namespace unalloc::ui {

/// @brief Owns the theme in use: applies its palette to the application and tells painted
/// widgets (charts, figure cards) to repaint when the user switches light/dark.
class ThemeController final : public QObject
{
    Q_OBJECT
public:
    explicit ThemeController(QObject *parent = nullptr);

    const Theme &theme() const { return m_theme; }
    Theme::Mode mode() const { return m_mode; }
    void setMode(Theme::Mode mode);

signals:
    void changed();

private:
    Theme::Mode m_mode = Theme::Mode::System;
    Theme m_theme = Theme::light();
};

} // namespace unalloc::ui
