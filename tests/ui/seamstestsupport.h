#pragma once

// Shared by the seam tests of the explorer: the hand-computed ledgers of tests/data/seams-ui
// and finding a model row by its first column.
#include "uitestsupport.h"

#include "adapters/import/importer.h"
#include "ui/format.h"
#include "ui/models/roles.h"

#include <QAbstractItemModel>
#include <QDir>

namespace unalloc::ui::test {

inline QString seamsDir(const QString &name)
{
    return QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/seams-ui/") + name;
}

/// A ledger file at `path` holding `files` imported in one transaction.
inline bool buildLedger(const QString &path, const QStringList &files)
{
    auto store = core::LedgerStore::create(fmt::s(path));
    if (!store)
        return false;
    std::vector<std::string> paths;
    for (const QString &f : files)
        paths.push_back(fmt::s(f));
    return adapters::importFiles(**store, paths).has_value();
}

/// Every file of tests/data/seams-ui/overlap: LiteLLM logs, the OpenAI costs page, invoice.
inline QStringList overlapFiles()
{
    QStringList out;
    const QDir dir(seamsDir(QStringLiteral("overlap")));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(name);
    return out;
}

/// The first row whose column 0 shows `key`, or -1.
inline int rowOf(const QAbstractItemModel &model, const QString &key)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.index(r, 0).data(ExportRole).toString() == key)
            return r;
    }
    return -1;
}

/// The exact (export) text of a cell. A cell that is not there reads as a marker no check
/// expects, so that an expected empty cell cannot match a missing row.
inline QString exported(const QAbstractItemModel &model, int row, int column)
{
    const QModelIndex index = model.index(row, column);
    return index.isValid() ? index.data(ExportRole).toString()
                           : QStringLiteral("<no cell at row %1, column %2>").arg(row).arg(column);
}

} // namespace unalloc::ui::test
