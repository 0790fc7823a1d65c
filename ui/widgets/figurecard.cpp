#include "figurecard.h"

#include <QEvent>
#include <QLabel>
#include <QTextLayout>
#include <QVBoxLayout>

#include <algorithm>

namespace unalloc::ui {

namespace {

constexpr int kDetailLines = 2;

/// `text` in at most `lines` lines of `width`, the last one elided ("…") when it does not fit.
QString fitLines(const QString &text, const QFont &font, int width, int lines)
{
    if (width <= 0)
        return text;
    QTextLayout layout(text, font);
    layout.beginLayout();
    QString out;
    for (int n = 0; n < lines; ++n) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        const QString part = text.mid(line.textStart(), line.textLength());
        if (n == lines - 1 && line.textStart() + line.textLength() < text.size()) {
            out += QFontMetrics(font).elidedText(text.mid(line.textStart()), Qt::ElideRight, width);
            break;
        }
        out += part;
    }
    layout.endLayout();
    return out;
}

/// Keeps a card readable when it narrows (four cards side by side at 1024 px): the figure's
/// font shrinks (down to 1.2× the body text) until its widest word fits, and the detail keeps
/// two lines, elided, with the whole text in its tool tip.
class CardFitter final : public QObject
{
public:
    CardFitter(QLabel *caption, QLabel *value, QLabel *detail, QObject *parent)
        : QObject(parent)
        , m_caption(caption)
        , m_captionText(caption->text())
        , m_value(value)
        , m_detail(detail)
        , m_big(value->font())
    {}

    void setTexts(const QString &value, const QString &detail)
    {
        m_valueText = value;
        m_detailText = detail;
        fit();
    }
    QString value() const { return m_valueText; }
    QString detail() const { return m_detailText; }

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize)
            fit();
        return QObject::eventFilter(watched, event);
    }

private:
    void fit()
    {
        // A long caption (German) is elided, whole in its tool tip, rather than widening the
        // row of cards past a 1024 px window.
        const QString caption =
            QFontMetrics(m_caption->font())
                .elidedText(m_captionText, Qt::ElideRight, m_caption->contentsRect().width());
        m_caption->setText(caption);
        m_caption->setToolTip(caption != m_captionText ? m_captionText : QString());
        const int width = m_value->contentsRect().width();
        QFont font = m_big;
        const double smallest = m_big.pointSizeF() / 2.0 * 1.2;
        auto widest = [this](const QFont &f) {
            int w = 0;
            for (const QString &word : m_valueText.split(QLatin1Char(' ')))
                w = std::max(w, QFontMetrics(f).horizontalAdvance(word));
            return w;
        };
        // One line if a smaller figure allows it (a fixed-height card shows one line of it);
        // else at least every word whole.
        const auto line = [this](const QFont &f) {
            return QFontMetrics(f).horizontalAdvance(m_valueText);
        };
        while (width > 0 && line(font) > width && font.pointSizeF() - 1 >= smallest)
            font.setPointSizeF(font.pointSizeF() - 1);
        m_value->setFont(font);
        m_value->setText(m_valueText);
        m_value->setToolTip(widest(font) > width ? m_valueText : QString());
        const QString shown = fitLines(m_detailText, m_detail->font(),
                                       m_detail->contentsRect().width(), kDetailLines);
        m_detail->setText(shown);
        m_detail->setToolTip(shown != m_detailText ? m_detailText : QString());
    }

    QLabel *m_caption;
    QString m_captionText;
    QLabel *m_value;
    QLabel *m_detail;
    QFont m_big;
    QString m_valueText, m_detailText;
};

CardFitter *fitterOf(const QObject *card)
{
    // By name: CardFitter has no meta-object of its own for findChild<CardFitter *>.
    return static_cast<CardFitter *>(
        card->findChild<QObject *>(QStringLiteral("cardFitter"), Qt::FindDirectChildrenOnly));
}

} // namespace

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
    m_caption->setMinimumWidth(m_caption->fontMetrics().averageCharWidth() * 8);
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
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
    auto *fitter = new CardFitter(m_caption, m_value, m_detail, this);
    fitter->setObjectName(QStringLiteral("cardFitter"));
    m_caption->installEventFilter(fitter);
    m_value->installEventFilter(fitter);
    m_detail->installEventFilter(fitter);
}

void FigureCard::setValue(const QString &value, const QString &detail, const QColor &colour)
{
    fitterOf(this)->setTexts(value, detail);
    // A style sheet, not the palette: the application palette (light/dark) is set after us.
    m_value->setStyleSheet(colour.isValid() ? QStringLiteral("color: %1").arg(colour.name())
                                            : QString());
}

QString FigureCard::value() const
{
    return fitterOf(this)->value();
}

QString FigureCard::detail() const
{
    return fitterOf(this)->detail(); // the whole text, also when the card shows it elided
}

} // namespace unalloc::ui
