#pragma once

#include <QPointer>
#include <QWidget>

namespace unalloc::ui {

class ThemeController;

/// @brief A ring drawn around whatever control has the keyboard focus, in every window of
/// the application (the main window and its dialogs), in a colour that stands out in both
/// themes. The style's own focus marks (Fusion's faint outline, a table's dotted cell) are
/// too weak on a dark palette; this one does not depend on the style.
///
/// One FocusRing per application: it listens to QApplication::focusChanged and keeps one
/// overlay child (FocusRingOverlay, objectName "focusRing") per top-level window, placed over
/// the visible part of the focus widget and following it when it moves or resizes.
class FocusRing final : public QObject
{
    Q_OBJECT
public:
    explicit FocusRing(ThemeController *theme, QObject *parent = nullptr);

    /// The overlay of `window`, or nullptr when none was made for it yet.
    static QWidget *overlayOf(const QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void follow(QWidget *widget);
    void place();

    ThemeController *m_theme;
    QPointer<QWidget> m_target;
    QList<QPointer<QWidget>> m_watched; ///< the target and its ancestors
};

/// @brief The ring itself: a transparent, mouse-transparent child of a top-level window.
class FocusRingOverlay final : public QWidget
{
    Q_OBJECT
public:
    explicit FocusRingOverlay(QWidget *window);

    void setColour(const QColor &colour);
    QColor colour() const { return m_colour; }
    /// The focus widget's rectangle in the window's coordinates (the ring lies just outside).
    QRect ringRect() const { return m_ring; }
    void setRing(const QRect &ring);

    static constexpr int kWidth = 2;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QColor m_colour;
    QRect m_ring;
};

} // namespace unalloc::ui
