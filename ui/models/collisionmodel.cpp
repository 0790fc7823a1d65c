#include "collisionmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

int CollisionModel::rowsIn(const core::AnalysisSnapshot &s) const
{
    return static_cast<int>(s.collisions.size());
}

QString CollisionModel::columnTitle(int column) const
{
    switch (column) {
    case CanonicalKey:
        return tr("Canonical key");
    case RawKeys:
        return tr("Raw keys (winner first)");
    case Winner:
        return tr("Winner");
    case Amount:
        return tr("Dollars affected");
    case Rows:
        return tr("Rows");
    }
    return {};
}

QString CollisionModel::columnToolTip(int column) const
{
    if (column == Winner)
        return tr("The raw key whose value the canonical key keeps: an exact spelling beats an "
                  "alias, an alias beats a rewritten key, a rewritten key beats a path.");
    return {};
}

QVariant CollisionModel::cell(int row, int column, int role) const
{
    const core::CollisionTotal &c = m_snapshot->collisions[static_cast<size_t>(row)];
    switch (column) {
    case CanonicalKey:
        return cells::text(fmt::q(c.canonicalKey), role);
    case RawKeys:
        return cells::text(fmt::q(c.rawKeys), role);
    case Winner:
        return cells::text(fmt::q(c.winnerRawKey), role);
    case Amount:
        return cells::money(c.amount, c.currency, locale(), role);
    case Rows:
        return cells::count(c.rows, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
