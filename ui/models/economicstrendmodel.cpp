#include "economicstrendmodel.h"

#include "cells.h"
#include "economicsmodel.h"
#include "ui/format.h"

namespace unalloc::ui {

void EconomicsTrendModel::setCells(std::vector<core::EconomicsCell> cells,
                                   const core::Currency &currency)
{
    replaceRows([&] {
        m_cells = std::move(cells);
        m_currency = currency;
    });
}

QString EconomicsTrendModel::columnTitle(int column) const
{
    switch (column) {
    case Month:
        return tr("Month");
    case Requests:
        return tr("Requests");
    case ApiPerK:
        return tr("API per 1k");
    case InfraPerK:
        return tr("Infra per 1k");
    case TotalPerK:
        return tr("Total per 1k");
    case Invisible:
        return tr("Invisible");
    }
    return {};
}

QVariant EconomicsTrendModel::cell(int row, int column, int role) const
{
    const core::EconomicsCell &c = m_cells[size_t(row)];
    switch (column) {
    case Month:
        return cells::text(fmt::q(c.group), role);
    case Requests:
        return cells::count(c.line.requests, locale(), role);
    case ApiPerK:
        return EconomicsModel::optionalCell(c.line.apiPerThousand(), false, m_currency, locale(),
                                            role);
    case InfraPerK:
        return EconomicsModel::optionalCell(c.line.infraPerThousand(), false, m_currency, locale(),
                                            role);
    case TotalPerK:
        return EconomicsModel::optionalCell(c.line.perThousand(), false, m_currency, locale(),
                                            role);
    case Invisible:
        return EconomicsModel::optionalCell(c.line.invisiblePct(), true, m_currency, locale(),
                                            role);
    }
    return {};
}

} // namespace unalloc::ui
