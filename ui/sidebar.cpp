#include "sidebar.h"

#include <QFont>

namespace unalloc::ui {

Sidebar::Sidebar(QWidget *parent)
    : QListWidget(parent)
    , m_rowHeight(fontMetrics().height() + 14)
{
    setFrameShape(QFrame::NoFrame);
    setIconSize(QSize(20, 20));
    setSpacing(1);
    setUniformItemSizes(false);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // A sidebar sits on the window colour, not on the white of a document list.
    viewport()->setBackgroundRole(QPalette::Window);
    setAccessibleName(tr("Views"));
}

QString Sidebar::sectionOf(const QString &viewId)
{
    return viewId == QLatin1String("ledger") ? tr("Data") : tr("Analysis");
}

void Sidebar::addSection(const QString &title)
{
    auto *item = new QListWidgetItem(title.toUpper(), this);
    item->setFlags(Qt::NoItemFlags);
    QFont f = font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setLetterSpacing(QFont::PercentageSpacing, 108);
    item->setFont(f); // drawn in the palette's disabled text colour, like the theme's muted text
    // Headers after the first get air above them.
    const int top = count() > 1 ? 14 : 6;
    item->setSizeHint(QSize(0, QFontMetrics(f).height() + top + 4));
    item->setTextAlignment(Qt::AlignLeft | Qt::AlignBottom);
}

QListWidgetItem *Sidebar::addView(
    const QString &id, const QString &title, const QString &hint, const QIcon &icon, bool available)
{
    auto *item = new QListWidgetItem(icon, title, this);
    item->setData(IdRole, id);
    item->setToolTip(hint);
    item->setSizeHint(QSize(0, m_rowHeight));
    if (!available)
        item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
    return item;
}

int Sidebar::rowOf(const QString &id) const
{
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(IdRole).toString() == id)
            return i;
    }
    return -1;
}

void Sidebar::setSavedViews(const QStringList &names, const QStringList &tooltips)
{
    const bool blocked = blockSignals(true); // the current view entry stays current
    for (int i = count() - 1; i >= 0; --i) {
        QListWidgetItem *it = item(i);
        if (it->data(SavedViewRole).isValid() || it->data(SavedViewRole + 1).toBool())
            delete takeItem(i);
    }
    if (!names.isEmpty()) {
        addSection(tr("Saved views"));
        item(count() - 1)->setData(SavedViewRole + 1, true); // marks the header as ours
    }
    for (int i = 0; i < names.size(); ++i) {
        auto *it = new QListWidgetItem(names[i], this);
        it->setData(SavedViewRole, names[i]);
        it->setToolTip(tooltips.value(i));
        it->setSizeHint(QSize(0, m_rowHeight));
    }
    blockSignals(blocked);
}

int Sidebar::rowOfSavedView(const QString &name) const
{
    for (int i = 0; i < count(); ++i) {
        if (item(i)->data(SavedViewRole).toString() == name)
            return i;
    }
    return -1;
}

bool Sidebar::isSelectableRow(int row) const
{
    const QListWidgetItem *it = item(row);
    return it && it->flags().testFlag(Qt::ItemIsEnabled) &&
           it->flags().testFlag(Qt::ItemIsSelectable);
}

QModelIndex Sidebar::moveCursor(CursorAction action, Qt::KeyboardModifiers modifiers)
{
    int row = currentRow();
    int step = 0;
    switch (action) {
    case MoveUp:
    case MovePrevious:
        step = -1;
        break;
    case MoveDown:
    case MoveNext:
        step = 1;
        break;
    case MoveHome:
    case MovePageUp:
        row = -1;
        step = 1;
        break;
    case MoveEnd:
    case MovePageDown:
        row = count();
        step = -1;
        break;
    default:
        return QListWidget::moveCursor(action, modifiers);
    }
    for (int r = row + step; r >= 0 && r < count(); r += step) {
        if (isSelectableRow(r))
            return indexFromItem(item(r));
    }
    return currentIndex(); // already at the first or last view
}

} // namespace unalloc::ui
