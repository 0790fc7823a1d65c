#include "icons.h"

#include <QFile>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace unalloc::ui::icons {

namespace {

QByteArray svgText(const QString &name)
{
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!file.open(QIODevice::ReadOnly)) {
        file.setFileName(QStringLiteral(":/icons/view.svg"));
        if (!file.open(QIODevice::ReadOnly))
            return {};
    }
    return file.readAll();
}

QPixmap render(QByteArray svg, const QColor &colour, int size)
{
    // The files draw with currentColor; Qt's SVG renderer has no such context, so the colour
    // is written in before parsing.
    svg.replace("currentColor", colour.name(QColor::HexRgb).toLatin1());
    QSvgRenderer renderer(svg);
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter, QRectF(0, 0, size, size));
    return pixmap;
}

} // namespace

QIcon themed(const QString &name, const QColor &colour, const QColor &selected)
{
    const QByteArray svg = svgText(name);
    QIcon icon;
    if (svg.isEmpty())
        return icon;
    for (int size : {16, 20, 24, 32, 40, 48}) {
        icon.addPixmap(render(svg, colour, size), QIcon::Normal);
        icon.addPixmap(render(svg, selected, size), QIcon::Selected);
    }
    return icon;
}

} // namespace unalloc::ui::icons
