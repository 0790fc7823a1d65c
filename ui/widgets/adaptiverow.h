#pragma once

#include <QWidget>

class QBoxLayout;

namespace unalloc::ui {

/// @brief Two or more panels side by side when the width allows it, stacked otherwise: a
/// narrow window (1024 px) gets the charts one above the other instead of a page that
/// scrolls sideways. Its minimum width is its widest child's, never their sum.
class AdaptiveRow final : public QWidget
{
    Q_OBJECT
public:
    explicit AdaptiveRow(QWidget *parent = nullptr);

    void addWidget(QWidget *widget, int stretch = 0);
    /// True while the children are stacked.
    bool stacked() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    /// The width the children need side by side.
    int sideBySideWidth() const;
    QSize combined(bool stacked, bool minimum) const;

    QBoxLayout *m_layout;
    QList<QWidget *> m_children;
};

} // namespace unalloc::ui
