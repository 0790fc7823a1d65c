#include "batchdigest.h"

#include "core/rules.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace unalloc::core {

std::string batchesDigest(const std::vector<ImportBatch> &batches)
{
    std::vector<const ImportBatch *> sorted;
    for (const ImportBatch &b : batches)
        sorted.push_back(&b);
    std::sort(sorted.begin(), sorted.end(),
              [](const auto *a, const auto *b) { return a->id < b->id; });
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const ImportBatch *b : sorted) {
        nlohmann::ordered_json totals = nlohmann::ordered_json::object();
        for (const Money &m : b->totals)
            totals[m.currency.code()] = m.amount.toString();
        list.push_back({{"id", b->id},
                        {"source", b->source},
                        {"sha256", b->sha256},
                        {"rows", b->rowCount},
                        {"totals", totals},
                        {"status", toString(b->status)}});
    }
    return "sha256:" + sha256Hex(list.dump());
}

} // namespace unalloc::core
