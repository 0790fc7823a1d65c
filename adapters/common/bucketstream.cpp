#include "bucketstream.h"

namespace unalloc::adapters {

BucketVisitor::BucketVisitor(BatchBuilder &b, std::string startKey, std::string endKey)
    : m_b(b)
    , m_startKey(std::move(startKey))
    , m_endKey(std::move(endKey))
{
    m_b.windowFields(m_startKey, m_endKey);
}

bool BucketVisitor::wantsRecord(const JsonPath &p) const
{
    return p.size() == 4 && p.isKey(0, "data") && p.isIndex(1) && p.isKey(2, "results") &&
           p.isIndex(3);
}

core::Result<void> BucketVisitor::beginDocument(int)
{
    m_sawData = false;
    m_hasMore.reset();
    m_nextPage.clear();
    return {};
}

core::Result<void> BucketVisitor::scalar(const JsonPath &p, const JValue &v)
{
    if (p.size() == 1 && p.isKey(0, "has_more") && v.isBool())
        m_hasMore = v.text() == "true";
    else if (p.size() == 1 && p.isKey(0, "next_page") && v.isString())
        m_nextPage = v.text();
    else if (p.size() == 3 && p.isKey(0, "data") && p.isIndex(1) && !p.isIndex(2)) {
        const bool isStart = p[2].key == m_startKey;
        if (isStart || p[2].key == m_endKey) {
            auto t = m_b.timeField(&v, JsonPath(p).toString(), p[2].key);
            if (!t)
                return std::unexpected(t.error());
            (isStart ? m_start : m_end) = *t;
        }
    }
    return {};
}

core::Result<void> BucketVisitor::enter(const JsonPath &p, JValue::Kind kind)
{
    if (p.size() == 1 && p.isKey(0, "data")) {
        if (kind != JValue::Kind::Array)
            return std::unexpected(
                m_b.error("wrong-type", "data must be a list of buckets", "data", {}));
        m_sawData = true;
    }
    if (p.size() == 2 && p.isKey(0, "data") && p.isIndex(1)) {
        if (kind != JValue::Kind::Object)
            return std::unexpected(
                m_b.error("wrong-type", "a bucket must be an object", p.toString(), {}));
        m_start.reset();
        m_end.reset();
        m_pending.clear();
    }
    return {};
}

core::Result<void> BucketVisitor::flush()
{
    auto pending = std::move(m_pending);
    m_pending.clear();
    for (auto &[path, value] : pending) {
        if (auto r = record(path, std::move(value)); !r)
            return r;
    }
    return {};
}

core::Result<void> BucketVisitor::leave(const JsonPath &p)
{
    if (!(p.size() == 2 && p.isKey(0, "data") && p.isIndex(1)))
        return {};
    if (!m_start && !m_pending.empty()) {
        return std::unexpected(m_b.error("missing-timestamp", "the bucket has no " + m_startKey,
                                         p.toString(), m_startKey));
    }
    if (m_start && !m_end)
        m_end = m_start; // a bucket without an end is an instant, not an error
    auto r = flush();
    m_start.reset();
    m_end.reset();
    return r;
}

core::Result<void> BucketVisitor::record(const JsonPath &p, JValue &&value)
{
    if (!m_start || !m_end) {
        m_pending.emplace_back(p, std::move(value));
        return {};
    }
    const std::string where = p.toString();
    return m_b.guardRecord([&]() -> core::Result<void> {
        if (!value.isObject()) {
            return std::unexpected(m_b.error("wrong-type",
                                             std::string("a result must be an object, "
                                                         "got ") +
                                                 JValue::kindName(value.kind()),
                                             where, {}));
        }
        return result(Bucket{*m_start, *m_end}, where, p.back().index, value);
    });
}

core::Result<void> BucketVisitor::endDocument(int document)
{
    // `{}` or an unrelated object read with --format would otherwise be a "complete" batch
    // of nothing.
    if (!m_sawData)
        return std::unexpected(m_b.error(
            "wrong-schema",
            "the document has no data list of buckets: it is not a report page of this format",
            "page " + std::to_string(document + 1), "data"));
    ++m_documents;
    m_lastHasMore = m_hasMore;
    m_lastNextPage = m_nextPage;
    return {};
}

std::string BucketVisitor::uniqueKey(std::string key, std::int64_t index)
{
    if (m_keys.insert(key).second)
        return key;
    key += "|#" + std::to_string(index);
    m_keys.insert(key);
    return key;
}

void BucketVisitor::finishEvidence()
{
    core::Completeness &ev = m_b.evidence();
    ev.pagesRead = m_documents;
    ev.recordsRead = m_b.rowCount();
    ev.lastPageHasMore = m_lastHasMore;
    if (m_lastHasMore.value_or(false)) {
        ev.reason =
            "the last page read says has_more: true" +
            (m_lastNextPage.empty() ? std::string() : " (next_page " + m_lastNextPage + ")") +
            "; later pages were not read";
    }
}

} // namespace unalloc::adapters
