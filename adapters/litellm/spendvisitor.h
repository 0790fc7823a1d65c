#pragma once

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::adapters::litellm_detail {

/// Envelope fields of one `/spend/logs/v2` page.
struct Page
{
    std::optional<std::int64_t> total, page, totalPages;
    bool capped = false;
    std::int64_t rows = 0;
};

/// The top-level fields of a spend log that become the row, in a fixed order.
enum class SpendField {
    RequestId,
    Spend,
    Cost,
    StartTime,
    StartTimeSnake,
    EndTime,
    EndTimeSnake,
    Metadata,
    RequestTags,
    TeamId,
    User,
    EndUser,
    ApiKeyAlias,
    Model,
    PromptTokens,
    CompletionTokens,
    TotalTokens,
    CompletionStartTime,
    CustomLlmProvider,
    Count
};
inline constexpr size_t kSpendFieldCount = static_cast<size_t>(SpendField::Count);

/// One scalar of a record as the bulk reader saw it: raw text of a plain string, a number's
/// literal text, "true"/"false"; containers keep only their kind.
struct FastScalar
{
    JValue::Kind kind = JValue::Kind::Null;
    std::string_view text;
    bool seen = false;
};

/// A spend log read without building a JValue: the fields the row needs and the label
/// sources (metadata scalars, request tags), all views into the input bytes.
struct FastRecord
{
    std::array<FastScalar, kSpendFieldCount> fields;
    std::vector<std::pair<std::string_view, FastScalar>> metadata; ///< scalar members, in order
    std::vector<FastScalar> tags;                                  ///< scalar items, in order
    void clear()
    {
        fields = {};
        metadata.clear();
        tags.clear();
    }
    const FastScalar *get(SpendField f) const
    {
        const FastScalar &s = fields[static_cast<size_t>(f)];
        return s.seen && s.kind != JValue::Kind::Null ? &s : nullptr;
    }
};

/// @brief Turns LiteLLM spend logs into rows; fed by the generic JSON streamer or by the
/// bulk reader (recordFast), which must give identical rows.
class Visitor final : public JsonVisitor
{
public:
    explicit Visitor(BatchBuilder &b, core::Currency c)
        : m_b(b)
        , m_currency(c)
    {}

    bool wantsRecord(const JsonPath &p) const override
    {
        return (p.size() == 1 && p.isIndex(0)) ||
               (p.size() == 2 && p.isKey(0, "data") && p.isIndex(1));
    }
    core::Result<void> beginDocument(int) override
    {
        m_page = Page();
        return {};
    }
    core::Result<void> scalar(const JsonPath &p, const JValue &v) override;
    core::Result<void> endDocument(int) override
    {
        ++m_documents;
        if (m_page.page)
            m_pagesSeen.insert(*m_page.page);
        m_last = m_page;
        return {};
    }
    core::Result<void> record(const JsonPath &p, JValue &&r) override;
    /// The same as `record` for a plain record: false (with nothing changed) when the record
    /// needs the generic path — an odd shape, or an error whose message that path words.
    core::Result<bool> recordFast(const FastRecord &r, const std::string &where);
    void finishEvidence();

private:
    /// Normalised labels per distinct raw label list: most requests repeat a few thousand.
    const core::NormalisedLabels &normalised(const core::RawLabels &raw);

    BatchBuilder &m_b;
    core::Currency m_currency;
    Page m_page, m_last;
    std::set<std::int64_t> m_pagesSeen;
    int m_documents = 0;
    std::unordered_map<std::uint64_t,
                       std::vector<std::pair<core::RawLabels, core::NormalisedLabels>>>
        m_labelCache;
    size_t m_cached = 0;
};

/// Reads the whole input with the bulk reader. Returns false when it declined before
/// delivering any row (the caller then streams generically); a malformed input is reported by
/// re-reading it generically, so errors read the same on both paths.
core::Result<bool> readFast(std::string_view bytes,
                            BatchBuilder &b,
                            Visitor &v,
                            const Progress &progress,
                            const std::function<core::Result<void>()> &rereadForError);

} // namespace unalloc::adapters::litellm_detail
