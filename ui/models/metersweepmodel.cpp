#include "metersweepmodel.h"

#include "cells.h"
#include "ui/format.h"

namespace unalloc::ui {

namespace {

/// An exact overhead share shown as "83.1 %"; exported as the exact percentage.
QVariant overheadCell(const core::Decimal &share, const QLocale &locale, int role)
{
    if (role == RawRole)
        return QVariant::fromValue(share.times(100));
    if (role == ExportRole)
        return fmt::exact(share.times(100));
    return cells::percent(core::Decimal::percent(share, core::Decimal::fromInt(1), 1), locale,
                          role);
}

/// A physics figure (a double from the simulator), fixed places.
QVariant
physicsCell(double value, int places, const QString &suffix, const QLocale &locale, int role)
{
    if (role == RawRole)
        return value;
    if (role == ExportRole)
        return QString::number(value, 'f', places);
    if (role == Qt::DisplayRole)
        return locale.toString(value, 'f', places) + suffix;
    return {};
}

} // namespace

void MeterSweepModel::setPoints(std::vector<core::SweepPoint> points)
{
    replaceRows([&] { m_points = std::move(points); });
}

QString MeterSweepModel::columnTitle(int column) const
{
    switch (column) {
    case Rate:
        return tr("Rate (req/s)");
    case StepTime:
        return tr("Step time");
    case KvBlocks:
        return tr("KV blocks");
    case TimeShare:
        return tr("Time share");
    case Tokens:
        return tr("Tokens");
    case Busy:
        return tr("Busy");
    case CacheHit:
        return tr("Cache hits");
    case TtftP50:
        return tr("TTFT p50");
    }
    return {};
}

QString MeterSweepModel::columnToolTip(int column) const
{
    switch (column) {
    case StepTime:
        return tr("Idle engine time: the overhead the step-time meter leaves unowned.");
    case KvBlocks:
        return tr("KV block-seconds no request holds (free or cache reserve).");
    case TimeShare:
        return tr("Idle 50 ms ticks of the simulated telemetry.");
    case Tokens:
        return tr("Token meters see no overhead at any load.");
    case Busy:
        return tr("Fraction of the run the engine was stepping.");
    case CacheHit:
        return tr("Prompt tokens served from the prefix cache.");
    case TtftP50:
        return tr("Median time to first token over all requests.");
    }
    return {};
}

QVariant MeterSweepModel::cell(int row, int column, int role) const
{
    const core::SweepPoint &p = m_points[static_cast<size_t>(row)];
    switch (column) {
    case Rate:
        return physicsCell(p.ratePerS, 2, QString(), locale(), role);
    case StepTime:
        return overheadCell(p.stepTimeOverhead, locale(), role);
    case KvBlocks:
        return overheadCell(p.kvOverhead, locale(), role);
    case TimeShare:
        return overheadCell(p.timeShareOverhead, locale(), role);
    case Tokens:
        return overheadCell(core::Decimal(), locale(), role);
    case Busy:
        return physicsCell(p.busyFraction * 100, 1, QStringLiteral("\u00a0%"), locale(), role);
    case CacheHit:
        return physicsCell(p.cacheHitRate * 100, 1, QStringLiteral("\u00a0%"), locale(), role);
    case TtftP50:
        return physicsCell(p.ttftP50S * 1000, 0, tr("\u00a0ms"), locale(), role);
    }
    return {};
}

} // namespace unalloc::ui
