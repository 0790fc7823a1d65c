#include "figurecard.h"

#include <QLabel>
#include <QVBoxLayout>

namespace unalloc::ui {

FigureCard::FigureCard(const QString &caption, QWidget *parent)
    : QFrame(parent)
    , m_caption(new QLabel(caption, this))
    , m_value(new QLabel(this))
    , m_detail(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Base);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_caption->setForegroundRole(QPalette::PlaceholderText);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    big.setBold(true);
    m_value->setFont(big);
    m_value->setObjectName(QStringLiteral("value"));
    m_value->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // A narrow card wraps its figure ("1 of 2 / matched") instead of cutting it.
    m_value->setWordWrap(true);
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setWordWrap(true);
    m_detail->setObjectName(QStringLiteral("detail"));
    m_detail->setMinimumHeight(m_detail->fontMetrics().height() * 2);
    m_detail->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(2);
    layout->addWidget(m_caption);
    layout->addWidget(m_value);
    layout->addWidget(m_detail);
}

void FigureCard::setValue(const QString &value, const QString &detail, const QColor &colour)
{
    m_value->setText(value);
    m_detail->setText(detail);
    // A style sheet, not the palette: the application palette (light/dark) is set after us.
    m_value->setStyleSheet(colour.isValid() ? QStringLiteral("color: %1").arg(colour.name())
                                            : QString());
}

QString FigureCard::value() const
{
    return m_value->text();
}

QString FigureCard::detail() const
{
    return m_detail->text();
}

} // namespace unalloc::ui
