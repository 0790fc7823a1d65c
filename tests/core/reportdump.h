#pragma once
// An attribution report as lines of text: QCOMPARE on two dumps shows the first difference.

#include "core/attribution.h"

#include <QStringList>

namespace unalloc::test {

inline QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

inline QStringList dump(const core::AttributionReport &r)
{
    QStringList out;
    out << str("total " + r.total.toString() + " " + r.currency.code() + " rows " +
               std::to_string(r.rowCount));
    out << str("unallocated " + r.unallocated.toString() + " F " + r.fallbackTotal.toString());
    for (const auto &b : r.buckets) {
        std::string line = "bucket " + b.key + " " + b.amount.toString() + " via-fallback " +
                           b.viaFallback.toString() + " rows " + std::to_string(b.rows) + " |";
        for (const auto &s : b.bySource)
            line += " " + s.source + "=" + s.amount.toString() + "/" + std::to_string(s.rows);
        out << str(line);
    }
    for (const auto &s : r.bySource)
        out << str("source " + s.source + " " + s.amount.toString() + " rows " +
                   std::to_string(s.rows));
    for (const auto &f : r.fallbackByKey)
        out << str("fallback " + f.key + " " + f.amount.toString() + " rows " +
                   std::to_string(f.rows));
    const auto &res = r.resolution;
    out << str("resolution " + res.ownerLabel.toString() + "/" + std::to_string(res.ownerRows) +
               " " + res.fallback.toString() + "/" + std::to_string(res.fallbackRows) + " " +
               res.none.toString() + "/" + std::to_string(res.noneRows));
    return out;
}

} // namespace unalloc::test
