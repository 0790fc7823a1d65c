#pragma once

#include <QListWidget>

namespace unalloc::ui {

/// @brief The explorer's navigation column: views grouped under section headers, each with
/// an icon; views still to come are shown disabled. Arrow, Home and End keys move between
/// views and skip headers and disabled entries.
class Sidebar final : public QListWidget
{
    Q_OBJECT
public:
    /// Role holding a view entry's `--view` id (headers have none).
    static constexpr int IdRole = Qt::UserRole;

    explicit Sidebar(QWidget *parent = nullptr);

    /// The section a view belongs to ("Analysis", "Data"), translated.
    static QString sectionOf(const QString &viewId);
    void addSection(const QString &title);
    QListWidgetItem *addView(const QString &id,
                             const QString &title,
                             const QString &hint,
                             const QIcon &icon,
                             bool available);
    /// Row of the view `id`, or -1.
    int rowOf(const QString &id) const;

protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;

private:
    bool isSelectableRow(int row) const;
    int m_rowHeight;
};

} // namespace unalloc::ui
