#include "adapter.h"

#include "anthropic/anthropicadapters.h"
#include "common/sniff.h"
#include "focus/focuscsv.h"
#include "invoices/invoiceadapters.h"
#include "litellm/litellmreport.h"
#include "litellm/litellmspend.h"
#include "openai/openaiadapters.h"
#include "opencost/opencostcsv.h"
#include "opencost/opencostjson.h"
#include "upstreamerror.h"

#include <algorithm>

namespace unalloc::adapters {

namespace {

constexpr size_t kSniffBytes = 64 * 1024;

} // namespace

const Registry &Registry::instance()
{
    static const Registry registry;
    return registry;
}

Registry::Registry()
{
    // Detection order: the most specific signatures first.
    static const OpenCostJsonAdapter openCostJson;
    static const LiteLlmSpendAdapter liteLlmSpend;
    static const OpenAiCostsAdapter openAiCosts;
    static const OpenAiUsageAdapter openAiUsage;
    static const AnthropicCostAdapter anthropicCost;
    static const AnthropicUsageAdapter anthropicUsage;
    static const InvoicesJsonAdapter invoicesJson;
    static const LiteLlmSpendReportAdapter liteLlmReport;
    static const FocusCsvAdapter focusCsv;
    static const OpenCostCsvAdapter openCostCsv;
    static const InvoicesCsvAdapter invoicesCsv;
    static const UpstreamErrorAdapter upstreamError; // last: only error bodies remain
    m_adapters = {&openCostJson, &liteLlmSpend,  &liteLlmReport,  &openAiCosts,
                  &openAiUsage,  &anthropicCost, &anthropicUsage, &invoicesJson,
                  &focusCsv,     &openCostCsv,   &invoicesCsv,    &upstreamError};
}

const Adapter *Registry::byId(std::string_view id) const
{
    const auto it = std::find_if(m_adapters.begin(), m_adapters.end(),
                                 [id](const Adapter *a) { return a->id() == id; });
    return it == m_adapters.end() ? nullptr : *it;
}

const Adapter *Registry::detect(std::string_view bytes, std::string_view fileName) const
{
    // The first 64 KiB decide almost every file. A file whose first record is longer (a
    // CSV header with thousands of columns, an allocation with megabytes of annotations)
    // is read further, in growing steps, up to the end of its first record: no format
    // needs more than that, and a file no format claims is not read to its end.
    size_t size = std::min(bytes.size(), kSniffBytes);
    size_t limit = 0;
    while (true) {
        const std::string_view head = bytes.substr(0, size);
        for (const Adapter *a : m_adapters) {
            if (a->canRead(head, fileName))
                return a;
        }
        if (size == bytes.size())
            return nullptr;
        if (limit == 0)
            limit = std::max(scanHead(bytes).recordEnd, size);
        if (size >= limit)
            return nullptr;
        size = std::min(size * 4, limit);
    }
}

core::Error Registry::unrecognised(std::string_view bytes, const std::string &fileName) const
{
    const size_t read = bytes.size() <= kSniffBytes
                            ? bytes.size()
                            : std::max(scanHead(bytes).recordEnd, kSniffBytes);
    return core::Error{"unknown-format",
                       "not a recognised export format: read " + std::to_string(read) + " bytes (" +
                           describeHead(bytes) + "), and no format matched; tried, in order: " +
                           acceptedList() + " (--format ID names one explicitly)",
                       fileName,
                       {},
                       {}};
}

std::string Registry::acceptedList() const
{
    std::string out;
    for (const Adapter *a : m_adapters) {
        if (a->id() == "upstream-error")
            continue;
        if (!out.empty())
            out += ", ";
        out += a->id() + " (" + a->description() + ")";
    }
    return out;
}

core::Result<LoadedFile>
readBytes(std::string_view bytes, const ReadOptions &options, std::string_view adapterId)
{
    const Registry &registry = Registry::instance();
    const Adapter *adapter = nullptr;
    if (!adapterId.empty()) {
        adapter = registry.byId(adapterId);
        if (!adapter) {
            return core::fail("unknown-format",
                              "no adapter with id '" + std::string(adapterId) +
                                  "'; accepted: " + registry.acceptedList(),
                              options.fileName);
        }
    } else {
        adapter = registry.detect(bytes, options.fileName);
        if (!adapter)
            return core::fail(registry.unrecognised(bytes, options.fileName));
    }
    LoadedFile loaded;
    auto result = adapter->read(
        bytes, options, [&loaded](core::CostRow &&row) { loaded.rows.push_back(std::move(row)); });
    if (!result)
        return std::unexpected(result.error());
    loaded.result = std::move(*result);
    return loaded;
}

} // namespace unalloc::adapters
