#pragma once

#include <QString>
#include <QWidget>

namespace unalloc::ui::test {

/// With UNALLOC_GRAB_DIR set, saves `widget` as NAME.png there (to look at a dialog or the
/// sidebar as a user would); otherwise does nothing. Never part of a check.
inline void grabIfAsked(QWidget *widget, const QString &name)
{
    const QString dir = qEnvironmentVariable("UNALLOC_GRAB_DIR");
    if (!dir.isEmpty() && widget)
        widget->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
}

} // namespace unalloc::ui::test
