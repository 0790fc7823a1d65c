#include "pull.h"

#include "adapters/common/jsonstream.h"
#include "adapters/import/ledgerimport.h"
#include "core/labels.h"

#include <QCryptographicHash>
#include <QDir>
#include <QSaveFile>

#include <algorithm>
#include <cstdio>
#include <map>

namespace unalloc::adapters::pull {

namespace {

std::string pageName(const std::string &source, int number)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "_page%03d.json", number);
    return source + buf;
}

Headers requestHeaders(const PageWalker &walker, const std::string &key)
{
    Headers h{{"Accept", "application/json"},
              {"User-Agent", QByteArrayLiteral("unalloc/") + UNALLOC_VERSION}};
    for (auto &kv : walker.authHeaders(key))
        h.push_back(std::move(kv));
    return h;
}

RetryEnvironment completed(RetryEnvironment env, const CancelFn &cancel)
{
    const RetryEnvironment sys = RetryEnvironment::system(cancel);
    if (!env.nowMsSinceEpoch)
        env.nowMsSinceEpoch = sys.nowMsSinceEpoch;
    if (!env.sleep)
        env.sleep = sys.sleep;
    if (!env.random)
        env.random = sys.random;
    return env;
}

void addTotals(std::vector<core::Money> &into, const std::vector<core::Money> &more)
{
    for (const core::Money &m : more) {
        auto it = std::find_if(into.begin(), into.end(),
                               [&](const core::Money &t) { return t.currency == m.currency; });
        if (it == into.end()) {
            into.push_back(m);
        } else if (auto sum = core::add(*it, m)) {
            *it = *sum;
        }
    }
    std::sort(into.begin(), into.end(),
              [](const core::Money &a, const core::Money &b) { return a.currency < b.currency; });
}

} // namespace

const char *toString(SourcePull::Outcome o)
{
    switch (o) {
    case SourcePull::Outcome::Complete:
        return "complete";
    case SourcePull::Outcome::Partial:
        return "partial";
    case SourcePull::Outcome::Failed:
        break;
    }
    return "failed";
}

std::string SourcePull::pageSet() const
{
    std::string out;
    for (const Page &p : pages) {
        out.append(p.body.constData(), static_cast<size_t>(p.body.size()));
        out += '\n';
    }
    return out;
}

std::string redacted(std::string text, const std::string &secret)
{
    if (secret.empty())
        return text;
    for (size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at))
        text.replace(at, secret.size(), "<redacted>");
    return text;
}

SourcePull
pullSource(const SourceConfig &config, const PullWindow &window, const PullOptions &options)
{
    const SourceSpec &spec = *config.spec;
    SourcePull out;
    out.source = spec.name;
    out.adapterId = spec.adapterId;
    out.window = window;
    out.progress.source = spec.name;
    const QUrl endpoint(QString::fromStdString(config.baseUrl + spec.path));
    out.origin = endpoint.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery).toStdString();
    const std::string path = endpoint.path().toStdString();

    std::unique_ptr<QtTransport> own;
    if (!options.transport)
        own = std::make_unique<QtTransport>();
    Transport &transport = options.transport ? *options.transport : *own;
    HttpClient client(transport, options.policy, completed(options.env, options.cancel),
                      options.cancel);
    const auto walker = makeWalker(spec, window, options.pageSize);
    const Headers headers = requestHeaders(*walker, config.key);
    core::LabelNormaliser normaliser;

    auto stop = [&](SourcePull::Outcome o, std::string code, std::string reason) {
        out.outcome = out.pages.empty() && o == SourcePull::Outcome::Partial
                          ? SourcePull::Outcome::Failed
                          : o;
        out.errorCode = std::move(code);
        out.reason = redacted(std::move(reason), config.key);
    };
    QUrlQuery query = walker->first();
    for (int number = 1;; ++number) {
        const std::string where = spec.name + " " + path + " page " + std::to_string(number);
        if (number > options.maxPages) {
            stop(SourcePull::Outcome::Partial, "too-many-pages",
                 where + ": stopped after " + std::to_string(options.maxPages) +
                     " pages; the rest was not read");
            break;
        }
        QUrl url = endpoint;
        url.setQuery(query);
        auto fetched = client.get(HttpRequest{url, headers}, [&](const RetryEvent &e) {
            ++out.progress.retries;
            out.progress.waitedMs += e.waitMs;
            if (options.progress)
                options.progress(out.progress);
        });
        if (!fetched) {
            const core::Error &e = fetched.error();
            if (e.code == "auth-failed")
                stop(SourcePull::Outcome::Failed, e.code,
                     "authentication failed for " + spec.name + " (" + e.detail + " at " + where +
                         "); check the key and its permissions");
            else if (e.code == "cancelled")
                stop(SourcePull::Outcome::Failed, e.code, where + ": cancelled");
            else
                stop(SourcePull::Outcome::Partial, e.code, where + " failed: " + e.detail);
            break;
        }
        Page page;
        page.number = number;
        page.name = pageName(spec.name, number);
        page.body = std::move(fetched->response.body);
        page.attempts = fetched->attempts;
        const std::string_view bytes(page.body.constData(), static_cast<size_t>(page.body.size()));
        ReadOptions ro;
        ro.fileName = where;
        ro.normaliser = &normaliser;
        auto envelope = parseSmallJson(bytes);
        auto loaded = envelope ? readBytes(bytes, ro, spec.adapterId)
                               : core::Result<LoadedFile>(std::unexpected(envelope.error()));
        if (!loaded) {
            core::Error e = loaded.error();
            e.file.clear(); // `where` says it
            stop(SourcePull::Outcome::Partial, "malformed",
                 "malformed body from " + where + ": " + e.message());
            break;
        }
        page.sha256 =
            QCryptographicHash::hash(page.body, QCryptographicHash::Sha256).toHex().toStdString();
        out.pages.push_back(std::move(page));
        out.progress.pages = number;
        out.progress.rows += static_cast<std::int64_t>(loaded->rows.size());
        addTotals(out.progress.totals, loaded->result.batch.totals);
        if (options.progress)
            options.progress(out.progress);
        const NextPage next = walker->after(*envelope, number);
        if (!next.problem.empty()) {
            stop(SourcePull::Outcome::Partial, "incomplete", spec.name + ": " + next.problem);
            break;
        }
        if (next.done)
            break;
        query = next.query;
    }
    return out;
}

ProbeResult probeSource(const SourceConfig &config, core::TimeUs now, PullOptions options)
{
    const core::TimeUs today = now - now % core::kUsPerDay;
    options.maxPages = 1;
    options.pageSize = 1;
    options.policy.retries = 0;
    options.progress = {};
    const SourcePull p =
        pullSource(config, closedWindow(today - core::kUsPerDay, today, now), options);
    ProbeResult r;
    // One page read is enough: a partial outcome only says the probe did not walk on.
    if (!p.pages.empty()) {
        r.outcome = ProbeResult::Outcome::Ok;
        return r;
    }
    r.reason = p.reason;
    r.outcome = p.errorCode == "auth-failed"         ? ProbeResult::Outcome::AuthFailed
                : p.errorCode == "retries-exhausted" ? ProbeResult::Outcome::Unreachable
                                                     : ProbeResult::Outcome::Failed;
    return r;
}

core::Result<ImportReport> importPulls(const std::string &ledgerPath,
                                       const std::vector<SourcePull> &pulls,
                                       bool allowPartial,
                                       const ImportProgressFn &progress)
{
    std::string problems;
    for (const SourcePull &p : pulls)
        if (p.outcome != SourcePull::Outcome::Complete)
            problems += (problems.empty() ? "" : "; ") + p.reason;
    if (!allowPartial && !problems.empty())
        return core::fail("pull-incomplete",
                          "nothing was imported (--allow-partial imports what was read): " +
                              problems);
    std::vector<std::string> sets;
    sets.reserve(pulls.size());
    std::vector<ImportInput> inputs;
    ImportOptions options;
    for (const SourcePull &p : pulls) {
        if (p.outcome == SourcePull::Outcome::Failed || p.pages.empty())
            continue;
        sets.push_back(p.pageSet());
        inputs.push_back(ImportInput{p.origin, sets.back()});
        InputOptions in;
        in.adapterId = p.adapterId;
        in.requestedStart = p.window.start;
        in.requestedEnd = p.window.end;
        in.requestedStep = core::kUsPerDay;
        in.amendBatch = [&p](core::ImportBatch &b) {
            for (const Page &page : p.pages)
                b.evidence.pages.push_back({page.name, page.sha256});
            b.windowStart = p.window.start;
            b.windowEnd = p.window.end;
            if (p.outcome == SourcePull::Outcome::Partial) {
                b.status = core::BatchStatus::Partial;
                b.evidence.reason = p.reason;
            }
            if (p.window.clamped)
                b.warnings.push_back({"window-clamped",
                                      p.origin,
                                      {},
                                      {},
                                      "the window ended in the future (" +
                                          core::formatTimestamp(p.window.askedEnd) +
                                          "); pulled up to " + core::formatTimestamp(p.window.end) +
                                          ", five minutes before the pull"});
        };
        options.perInput.push_back(std::move(in));
    }
    if (inputs.empty())
        return core::fail("pull-empty", "nothing was read, nothing was imported" +
                                            (problems.empty() ? std::string() : ": " + problems));
    auto report = importInputsIntoLedgerFile(ledgerPath, inputs, options, progress);
    if (!report)
        return core::fail(report.error().error);
    return std::move(*report);
}

core::Result<void> keepInputs(const std::string &dir, const std::vector<SourcePull> &pulls)
{
    const QDir d(QString::fromStdString(dir));
    if (!d.mkpath(QStringLiteral(".")))
        return core::fail("keep-inputs", "cannot create the directory", dir);
    auto write = [&](const std::string &name, const QByteArray &bytes) -> core::Result<void> {
        QSaveFile f(d.filePath(QString::fromStdString(name)));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
            return core::fail("keep-inputs", "cannot write " + name, dir);
        return {};
    };
    for (const SourcePull &p : pulls) {
        if (p.pages.empty())
            continue;
        for (const Page &page : p.pages)
            if (auto r = write(page.name, page.body); !r)
                return r;
        if (auto r = write(findSource(p.source)->fileName, QByteArray::fromStdString(p.pageSet()));
            !r)
            return r;
    }
    return {};
}

} // namespace unalloc::adapters::pull

namespace unalloc::adapters::pull {

core::Result<void>
checkUrl(const std::string &source, const std::string &baseUrl, bool allowPlainHttp)
{
    const QUrl url(QString::fromStdString(baseUrl), QUrl::StrictMode);
    const std::string shown = url.toString(QUrl::RemoveUserInfo).toStdString();
    if (!url.isValid() || url.host().isEmpty())
        return core::fail("usage", source + ": '" + shown + "' is not an http(s) URL");
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("https"))
        return {};
    if (scheme != QLatin1String("http"))
        return core::fail("usage", source + ": '" + shown + "' is not an http(s) URL");
    const QString host = url.host().toLower();
    const bool loopback = host == QLatin1String("localhost") || host == QLatin1String("::1") ||
                          host.startsWith(QLatin1String("127."));
    if (loopback || allowPlainHttp)
        return {};
    return core::fail("usage", source + ": " + shown +
                                   " is plain HTTP to another host: keys would cross the network "
                                   "in clear text (use https, or --allow-http if you mean it)");
}

} // namespace unalloc::adapters::pull
