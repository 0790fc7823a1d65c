#include "theme.h"

#include <QApplication>
#include <QStyle>

namespace unalloc::ui {

QColor Theme::sourceColour(const QString &source) const
{
    const QString s = source.toLower();
    if (s == QLatin1String("openai"))
        return dark ? QColor(0xa7, 0x8b, 0xfa) : QColor(0x7c, 0x3a, 0xed);
    if (s == QLatin1String("opencost"))
        return dark ? QColor(0x2d, 0xd4, 0xbf) : QColor(0x0f, 0x76, 0x6e);
    if (s == QLatin1String("litellm"))
        return dark ? QColor(0x60, 0xa5, 0xfa) : QColor(0x25, 0x63, 0xeb);
    if (s == QLatin1String("anthropic"))
        return dark ? QColor(0xe8, 0x79, 0xf9) : QColor(0xa2, 0x1c, 0xaf);
    static const QColor ring[] = {QColor(0x65, 0xa3, 0x0d), QColor(0x0e, 0x74, 0x90),
                                  QColor(0x92, 0x40, 0x0e), QColor(0x47, 0x55, 0x69)};
    return ring[qHash(s) % (sizeof(ring) / sizeof(ring[0]))];
}

QBrush Theme::unallocatedBrush() const
{
    return QBrush(unallocated, Qt::BDiagPattern);
}

QPalette Theme::palette() const
{
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, panel);
    p.setColor(QPalette::AlternateBase, dark ? window.lighter(115) : QColor(0xf4, 0xf6, 0xf8));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, dark ? panel.lighter(120) : QColor(0xf3, 0xf4, 0xf6));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, panel);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, mutedText);
    p.setColor(QPalette::Highlight, dark ? QColor(0x2d, 0x6c, 0xdf) : QColor(0x25, 0x63, 0xeb));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, dark ? QColor(0x93, 0xc5, 0xfd) : QColor(0x1d, 0x4e, 0xd8));
    p.setColor(QPalette::Mid, border);
    p.setColor(QPalette::Disabled, QPalette::Text, mutedText);
    p.setColor(QPalette::Disabled, QPalette::WindowText, mutedText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, mutedText);
    return p;
}

Theme Theme::light()
{
    Theme t;
    t.dark = false;
    t.window = QColor(0xf6, 0xf7, 0xf9);
    t.panel = Qt::white;
    t.text = QColor(0x11, 0x18, 0x27);
    t.mutedText = QColor(0x6b, 0x72, 0x80);
    t.grid = QColor(0xe5, 0xe7, 0xeb);
    t.border = QColor(0xd1, 0xd5, 0xdb);
    t.ownerLabel = QColor(0x0f, 0x76, 0x6e);
    t.fallback = QColor(0xd9, 0x77, 0x06);
    t.unallocated = QColor(0xe1, 0x1d, 0x48);
    t.critical = QColor(0xbe, 0x12, 0x3c);
    t.overTarget = QColor(0xb4, 0x53, 0x09);
    t.partial = QColor(0xdc, 0x26, 0x26);
    return t;
}

Theme Theme::dark_()
{
    Theme t;
    t.dark = true;
    t.window = QColor(0x15, 0x18, 0x1e);
    t.panel = QColor(0x1e, 0x22, 0x2a);
    t.text = QColor(0xe5, 0xe7, 0xeb);
    t.mutedText = QColor(0x9c, 0xa3, 0xaf);
    t.grid = QColor(0x33, 0x39, 0x44);
    t.border = QColor(0x3f, 0x46, 0x52);
    t.ownerLabel = QColor(0x2d, 0xd4, 0xbf);
    t.fallback = QColor(0xfb, 0xbf, 0x24);
    t.unallocated = QColor(0xfb, 0x71, 0x85);
    t.critical = QColor(0xfb, 0x71, 0x85);
    t.overTarget = QColor(0xfd, 0xba, 0x74);
    t.partial = QColor(0xf8, 0x71, 0x71);
    return t;
}

Theme Theme::forMode(Mode mode)
{
    if (mode == Mode::Dark)
        return dark_();
    if (mode == Mode::Light)
        return light();
    // The style's own palette, not the application's (which is ours once applied).
    const QColor window = QApplication::style()->standardPalette().color(QPalette::Window);
    return window.lightness() < 128 ? dark_() : light();
}

Theme::Mode Theme::modeFromString(const QString &text)
{
    if (text == QLatin1String("dark"))
        return Mode::Dark;
    if (text == QLatin1String("light"))
        return Mode::Light;
    return Mode::System;
}

QString Theme::modeToString(Mode mode)
{
    switch (mode) {
    case Mode::Dark:
        return QStringLiteral("dark");
    case Mode::Light:
        return QStringLiteral("light");
    case Mode::System:
        break;
    }
    return QStringLiteral("system");
}

} // namespace unalloc::ui
