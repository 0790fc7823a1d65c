#pragma once

#include <QFrame>

class QLabel;

namespace unalloc::ui {

/// @brief A headline figure: caption, big value, one explanatory line; the value turns to
/// the attention colour when the figure needs a look (U ≥ 25 %).
class FigureCard final : public QFrame
{
    Q_OBJECT
public:
    explicit FigureCard(const QString &caption, QWidget *parent = nullptr);

    void setValue(const QString &value, const QString &detail, const QColor &colour = {});
    QString value() const;
    QString detail() const;

private:
    QLabel *m_caption;
    QLabel *m_value;
    QLabel *m_detail;
};

} // namespace unalloc::ui
