#pragma once

#include "adapters/common/batchbuilder.h"
#include "adapters/common/jsonstream.h"
#include "adapters/common/labelsetmemo.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string_view>
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
    ModelGroup,
    ApiBase,
    Count
};
inline constexpr size_t kSpendFieldCount = static_cast<size_t>(SpendField::Count);

/// One scalar of a record as the bulk reader saw it: raw text of a plain string, a number's
/// literal text, "true"/"false"; containers keep only their kind.
struct FastScalar
{
    JValue::Kind kind = JValue::Kind::Null;
    std::string_view text;
    std::uint32_t readIn = 0; ///< the FastRecord generation that read it (fields only)
};

/// A spend log read without building a JValue: the fields the row needs and the label
/// sources (metadata scalars, request tags), all views into the input bytes.
struct FastRecord
{
    std::array<FastScalar, kSpendFieldCount> fields;
    std::vector<std::pair<std::string_view, FastScalar>> metadata; ///< scalar members, in order
    std::vector<FastScalar> tags;                                  ///< scalar items, in order
    /// Starts the next record: fields read for an older generation count as absent, which
    /// spares clearing them all per record.
    void clear()
    {
        if (++m_generation == 0) {
            fields = {};
            m_generation = 1;
        }
        metadata.clear();
        tags.clear();
    }
    bool seen(const FastScalar &field) const { return field.readIn == m_generation; }
    void markSeen(FastScalar &field) const { field.readIn = m_generation; }
    const FastScalar *get(SpendField f) const
    {
        const FastScalar &s = fields[static_cast<size_t>(f)];
        return seen(s) && s.kind != JValue::Kind::Null ? &s : nullptr;
    }

private:
    std::uint32_t m_generation = 1;
};

/// @brief Turns LiteLLM spend logs into rows; fed by the generic JSON streamer or by the
/// bulk reader (recordFast), which must give identical rows.
class Visitor final : public JsonVisitor
{
public:
    explicit Visitor(BatchBuilder &b, core::Currency c)
        : m_b(b)
        , m_currency(c)
        , m_labels(b.normaliser(), b.options().elideRepeatedLabels)
    {}

    /// Keys repeated at a record's top level or in its metadata: the keys the bulk reader
    /// checks as well, so that both paths warn alike (deeper objects are not read).
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        const auto dots = std::count(where.begin(), where.end(), '.');
        if (dots == 0 || (dots == 1 && where.ends_with("].metadata")))
            m_b.warnDuplicateKey(where, key);
    }
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
    core::Result<void> record(const JsonPath &p, JValue &&r) override
    {
        return m_b.guardRecord([&] { return spendLog(p, r); });
    }
    /// The same as `record` for a plain record: false (with nothing changed) when the record
    /// needs the generic path — an odd shape, or an error whose message that path words.
    core::Result<bool> recordFast(const FastRecord &r, const std::string &where);
    void finishEvidence();

private:
    core::Result<void> spendLog(const JsonPath &p, const JValue &r);
    void addRawLabels(const FastRecord &r);
    void prefetchRow() const;

    BatchBuilder &m_b;
    core::Currency m_currency;
    Page m_page, m_last;
    std::set<std::int64_t> m_pagesSeen;
    int m_documents = 0;
    LabelSetMemo m_labels; ///< most requests repeat a few thousand label sets
    /// The bulk path's row, refilled per record: its strings keep their capacity when the
    /// sink copies it or swaps it with an older row rather than moving it away.
    core::CostRow m_row;
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
