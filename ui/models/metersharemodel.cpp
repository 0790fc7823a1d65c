#include "metersharemodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

namespace {

/// Display "16.7 %" (half-even by core); Raw the exact share as a percentage;
/// Export the exact percentage (canonical decimal).
QVariant shareCell(const core::Decimal &share, const QLocale &locale, int role)
{
    const core::Decimal exactPct = share.times(100);
    if (role == RawRole)
        return QVariant::fromValue(exactPct);
    if (role == ExportRole)
        return fmt::exact(exactPct);
    return cells::percent(core::Decimal::percent(share, core::Decimal::fromInt(1), 1), locale,
                          role);
}

} // namespace

void MeterShareModel::setSnapshot(MeterSnapshotPtr snapshot)
{
    replaceRows([&] { m_snapshot = std::move(snapshot); });
}

void MeterShareModel::setCompared(core::MeterKind a, core::MeterKind b)
{
    m_a = a;
    m_b = b;
    emit headerDataChanged(Qt::Horizontal, MonthlyA, GapPerMonth);
    if (rows() > 0)
        emit dataChanged(index(0, MonthlyA), index(rows() - 1, GapPerMonth));
}

core::MeterKind MeterShareModel::meterOf(int column)
{
    switch (column) {
    case ListPrice:
        return core::MeterKind::ListPrice;
    case TimeShare:
        return core::MeterKind::TimeShare;
    case KvMemory:
        return core::MeterKind::KvTokenSeconds;
    default:
        return core::MeterKind::Tokens;
    }
}

QString MeterShareModel::meterName(core::MeterKind kind)
{
    switch (kind) {
    case core::MeterKind::Tokens:
        return tr("Tokens");
    case core::MeterKind::ListPrice:
        return tr("List price");
    case core::MeterKind::TimeShare:
        return tr("Time share");
    case core::MeterKind::KvTokenSeconds:
        return tr("KV memory");
    case core::MeterKind::StepTime:
        return tr("Step time");
    case core::MeterKind::KvBlockSeconds:
        return tr("KV blocks");
    case core::MeterKind::Blended:
        return tr("Blended");
    case core::MeterKind::Shapley:
        return tr("Shapley");
    }
    return {};
}

int MeterShareModel::rows() const
{
    return m_snapshot ? static_cast<int>(m_snapshot->shownRows()) : 0;
}

QString MeterShareModel::columnTitle(int column) const
{
    switch (column) {
    case Tenant:
        return tr("Tenant");
    case Tokens:
    case ListPrice:
    case TimeShare:
    case KvMemory:
        return meterName(meterOf(column));
    case MonthlyA:
        return tr("%1 $/month").arg(meterName(m_a));
    case MonthlyB:
        return tr("%1 $/month").arg(meterName(m_b));
    case GapPoints:
        return tr("Gap (pts)");
    case GapPerMonth:
        return tr("Gap $/month");
    }
    return {};
}

QString MeterShareModel::columnToolTip(int column) const
{
    switch (column) {
    case Tokens:
        return tr("Share of prompt + output tokens.");
    case ListPrice:
        return tr("Share of list-price tokens: uncached input ×1, cached ×0.1, "
                  "output ×4 (weights from the ledger's rules).");
    case TimeShare:
        return tr("Share of 50 ms ticks, each split equally among the requests in "
                  "flight; idle ticks are overhead.");
    case KvMemory:
        return tr("Share of KV token-seconds: prompt × queueing + (prompt + output/2) "
                  "× decoding time.");
    case GapPoints:
        return tr("%1 minus %2, in points of share with the overhead spread in "
                  "proportion.")
            .arg(meterName(m_a), meterName(m_b));
    case GapPerMonth:
        return tr("What the gap is worth each month: points / 100 × the pod's "
                  "monthly cost.");
    }
    return {};
}

QVariant MeterShareModel::tenantCell(const core::MeterRow &row, int role) const
{
    if (row.overhead)
        return cells::text(tr("Overhead (no tenant)"), role);
    if (row.tenant.empty())
        return cells::text(tr("<unlabeled>"), role);
    return cells::text(fmt::q(row.tenant), role);
}

QVariant MeterShareModel::cell(int row, int column, int role) const
{
    const size_t r = static_cast<size_t>(row);
    const core::MeterRow &head = m_snapshot->splits.front().rows[r];
    if (role == AttentionRole)
        return head.overhead || head.tenant.empty();
    switch (column) {
    case Tenant:
        return tenantCell(head, role);
    case Tokens:
    case ListPrice:
    case TimeShare:
    case KvMemory:
        return shareCell(m_snapshot->shownShare(meterOf(column), r), locale(), role);
    case MonthlyA:
    case MonthlyB: {
        const core::Money m = m_snapshot->monthlyAmount(column == MonthlyA ? m_a : m_b, r);
        return cells::money(m.amount, m.currency, locale(), role);
    }
    case GapPoints:
    case GapPerMonth: {
        const auto gap = m_snapshot->gap(m_a, m_b, r);
        if (!gap)
            return cells::text(QString(), role);
        if (column == GapPerMonth)
            return cells::money(gap->perMonth.amount, gap->perMonth.currency, locale(), role);
        if (role == RawRole)
            return QVariant::fromValue(gap->points);
        if (role == ExportRole)
            return fmt::exact(gap->points);
        if (role == Qt::DisplayRole)
            return fmt::number(gap->points, locale(), 1);
        return {};
    }
    }
    return {};
}

} // namespace unalloc::ui
