#include "economicsmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

void EconomicsModel::setReport(const core::EconomicsReport &report)
{
    replaceRows([&] {
        m_lines = report.features;
        m_currency = report.currency;
        const core::EconomicsLine &u = report.unattributed;
        if (u.requests > 0 || !u.total().isZero())
            m_lines.push_back(u);
    });
}

const core::EconomicsLine *EconomicsModel::lineAt(int row) const
{
    return row >= 0 && row < rows() ? &m_lines[size_t(row)] : nullptr;
}

QString EconomicsModel::none()
{
    return QStringLiteral("\u2014");
}

QVariant EconomicsModel::optionalCell(const std::optional<core::Decimal> &value,
                                      bool percent,
                                      const core::Currency &currency,
                                      const QLocale &locale,
                                      int role)
{
    if (!value) {
        switch (role) {
        case Qt::DisplayRole:
            return none();
        case RawRole: // sorts with zero, below every figure
            return QVariant::fromValue(core::Decimal());
        case ExportRole:
            return QString();
        default:
            return {};
        }
    }
    if (percent)
        return cells::percent(*value, locale, role);
    if (role == Qt::DisplayRole)
        return fmt::money(*value, currency, locale, 4);
    if (role == ExportRole)
        return fmt::q(value->toFixed(4));
    return cells::money(*value, currency, locale, role);
}

QString EconomicsModel::columnTitle(int column) const
{
    switch (column) {
    case Feature:
        return tr("Feature");
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
    case Api:
        return tr("API");
    case Infra:
        return tr("Infrastructure");
    case Total:
        return tr("Total");
    }
    return {};
}

QString EconomicsModel::columnToolTip(int column) const
{
    switch (column) {
    case Requests:
        return tr("Gateway requests carrying the feature (daily aggregates count no requests).");
    case ApiPerK:
        return tr("Gateway and provider dollars per 1,000 requests: what the LLM bill shows.");
    case InfraPerK:
        return tr("Cluster dollars (OpenCost, FOCUS) per 1,000 requests.");
    case TotalPerK:
        return tr("Everything the feature costs per 1,000 requests.");
    case Invisible:
        return tr("Infrastructure ÷ total: the part of the feature's cost the gateway never "
                  "sees.");
    }
    return {};
}

QVariant EconomicsModel::cell(int row, int column, int role) const
{
    const core::EconomicsLine &l = m_lines[size_t(row)];
    if (role == AttentionRole)
        return l.unattributed;
    switch (column) {
    case Feature:
        if (role == Qt::ToolTipRole && l.unattributed)
            return tr("Cost and requests without the feature key: reported, never dropped.");
        return cells::text(l.unattributed ? tr("unattributed") : fmt::q(l.feature), role);
    case Requests:
        return cells::count(l.requests, locale(), role);
    case ApiPerK:
        return optionalCell(l.apiPerThousand(), false, m_currency, locale(), role);
    case InfraPerK:
        return optionalCell(l.infraPerThousand(), false, m_currency, locale(), role);
    case TotalPerK:
        return optionalCell(l.perThousand(), false, m_currency, locale(), role);
    case Invisible:
        return optionalCell(l.invisiblePct(), true, m_currency, locale(), role);
    case Api:
        return cells::money(l.api, m_currency, locale(), role);
    case Infra:
        return cells::money(l.infra, m_currency, locale(), role);
    case Total:
        return cells::money(l.total(), m_currency, locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
