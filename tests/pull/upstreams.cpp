#include "upstreams.h"

#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace unalloc::tests {

namespace {

std::int64_t isoSeconds(const QString &text)
{
    return QDateTime::fromString(text, Qt::ISODate).toSecsSinceEpoch();
}

QByteArray joined(const std::vector<QByteArray> &items, size_t from, size_t to)
{
    QByteArray out;
    for (size_t i = from; i < to && i < items.size(); ++i) {
        if (i != from)
            out += ',';
        out += items[i];
    }
    return out;
}

} // namespace

FakeUpstream::Match onPath(const QString &suffix, const QString &key, const QString &value)
{
    return [=](const SeenRequest &r) {
        return r.path.endsWith(suffix) && (key.isEmpty() || r.query.queryItemValue(key) == value);
    };
}

Upstreams::Upstreams(int pageSize)
    : m_pageSize(pageSize)
    , m_openAi(load("openai_buckets.jsonl", "start_time"))
    , m_anthropic(load("anthropic_buckets.jsonl", "starting_at"))
    , m_liteLlm(load("litellm_records.jsonl", "startTime"))
    , m_openCost(load("opencost_steps.jsonl", nullptr))
{}

std::vector<Upstreams::Line> Upstreams::load(const char *file, const char *startField)
{
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/pull/") + QLatin1String(file));
    std::vector<Line> out;
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", file);
    for (QByteArray line : f.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Line l;
        if (!startField) { // an OpenCost set: the window of its first allocation
            const QJsonObject first = o.begin()->toObject();
            l.startSec = isoSeconds(first.value(QStringLiteral("window"))
                                        .toObject()
                                        .value(QStringLiteral("start"))
                                        .toString());
        } else {
            const QJsonValue v = o.value(QLatin1String(startField));
            l.startSec = v.isString() ? isoSeconds(v.toString()) : v.toInteger();
        }
        l.text = line;
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<QByteArray> Upstreams::within(const std::vector<Line> &lines,
                                          std::int64_t from,
                                          std::int64_t to,
                                          bool inclusiveEnd)
{
    std::vector<QByteArray> out;
    for (const Line &l : lines)
        if (l.startSec >= from && (l.startSec < to || (inclusiveEnd && l.startSec == to)))
            out.push_back(l.text);
    return out;
}

QByteArray
Upstreams::cursorPage(const std::vector<QByteArray> &items, const SeenRequest &r, bool openAi) const
{
    const QString cursor = r.query.queryItemValue(QStringLiteral("page"));
    const size_t offset = cursor.isEmpty() ? 0 : cursor.mid(4).toULongLong();
    const size_t end = offset + static_cast<size_t>(m_pageSize);
    const bool more = end < items.size();
    QByteArray out = openAi ? "{\"object\":\"page\",\"data\":[" : "{\"data\":[";
    out += joined(items, offset, end);
    out += "],\"has_more\":";
    out += more ? "true" : "false";
    out += ",\"next_page\":";
    out += more ? "\"cur_" + QByteArray::number(static_cast<qulonglong>(end)) + "\"" : "null";
    return out + "}";
}

QByteArray Upstreams::liteLlmPage(const std::vector<QByteArray> &items, const SeenRequest &r) const
{
    const int page = std::max(1, r.query.queryItemValue(QStringLiteral("page")).toInt());
    const auto size = static_cast<size_t>(m_pageSize);
    const size_t offset = static_cast<size_t>(page - 1) * size;
    const bool capped = liteLlmCappedTotal > 0;
    const size_t total = capped ? static_cast<size_t>(liteLlmCappedTotal) : items.size();
    const size_t pages = (total + size - 1) / size;
    QByteArray out = "{\"data\":[" + joined(items, offset, offset + size) +
                     "],\"total\":" + QByteArray::number(static_cast<qulonglong>(total)) +
                     ",\"page\":" + QByteArray::number(page) +
                     ",\"page_size\":" + QByteArray::number(m_pageSize) +
                     ",\"total_pages\":" + QByteArray::number(static_cast<qulonglong>(pages));
    if (capped)
        out += ",\"total_is_capped\":true";
    return out + "}";
}

Reply Upstreams::operator()(const SeenRequest &r) const
{
    const auto value = [&r](const char *k) {
        return r.query.queryItemValue(QLatin1String(k));
    };
    if (r.path.endsWith(QLatin1String("/organization/costs"))) {
        const auto items = within(m_openAi, value("start_time").toLongLong(),
                                  value("end_time").toLongLong(), false);
        return Reply::json(cursorPage(items, r, true));
    }
    if (r.path.endsWith(QLatin1String("/organizations/cost_report"))) {
        const auto items = within(m_anthropic, isoSeconds(value("starting_at")),
                                  isoSeconds(value("ending_at")), false);
        return Reply::json(cursorPage(items, r, false));
    }
    if (r.path.endsWith(QLatin1String("/spend/logs/v2"))) {
        auto t = [&](const char *k) {
            QString s = value(k);
            s.replace(QLatin1Char(' '), QLatin1Char('T'));
            return isoSeconds(s + QLatin1Char('Z'));
        };
        return Reply::json(liteLlmPage(within(m_liteLlm, t("start_date"), t("end_date"), true), r));
    }
    if (r.path.endsWith(QLatin1String("/allocation"))) {
        const QStringList w = value("window").split(QLatin1Char(','));
        const auto sets = within(m_openCost, isoSeconds(w.value(0)), isoSeconds(w.value(1)), false);
        return Reply::json("{\"code\":200,\"status\":\"success\",\"data\":[" +
                           joined(sets, 0, sets.size()) + "]}");
    }
    return Reply::json("{\"error\":{\"message\":\"no such route\"}}", 404);
}

QByteArray Upstreams::openAiFile() const
{
    std::vector<QByteArray> all;
    for (const Line &l : m_openAi)
        all.push_back(l.text);
    return "{\"object\":\"page\",\"data\":[" + joined(all, 0, all.size()) +
           "],\"has_more\":false,\"next_page\":null}";
}

QByteArray Upstreams::anthropicFile() const
{
    std::vector<QByteArray> all;
    for (const Line &l : m_anthropic)
        all.push_back(l.text);
    return "{\"data\":[" + joined(all, 0, all.size()) + "],\"has_more\":false,\"next_page\":null}";
}

QByteArray Upstreams::liteLlmFile() const
{
    std::vector<QByteArray> all;
    for (const Line &l : m_liteLlm)
        all.push_back(l.text);
    const QByteArray n = QByteArray::number(static_cast<qulonglong>(all.size()));
    return "{\"data\":[" + joined(all, 0, all.size()) + "],\"total\":" + n +
           ",\"page\":1,\"page_size\":" + n + ",\"total_pages\":1}";
}

QByteArray Upstreams::openCostFile() const
{
    std::vector<QByteArray> all;
    for (const Line &l : m_openCost)
        all.push_back(l.text);
    return "{\"code\":200,\"status\":\"success\",\"data\":[" + joined(all, 0, all.size()) + "]}";
}

QByteArray Upstreams::openAiPage(int n) const
{
    std::vector<QByteArray> all;
    for (const Line &l : m_openAi)
        all.push_back(l.text);
    SeenRequest r;
    if (n > 1)
        r.query.addQueryItem(QStringLiteral("page"),
                             QStringLiteral("cur_%1").arg((n - 1) * m_pageSize));
    return cursorPage(all, r, true);
}

} // namespace unalloc::tests
