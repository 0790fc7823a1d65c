#include "adaptiverow.h"

#include <QBoxLayout>
#include <QResizeEvent>

namespace unalloc::ui {

AdaptiveRow::AdaptiveRow(QWidget *parent)
    : QWidget(parent)
    , m_layout(new QBoxLayout(QBoxLayout::LeftToRight, this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    // The row's minimum is computed here (the widest child), not the layout's sum.
    m_layout->setSizeConstraint(QLayout::SetNoConstraint);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
}

void AdaptiveRow::addWidget(QWidget *widget, int stretch)
{
    m_layout->addWidget(widget, stretch);
    m_children.append(widget);
    updateGeometry();
}

bool AdaptiveRow::stacked() const
{
    return m_layout->direction() == QBoxLayout::TopToBottom;
}

int AdaptiveRow::sideBySideWidth() const
{
    int width = m_layout->spacing() * std::max<int>(0, int(m_children.size()) - 1);
    for (const QWidget *w : m_children)
        width += w->minimumSizeHint().expandedTo(w->minimumSize()).width();
    return width;
}

QSize AdaptiveRow::combined(bool stacked, bool minimum) const
{
    int width = 0, height = 0;
    for (const QWidget *w : m_children) {
        const QSize s = minimum ? w->minimumSizeHint().expandedTo(w->minimumSize())
                                : w->sizeHint().expandedTo(w->minimumSize());
        width = minimum || stacked ? std::max(width, s.width()) : width + s.width();
        height = stacked ? height + s.height() : std::max(height, s.height());
    }
    const int gaps = m_layout->spacing() * std::max<int>(0, int(m_children.size()) - 1);
    return stacked ? QSize(width, height + gaps) : QSize(minimum ? width : width + gaps, height);
}

QSize AdaptiveRow::minimumSizeHint() const
{
    return combined(stacked(), true);
}

QSize AdaptiveRow::sizeHint() const
{
    return combined(stacked(), false);
}

void AdaptiveRow::resizeEvent(QResizeEvent *event)
{
    // The width decides alone (not the current direction), so that the row never flips back
    // and forth at one width.
    const bool stack = event->size().width() < sideBySideWidth();
    if (stack != stacked()) {
        m_layout->setDirection(stack ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight);
        updateGeometry();
    }
    QWidget::resizeEvent(event);
}

} // namespace unalloc::ui
