#pragma once

#include "batchbuilder.h"
#include "jsonstream.h"

#include <set>

namespace unalloc::adapters {

/// One time bucket of a provider report page.
struct Bucket
{
    core::TimeUs start = 0, end = 0;
};

/// @brief Streams `{data:[{<start>,<end>,results:[…]}],has_more,next_page}` report pages
/// (OpenAI costs and usage, Anthropic cost and usage reports).
///
/// Each result is one record; results that arrive before their bucket's times are held until
/// the bucket closes (bounded by one bucket). Completeness: the last page read must say
/// `has_more: false`.
class BucketVisitor : public JsonVisitor
{
public:
    BucketVisitor(BatchBuilder &b, std::string startKey, std::string endKey);

    bool wantsRecord(const JsonPath &p) const override;
    core::Result<void> beginDocument(int) override;
    core::Result<void> scalar(const JsonPath &p, const JValue &v) override;
    core::Result<void> enter(const JsonPath &p, JValue::Kind kind) override;
    core::Result<void> leave(const JsonPath &p) override;
    /// A page without a `data` list is an error (it is not a page of this format).
    core::Result<void> endDocument(int document) override;
    core::Result<void> record(const JsonPath &p, JValue &&value) override;
    void duplicateKey(const std::string &where, const std::string &key) override
    {
        m_b.warnDuplicateKey(where, key);
    }
    /// Sets pages read and the has_more verdict on the batch evidence.
    void finishEvidence();

protected:
    /// One result of a bucket; `index` is its position in `results`.
    virtual core::Result<void>
    result(const Bucket &bucket, const std::string &where, std::int64_t index, const JValue &r) = 0;
    /// `key`, or `key|#<index>` when an earlier result of this read had the same key (the
    /// grouping asked for did not separate them).
    std::string uniqueKey(std::string key, std::int64_t index);

    BatchBuilder &m_b;

private:
    core::Result<void> flush();

    std::string m_startKey, m_endKey;
    std::optional<core::TimeUs> m_start, m_end;
    std::vector<std::pair<JsonPath, JValue>> m_pending;
    std::set<std::string> m_keys;
    std::optional<bool> m_hasMore;
    std::string m_nextPage;
    std::optional<bool> m_lastHasMore;
    std::string m_lastNextPage;
    int m_documents = 0;
    bool m_sawData = false; ///< the current document has its `data` list
};

} // namespace unalloc::adapters
