#include "focusring.h"

#include "ui/themecontroller.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>

namespace unalloc::ui {

FocusRing::FocusRing(ThemeController *theme, QObject *parent)
    : QObject(parent)
    , m_theme(theme)
{
    connect(qApp, &QApplication::focusChanged, this,
            [this](QWidget *, QWidget *now) { follow(now); });
    connect(m_theme, &ThemeController::changed, this, &FocusRing::place);
}

QWidget *FocusRing::overlayOf(const QWidget *window)
{
    return window ? window->findChild<FocusRingOverlay *>(QStringLiteral("focusRing"),
                                                          Qt::FindDirectChildrenOnly)
                  : nullptr;
}

void FocusRing::follow(QWidget *widget)
{
    for (const QPointer<QWidget> &w : std::as_const(m_watched))
        if (w)
            w->removeEventFilter(this);
    m_watched.clear();
    // The previous window's ring goes when the focus leaves it.
    if (m_target && m_target->window() != (widget ? widget->window() : nullptr))
        if (QWidget *old = overlayOf(m_target->window()))
            old->hide();
    m_target = widget;
    if (!widget || qobject_cast<FocusRingOverlay *>(widget))
        return;
    // The widget, its ancestors and its window: a move, resize or show of any of them (a
    // scrolled page, a stacked page switched in, the window shown after the focus was set)
    // places the ring again.
    for (QWidget *w = widget; w; w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched.append(w);
        if (w->isWindow())
            break;
    }
    place();
}

bool FocusRing::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::Hide:
    case QEvent::WindowActivate:
    case QEvent::LayoutRequest:
        place();
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

void FocusRing::place()
{
    if (!m_target)
        return;
    QWidget *window = m_target->window();
    auto *overlay = static_cast<FocusRingOverlay *>(overlayOf(window));
    if (!overlay)
        overlay = new FocusRingOverlay(window);
    // Dark palettes get a light ring, light ones a strong blue: both clear of the Highlight
    // that marks selected rows.
    overlay->setColour(m_theme->theme().dark ? QColor(0x93, 0xc5, 0xfd) : QColor(0x1d, 0x4e, 0xd8));
    // Only the part of the widget that is on screen (a control scrolled half out of view is
    // ringed where it shows): its rectangle clipped by every ancestor's. Not visibleRegion(),
    // which the overlay itself would obscure.
    QRect visible(m_target->mapTo(window, QPoint(0, 0)), m_target->size());
    for (QWidget *p = m_target->parentWidget(); p && p != window; p = p->parentWidget())
        visible &= QRect(p->mapTo(window, QPoint(0, 0)), p->size());
    visible &= window->rect();
    if (!m_target->isVisible() || visible.isEmpty()) {
        overlay->hide();
        return;
    }
    overlay->setRing(visible);
    overlay->setGeometry(window->rect());
    overlay->raise();
    overlay->show();
}

FocusRingOverlay::FocusRingOverlay(QWidget *window)
    : QWidget(window)
{
    setObjectName(QStringLiteral("focusRing"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
}

void FocusRingOverlay::setColour(const QColor &colour)
{
    m_colour = colour;
    update();
}

void FocusRingOverlay::setRing(const QRect &ring)
{
    m_ring = ring;
    update();
}

void FocusRingOverlay::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(m_colour, kWidth));
    p.setBrush(Qt::NoBrush);
    // Drawn just inside the widget's edge, so that it is never clipped by the window.
    p.drawRoundedRect(QRectF(m_ring).adjusted(1, 1, -1, -1), 3, 3);
}

} // namespace unalloc::ui
