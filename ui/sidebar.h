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
    /// Role holding a saved view entry's name (other entries have none).
    static constexpr int SavedViewRole = Qt::UserRole + 1;

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
    /// Replaces the "Saved views" section (added after the views) by `names`, in order.
    void setSavedViews(const QStringList &names, const QStringList &tooltips);
    /// Row of the saved view `name`, or -1.
    int rowOfSavedView(const QString &name) const;

protected:
    QModelIndex moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers) override;

private:
    bool isSelectableRow(int row) const;
    int m_rowHeight;
};

} // namespace unalloc::ui
