#pragma once

#include <QColor>
#include <QIcon>
#include <QString>

namespace unalloc::ui::icons {

/// The line icon `name` (resources/icons/<name>.svg, embedded as ":/icons/<name>.svg") drawn
/// in `colour`, and in `selected` when its item is selected, so it follows the light or dark
/// palette. An unknown name gives the generic "view" icon.
QIcon themed(const QString &name, const QColor &colour, const QColor &selected);

} // namespace unalloc::ui::icons
