#include "snapshottablemodel.h"

namespace unalloc::ui {

void SnapshotTableModel::setSnapshot(SnapshotPtr snapshot)
{
    replaceRows([&] { m_snapshot = std::move(snapshot); });
}

int SnapshotTableModel::rows() const
{
    return m_snapshot ? rowsIn(*m_snapshot) : 0;
}

} // namespace unalloc::ui
