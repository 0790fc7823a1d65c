#include "chartcanvas.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace unalloc::ui {

ChartCanvas::ChartCanvas(QWidget *parent)
    : QWidget(parent)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setMouseTracking(true);
}

void ChartCanvas::setTheme(const Theme &theme)
{
    m_theme = theme;
    update();
}

void ChartCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    paintChart(p, QRectF(rect()));
}

bool ChartCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace unalloc::ui
