#include "themecontroller.h"

#include <QApplication>

namespace unalloc::ui {

ThemeController::ThemeController(QObject *parent)
    : QObject(parent)
{}

void ThemeController::setMode(Theme::Mode mode)
{
    m_mode = mode;
    m_theme = Theme::forMode(mode);
    QApplication::setPalette(m_theme.palette());
    emit changed();
}

} // namespace unalloc::ui
