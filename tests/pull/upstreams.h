#pragma once

#include "fakeupstream.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace unalloc::tests {

/// @brief The month of tests/data/pull/*.jsonl served the way each upstream serves it: OpenAI
/// costs and Anthropic cost report pages with `has_more`/`next_page`, LiteLLM `/spend/logs/v2`
/// pages with `total`/`total_pages`, OpenCost `/allocation` sets per day. Each honours the
/// window asked for, with `pageSize` records (buckets, rows) per page. Records are copied
/// byte for byte from the data files, so a pull sees the exact amount text a file import does.
class Upstreams final
{
public:
    explicit Upstreams(int pageSize = 4);
    /// Routes by path: /v1/organization/costs, /v1/organizations/cost_report, /spend/logs/v2,
    /// /allocation. Anything else: 404.
    Reply operator()(const SeenRequest &r) const;

    /// The whole month as one export file of each source (what a file import reads).
    QByteArray openAiFile() const;
    QByteArray anthropicFile() const;
    QByteArray liteLlmFile() const;
    QByteArray openCostFile() const;

    /// Page `n` (1-based) of a source over the whole month, as the server would send it.
    QByteArray openAiPage(int n) const;

    int pageSize() const { return m_pageSize; }
    /// LiteLLM: claim `total_is_capped` with this total (0: tell the truth).
    int liteLlmCappedTotal = 0;

private:
    struct Line
    {
        std::int64_t startSec = 0;
        QByteArray text;
    };
    static std::vector<Line> load(const char *file, const char *startField);
    static std::vector<QByteArray>
    within(const std::vector<Line> &lines, std::int64_t from, std::int64_t to, bool inclusiveEnd);
    QByteArray
    cursorPage(const std::vector<QByteArray> &items, const SeenRequest &r, bool openAi) const;
    QByteArray liteLlmPage(const std::vector<QByteArray> &items, const SeenRequest &r) const;

    int m_pageSize;
    std::vector<Line> m_openAi, m_anthropic, m_liteLlm, m_openCost;
};

/// Matches requests to a path ending with `suffix` and, when given, a query item.
FakeUpstream::Match
onPath(const QString &suffix, const QString &key = {}, const QString &value = {});

} // namespace unalloc::tests
