#include "breakevenmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

QVariant ratioCell(double value, int places, const QLocale &locale, int role)
{
    switch (role) {
    case Qt::DisplayRole:
        return locale.toString(value, 'f', places);
    case RawRole:
        return value;
    case ExportRole:
        return QString::number(value, 'f', places);
    default:
        return {};
    }
}

void BreakevenModel::setSnapshot(BreakevenPtr snapshot)
{
    replaceRows([&] { m_snapshot = std::move(snapshot); });
}

int BreakevenModel::rows() const
{
    return m_snapshot ? static_cast<int>(m_snapshot->tiers.size()) : 0;
}

QString BreakevenModel::columnTitle(int column) const
{
    switch (column) {
    case Tier:
        return tr("Tier");
    case Input:
        return tr("Input $/M");
    case Cached:
        return tr("Cached $/M");
    case Output:
        return tr("Output $/M");
    case BreakevenRate:
        return tr("Break-even (req/s)");
    case Floor:
        return tr("Floor ratio");
    }
    return {};
}

QString BreakevenModel::columnToolTip(int column) const
{
    switch (column) {
    case BreakevenRate:
        return tr("Above this request rate the self-hosted GPU is cheaper than the tier.");
    case Floor:
        return tr("The lowest self-hosted ÷ API ratio over the rates: the saturated GPU.");
    }
    return {};
}

QVariant BreakevenModel::cell(int row, int column, int role) const
{
    const core::TierBreakeven &t = m_snapshot->tiers[size_t(row)];
    const core::Currency usd = core::Currency::usd();
    switch (column) {
    case Tier:
        return cells::text(fmt::q(t.tier.name), role);
    case Input:
        return cells::money(t.tier.input, usd, locale(), role);
    case Cached:
        return cells::money(t.tier.cached, usd, locale(), role);
    case Output:
        return cells::money(t.tier.output, usd, locale(), role);
    case BreakevenRate:
        if (t.breakevenRps)
            return ratioCell(*t.breakevenRps, 3, locale(), role);
        if (role == Qt::DisplayRole)
            return !t.points.empty() && t.points.front().ratio < 1.0 ? tr("below every rate")
                                                                     : tr("above every rate");
        return role == ExportRole ? QVariant(QString()) : QVariant();
    case Floor:
        return ratioCell(t.floorRatio, 3, locale(), role);
    }
    return {};
}

void PodStandingModel::setSnapshot(BreakevenPtr snapshot)
{
    replaceRows([&] {
        m_snapshot = std::move(snapshot);
        m_tiers = m_snapshot ? m_snapshot->tiers.size() : 0;
    });
}

int PodStandingModel::rows() const
{
    return m_snapshot ? static_cast<int>(m_snapshot->pods.size() * m_tiers) : 0;
}

QString PodStandingModel::columnTitle(int column) const
{
    switch (column) {
    case Pod:
        return tr("Pod");
    case Requests:
        return tr("Requests");
    case Rate:
        return tr("Rate (req/s)");
    case Tier:
        return tr("Tier");
    case SelfHosted:
        return tr("Self-hosted");
    case ApiCost:
        return tr("At API prices");
    case Ratio:
        return tr("Ratio");
    case Verdict:
        return tr("Verdict");
    }
    return {};
}

QVariant PodStandingModel::cell(int row, int column, int role) const
{
    const core::PodStanding &p = m_snapshot->pods[size_t(row) / m_tiers];
    const size_t tier = size_t(row) % m_tiers;
    const core::BreakevenPoint &point = p.atItsRate[tier];
    const core::Currency usd = core::Currency::usd();
    switch (column) {
    case Pod:
        return cells::text(fmt::q(p.pod.name), role);
    case Requests:
        return cells::count(p.pod.measured.requests, locale(), role);
    case Rate:
        return ratioCell(p.pod.measured.totals.ratePerS, 3, locale(), role);
    case Tier:
        return cells::text(fmt::q(m_snapshot->tiers[tier].tier.name), role);
    case SelfHosted:
        return cells::money(point.selfHostedUsd, usd, locale(), role);
    case ApiCost:
        return cells::money(point.apiUsd, usd, locale(), role);
    case Ratio:
        return ratioCell(point.ratio, 3, locale(), role);
    case Verdict:
        return cells::text(
            point.ratio < 1.0 ? tr("self-hosting is cheaper") : tr("the API is cheaper"), role);
    }
    return {};
}

} // namespace unalloc::ui
