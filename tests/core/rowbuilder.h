#pragma once
// Builds CostRows by hand for core and seam tests: labels go through the real normaliser.

#include "coretest.h"

#include "core/costcube.h"
#include "core/costrow.h"

#include <initializer_list>
#include <utility>
#include <vector>

namespace unalloc::test {

using LabelList = std::initializer_list<std::pair<const char *, const char *>>;

inline core::CostRow makeRow(const char *source,
                             const char *name,
                             const char *amount,
                             LabelList labels = {},
                             int day = 0,
                             std::int64_t batch = 1,
                             core::Currency currency = core::Currency::usd())
{
    core::CostRow r;
    r.source = source;
    r.recordKey = std::string(source) + ":" + name + ":" + std::to_string(day);
    r.name = name;
    r.amount = core::Money{dec(amount), currency};
    r.start = day * core::kUsPerDay;
    r.end = r.start + core::kUsPerDay;
    for (const auto &[k, v] : labels)
        r.rawLabels.push_back({k, v});
    core::LabelNormaliser n;
    auto norm = n.normalise(r.rawLabels);
    r.labels = std::move(norm.labels);
    r.collisions = std::move(norm.collisions);
    r.batchId = batch;
    return r;
}

inline core::CostCube cubeOf(const std::vector<core::CostRow> &rows)
{
    core::CostCube cube;
    for (const auto &r : rows)
        cube.addRow(r);
    return cube;
}

} // namespace unalloc::test
