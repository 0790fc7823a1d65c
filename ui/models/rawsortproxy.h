#pragma once

#include <QSortFilterProxyModel>

namespace unalloc::ui {

/// @brief Sorts by RawRole: exact decimals compare through core (never through text or
/// double), numbers numerically, text locale-aware. Filters on a case-insensitive substring
/// of any column's display text.
class RawSortProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit RawSortProxy(QObject *parent = nullptr);
    /// Rows whose display text contains `needle` (case-insensitive) in any column.
    void setNeedle(const QString &needle);
    /// Without a needle every row is shown, so the source model answers: the base class
    /// builds (and sorts) a node's whole mapping first — for a drill-down group of a million
    /// unallocated objects, just to draw its expand arrow.
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;

protected:
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_needle;
};

} // namespace unalloc::ui
