#include "pullsource.h"

#include "adapters/common/jsonvalue.h"

#include <algorithm>

namespace unalloc::adapters::pull {

namespace {

constexpr core::TimeUs kSettleUs = 5 * 60 * core::kUsPerSecond;

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QString unixSeconds(core::TimeUs t)
{
    return QString::number(t / core::kUsPerSecond);
}

/// OpenAI and Anthropic: `has_more` + opaque `next_page`, the same query repeated with
/// `page=<cursor>`.
class CursorWalker final : public PageWalker
{
public:
    CursorWalker(QUrlQuery base, bool anthropic)
        : m_base(std::move(base))
        , m_anthropic(anthropic)
    {}
    QUrlQuery first() override { return m_base; }
    NextPage after(const JValue &page, int number) override
    {
        NextPage next;
        const JValue *more = page.find("has_more");
        if (!more || !more->isBool()) {
            next.problem = "page " + std::to_string(number) + " has no has_more flag";
            return next;
        }
        if (more->text() == "false") {
            next.done = true;
            return next;
        }
        const std::string cursor = scalarText(page.get("next_page"));
        if (cursor.empty()) {
            next.problem = "page " + std::to_string(number) +
                           " says has_more: true but gives no next_page cursor";
            return next;
        }
        if (!m_seen.insert(cursor).second) {
            next.problem = "page " + std::to_string(number) + " repeats the next_page cursor " +
                           cursor + " of an earlier page";
            return next;
        }
        next.query = m_base;
        next.query.addQueryItem(QStringLiteral("page"), q(cursor));
        return next;
    }
    std::vector<std::pair<QByteArray, QByteArray>>
    authHeaders(const std::string &key) const override
    {
        if (!m_anthropic)
            return PageWalker::authHeaders(key);
        // Anthropic's Admin API: x-api-key, never an Authorization header.
        std::vector<std::pair<QByteArray, QByteArray>> h{{"anthropic-version", "2023-06-01"}};
        if (!key.empty())
            h.emplace_back("x-api-key", QByteArray::fromStdString(key));
        return h;
    }

private:
    QUrlQuery m_base;
    bool m_anthropic;
    std::set<std::string> m_seen;
};

/// LiteLLM `/spend/logs/v2`: page numbers; done at `total_pages`, or at an empty page when
/// the count is capped (`total_is_capped`).
class LiteLlmWalker final : public PageWalker
{
public:
    LiteLlmWalker(QUrlQuery base, int pageSize)
        : m_base(std::move(base))
        , m_pageSize(pageSize)
    {}
    QUrlQuery first() override { return query(1); }
    NextPage after(const JValue &page, int number) override
    {
        NextPage next;
        const JValue *data = page.find("data");
        if (!data || !data->isArray()) {
            next.problem = "page " + std::to_string(number) + " has no data list";
            return next;
        }
        const auto count = static_cast<std::int64_t>(data->items().size());
        m_rows += count;
        const std::int64_t total = number64(page.get("total"));
        const std::int64_t totalPages = number64(page.get("total_pages"));
        const JValue *capped = page.get("total_is_capped");
        const bool isCapped = capped && capped->isBool() && capped->text() == "true";
        const std::string read = "read " + std::to_string(m_rows) + " of " + std::to_string(total) +
                                 " records in " + std::to_string(number) + " of " +
                                 std::to_string(totalPages) + " pages";
        if (count == 0) {
            if (isCapped || m_rows >= total) {
                next.done = true;
                return next;
            }
            next.problem = "page " + std::to_string(number) + " is empty before the total: " + read;
            return next;
        }
        if (!isCapped && number >= totalPages) {
            if (m_rows < total)
                next.problem = "the pages ended short of the total: " + read;
            else
                next.done = true;
            return next;
        }
        next.query = query(number + 1);
        return next;
    }

private:
    static std::int64_t number64(const JValue *v)
    {
        const std::string t = scalarText(v);
        try {
            return t.empty() ? 0 : std::stoll(t);
        } catch (...) {
            return 0;
        }
    }
    QUrlQuery query(int page) const
    {
        QUrlQuery out = m_base;
        out.addQueryItem(QStringLiteral("page"), QString::number(page));
        out.addQueryItem(QStringLiteral("page_size"), QString::number(m_pageSize));
        return out;
    }
    QUrlQuery m_base;
    int m_pageSize;
    std::int64_t m_rows = 0;
};

/// OpenCost `/allocation`: one response, one allocation set per step.
class OpenCostWalker final : public PageWalker
{
public:
    OpenCostWalker(QUrlQuery base, std::int64_t steps)
        : m_base(std::move(base))
        , m_steps(steps)
    {}
    QUrlQuery first() override { return m_base; }
    NextPage after(const JValue &page, int) override
    {
        NextPage next;
        const std::string code = scalarText(page.get("code"));
        if (!code.empty() && code != "200") {
            next.problem =
                "OpenCost answered code " + code + ": " + scalarText(page.get("message"));
            return next;
        }
        const JValue *data = page.find("data");
        const std::int64_t sets = !data ? 0
                                  : data->isArray()
                                      ? static_cast<std::int64_t>(data->items().size())
                                  : data->isObject() ? 1
                                                     : 0;
        if (sets < m_steps) {
            next.problem = "read " + std::to_string(sets) + " of " + std::to_string(m_steps) +
                           " daily steps of the window";
            return next;
        }
        next.done = true;
        return next;
    }

private:
    QUrlQuery m_base;
    std::int64_t m_steps;
};

} // namespace

std::vector<std::pair<QByteArray, QByteArray>> PageWalker::authHeaders(const std::string &key) const
{
    if (key.empty())
        return {};
    return {{"Authorization", "Bearer " + QByteArray::fromStdString(key)}};
}

const std::vector<SourceSpec> &sourceSpecs()
{
    static const std::vector<SourceSpec> kSpecs = {
        {"opencost", "UNALLOC_OPENCOST_URL", "", "", "/allocation", "opencost-allocation-json",
         "opencost_allocation.json", false},
        {"litellm", "UNALLOC_LITELLM_URL", "UNALLOC_LITELLM_KEY", "", "/spend/logs/v2",
         "litellm-spend-logs-json", "litellm_spend.json", false},
        {"openai", "UNALLOC_OPENAI_URL", "OPENAI_ADMIN_KEY", "https://api.openai.com/v1",
         "/organization/costs", "openai-costs-json", "openai_costs.json", true},
        {"anthropic", "UNALLOC_ANTHROPIC_URL", "ANTHROPIC_ADMIN_KEY",
         "https://api.anthropic.com/v1", "/organizations/cost_report", "anthropic-cost-report-json",
         "anthropic_cost_report.json", true},
    };
    return kSpecs;
}

const SourceSpec *findSource(std::string_view name)
{
    for (const SourceSpec &s : sourceSpecs())
        if (s.name == name)
            return &s;
    return nullptr;
}

PullWindow closedWindow(core::TimeUs start, core::TimeUs end, core::TimeUs now)
{
    PullWindow w{start, end, false, end};
    if (end > now - kSettleUs) {
        w.end = now - kSettleUs;
        w.clamped = true;
    }
    return w;
}

std::unique_ptr<PageWalker>
makeWalker(const SourceSpec &spec, const PullWindow &window, int pageSize)
{
    QUrlQuery query;
    auto add = [&query](const char *k, const QString &v) {
        query.addQueryItem(QString::fromLatin1(k), v);
    };
    if (spec.name == "openai") {
        add("start_time", unixSeconds(window.start));
        // end_time is exclusive; a clamped end inside a second still includes that second.
        add("end_time", unixSeconds(window.end + core::kUsPerSecond - 1));
        add("bucket_width", QStringLiteral("1d"));
        add("group_by", QStringLiteral("project_id"));
        add("group_by", QStringLiteral("line_item"));
        add("limit", QString::number(pageSize > 0 ? pageSize : 31));
        return std::make_unique<CursorWalker>(query, false);
    }
    if (spec.name == "anthropic") {
        add("starting_at", q(core::formatTimestamp(window.start)));
        add("ending_at", q(core::formatTimestamp(window.end)));
        add("bucket_width", QStringLiteral("1d"));
        add("group_by[]", QStringLiteral("workspace_id"));
        add("group_by[]", QStringLiteral("description"));
        add("limit", QString::number(pageSize > 0 ? pageSize : 31));
        return std::make_unique<CursorWalker>(query, true);
    }
    if (spec.name == "litellm") {
        auto dateTime = [](core::TimeUs t) {
            std::string s = core::formatTimestamp(t - t % core::kUsPerSecond);
            s[10] = ' ';
            s.pop_back(); // "2025-08-01 00:00:00"
            return q(s);
        };
        add("start_date", dateTime(window.start));
        add("end_date", dateTime(window.end));
        return std::make_unique<LiteLlmWalker>(query,
                                               std::clamp(pageSize > 0 ? pageSize : 100, 1, 100));
    }
    // OpenCost: the window as an RFC 3339 pair, one allocation set per day.
    add("window", q(core::formatTimestamp(window.start) + "," + core::formatTimestamp(window.end)));
    add("step", QStringLiteral("1d"));
    add("aggregate", QStringLiteral("namespace,controllerKind,controller"));
    add("includeIdle", QStringLiteral("true"));
    add("accumulate", QStringLiteral("false"));
    const std::int64_t steps = (window.end - window.start + core::kUsPerDay - 1) / core::kUsPerDay;
    return std::make_unique<OpenCostWalker>(query, steps);
}

} // namespace unalloc::adapters::pull
