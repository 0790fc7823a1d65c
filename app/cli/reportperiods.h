#pragma once

// `unalloc report --by day|week|month`: the report's slice cut into periods (core/analysis/
// trends.h), as a text table and as the "periods" array of the JSON result.
#include "command.h"

#include "core/analysis/trends.h"

#include <nlohmann/json.hpp>

namespace unalloc::cli {

nlohmann::ordered_json periodsJson(const std::vector<core::TrendPeriod> &periods,
                                   core::TrendStep step);
void printPeriods(const std::vector<core::TrendPeriod> &periods,
                  core::TrendStep step,
                  const core::AttributionReport &whole,
                  Io &io);

} // namespace unalloc::cli
