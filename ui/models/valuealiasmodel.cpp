#include "valuealiasmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

void ValueAliasModel::setAliases(std::vector<core::AliasTotal> aliases)
{
    replaceRows([&] { m_aliases = std::move(aliases); });
}

QString ValueAliasModel::columnTitle(int column) const
{
    switch (column) {
    case Key:
        return tr("Label key");
    case Value:
        return tr("Value in the rows");
    case Target:
        return tr("Attributed as");
    case Rows:
        return tr("Rows");
    case Moved:
        return tr("Moved in period");
    }
    return {};
}

QVariant ValueAliasModel::cell(int row, int column, int role) const
{
    const core::AliasTotal &a = m_aliases[static_cast<size_t>(row)];
    switch (column) {
    case Key:
        return cells::text(fmt::q(a.alias.key), role);
    case Value:
        return cells::text(fmt::q(a.alias.value), role);
    case Target:
        return cells::text(fmt::q(a.alias.target), role);
    case Rows:
        return cells::count(a.rows, locale(), role);
    case Moved: {
        if (a.moved.empty())
            return cells::money(core::Decimal(), core::Currency::usd(), locale(), role);
        if (a.moved.size() == 1)
            return cells::money(a.moved[0].amount, a.moved[0].currency, locale(), role);
        QStringList parts; // several currencies are listed, never summed
        for (const core::Money &m : a.moved)
            parts << fmt::money(m.amount, m.currency, locale());
        return cells::text(parts.join(QStringLiteral(" + ")), role);
    }
    }
    return {};
}

} // namespace unalloc::ui
