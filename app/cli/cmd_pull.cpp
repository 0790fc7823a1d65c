// `unalloc pull`: live API pulls into a ledger — every page of every source, or nothing.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "adapters/pull/credentials.h"
#include "adapters/pull/pull.h"

#include <QDateTime>
#include <QTimeZone>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <map>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;
namespace pull = adapters::pull;

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int)
{
    g_interrupted = true;
}

/// Ctrl-C cancels the pull and any import in flight; the ledger stays as it was.
class InterruptGuard final
{
public:
    InterruptGuard() { m_previous = std::signal(SIGINT, onInterrupt); }
    ~InterruptGuard() { std::signal(SIGINT, m_previous); }

private:
    void (*m_previous)(int) = nullptr;
};

std::string totalsText(const std::vector<core::Money> &totals)
{
    std::string out;
    for (const core::Money &m : totals)
        out += (out.empty() ? "" : ", ") + m.toString();
    return out.empty() ? "0" : out;
}

Json totalsJson(const std::vector<core::Money> &totals)
{
    Json j = Json::object();
    for (const core::Money &m : totals)
        j[m.currency.code()] = m.amount.toString();
    return j;
}

/// [from, to) from --from/--to; both absent: the last full calendar month.
core::Result<std::pair<core::TimeUs, core::TimeUs>> window(const ParsedArgs &args, core::TimeUs now)
{
    if (args.has("from") != args.has("to"))
        return core::fail("usage", "give both --from and --to, or neither (the last full month)");
    if (!args.has("from")) {
        const QDate today = QDateTime::fromMSecsSinceEpoch(now / 1000, QTimeZone::utc()).date();
        const QDate first(today.year(), today.month(), 1);
        const QDate previous = first.addMonths(-1);
        auto at = [](QDate d) {
            return core::daysFromCivil(d.year(), static_cast<unsigned>(d.month()), 1) *
                   core::kUsPerDay;
        };
        return std::pair{at(previous), at(first)};
    }
    auto day = [&](const char *name) -> core::Result<core::TimeUs> {
        const std::string text = args.value(name);
        auto t = text.size() == 10 ? core::parseTimestamp(text)
                                   : core::Result<core::TimeUs>(core::fail("usage", ""));
        if (!t)
            return core::fail("usage", std::string("--") + name +
                                           " expects a date YYYY-MM-DD, got '" + text + "'");
        return *t;
    };
    auto from = day("from");
    if (!from)
        return std::unexpected(from.error());
    auto to = day("to");
    if (!to)
        return std::unexpected(to.error());
    if (*to <= *from)
        return core::fail("usage", "--from " + args.value("from") + " is not before --to " +
                                       args.value("to") + ": the window [from, to) is empty");
    return std::pair{*from, *to};
}

core::Result<int> timeoutMs(const ParsedArgs &args)
{
    if (!args.has("timeout"))
        return 30'000;
    bool ok = false;
    // A duration, not money: a double is fine here.
    const double seconds = QString::fromStdString(args.value("timeout")).toDouble(&ok);
    if (!ok || !(seconds > 0) || seconds > 3600)
        return core::fail("usage", "--timeout expects seconds (0 < s <= 3600), got '" +
                                       args.value("timeout") + "'");
    return static_cast<int>(seconds * 1000 + 0.5);
}

Json pullJson(const pull::SourcePull &p, const adapters::BatchOutcome *b)
{
    Json pages = Json::array();
    for (const pull::Page &page : p.pages)
        pages.push_back(
            {{"name", page.name}, {"sha256", page.sha256}, {"attempts", page.attempts}});
    Json j{{"source", p.source},
           {"origin", p.origin},
           {"status", b ? core::toString(b->batch.status) : pull::toString(p.outcome)},
           {"reason", p.reason},
           {"pages", pages},
           {"retries", p.progress.retries},
           {"rows_read", p.progress.rows},
           {"totals_read", totalsJson(p.progress.totals)}};
    if (b) {
        j["batch"] = b->batch.id;
        j["sha256"] = b->batch.sha256;
        j["rows_added"] = b->counts.rowsAdded;
        j["duplicates"] = b->counts.duplicates;
    }
    return j;
}

} // namespace

int runPull(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("pull", "Pull live APIs into a ledger: complete, or loudly not.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger (created when missing)")
        .option("from", 0, "DATE", "Window start YYYY-MM-DD (UTC); default: last full month")
        .option("to", 0, "DATE", "Window end YYYY-MM-DD, exclusive; a future end is clamped")
        .option("url", 0, "SOURCE=URL", "Base URL of a source, over its UNALLOC_*_URL (repeatable)")
        .option("timeout", 0, "SECONDS", "Per request (default 30)")
        .option("retries", 0, "N", "Retries of a failing request (default 4)")
        .flag("allow-partial", 0, "Import what was read of an incomplete source, marked partial")
        .option("keep-inputs", 0, "DIR", "Write the responses as received (sha256 in the batch)")
        .flag("allow-http", 0, "Allow plain HTTP to hosts other than loopback")
        .flag("json", 0, "Machine-readable output")
        .positional("SOURCE", "opencost, litellm, openai, anthropic (default: every configured)",
                    true);
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out
            << parser.help()
            << "\nEnvironment: UNALLOC_OPENCOST_URL, UNALLOC_LITELLM_URL, UNALLOC_LITELLM_KEY,\n"
               "UNALLOC_OPENAI_URL, OPENAI_ADMIN_KEY, UNALLOC_ANTHROPIC_URL, ANTHROPIC_ADMIN_KEY.\n"
               "Keys also come from the OS keychain: 'unalloc credentials set SOURCE'.\n";
        return kExitOk;
    }
    const std::string ledgerPath = args->value("ledger");
    if (ledgerPath.empty())
        return reportError({"usage", "pull needs --ledger FILE", {}, {}, {}}, io);
    const core::TimeUs now = QDateTime::currentMSecsSinceEpoch() * 1000;
    auto span = window(*args, now);
    if (!span)
        return reportError(span.error(), io);
    auto timeout = timeoutMs(*args);
    if (!timeout)
        return reportError(timeout.error(), io);
    auto retries = args->count("retries", 4);
    if (!retries)
        return reportError(retries.error(), io);
    std::map<std::string, std::string> urls;
    for (const std::string &u : args->values("url")) {
        const size_t eq = u.find('=');
        if (eq == std::string::npos || !pull::findSource(u.substr(0, eq)))
            return reportError({"usage",
                                "--url expects SOURCE=URL with SOURCE one of opencost, "
                                "litellm, openai, anthropic; got '" +
                                    u.substr(0, eq) + "'",
                                {},
                                {},
                                {}},
                               io);
        urls[u.substr(0, eq)] = u.substr(eq + 1);
    }
    std::vector<const pull::SourceSpec *> wanted;
    for (const std::string &s : args->positionals()) {
        const pull::SourceSpec *spec = pull::findSource(s);
        if (!spec)
            return reportError(
                {"usage",
                 "unknown source '" + s + "'. Known: opencost, litellm, openai, anthropic",
                 {},
                 {},
                 {}},
                io);
        if (std::find(wanted.begin(), wanted.end(), spec) == wanted.end())
            wanted.push_back(spec);
    }
    const bool all = wanted.empty();
    if (all)
        for (const pull::SourceSpec &s : pull::sourceSpecs())
            wanted.push_back(&s);

    auto store = pull::systemKeyStore();
    std::vector<pull::SourceConfig> configs;
    for (const pull::SourceSpec *spec : wanted) {
        const auto it = urls.find(spec->name);
        auto r = pull::resolveSource(*spec, pull::processEnv, store.get(),
                                     it == urls.end() ? std::string() : it->second);
        if (!r.configured) {
            if (all) { // "every configured source": say which were left out, and why
                io.err << "note: " << r.why << '\n';
                continue;
            }
            io.err << "error: " << r.why << '\n';
            return kExitError;
        }
        if (auto ok = pull::checkUrl(spec->name, r.config.baseUrl, args->has("allow-http")); !ok)
            return reportError(ok.error(), io);
        configs.push_back(std::move(r.config));
    }
    if (configs.empty()) {
        io.err << "error: no source is configured: set UNALLOC_OPENCOST_URL, UNALLOC_LITELLM_URL, "
                  "OPENAI_ADMIN_KEY or ANTHROPIC_ADMIN_KEY (or store a key with 'unalloc "
                  "credentials set SOURCE')\n";
        return kExitError;
    }

    InterruptGuard guard;
    g_interrupted = false;
    pull::PullOptions options;
    options.policy.retries = static_cast<int>(*retries);
    options.policy.timeoutMs = *timeout;
    options.cancel = [] {
        return g_interrupted.load();
    };
    const pull::PullWindow w = pull::closedWindow(span->first, span->second, now);
    std::vector<pull::SourcePull> pulls;
    for (const pull::SourceConfig &c : configs) {
        pulls.push_back(pull::pullSource(c, w, options));
        if (g_interrupted)
            break;
    }
    const bool json = args->has("json");
    if (!json) {
        io.out << "window " << core::formatTimestamp(w.start) << " .. "
               << core::formatTimestamp(w.end) << (w.clamped ? " (end clamped to now - 5 min)" : "")
               << '\n';
        for (const pull::SourcePull &p : pulls)
            io.out << p.source << ": " << counted(p.pages.size(), "page", "pages") << ", "
                   << counted(p.progress.rows, "row", "rows") << ", "
                   << totalsText(p.progress.totals) << ", " << p.progress.retries
                   << " retries \u2014 " << pull::toString(p.outcome)
                   << (p.reason.empty() ? "" : ": " + p.reason) << '\n';
    }
    if (!args->value("keep-inputs").empty())
        if (auto k = pull::keepInputs(args->value("keep-inputs"), pulls); !k)
            return reportError(k.error(), io);

    core::Result<adapters::ImportReport> report =
        g_interrupted ? core::fail("cancelled", "the pull was cancelled; nothing was imported")
                      : pull::importPulls(
                            ledgerPath, pulls, args->has("allow-partial"),
                            [](const adapters::ImportProgress &) { return !g_interrupted.load(); });
    bool failed = !report;
    for (const pull::SourcePull &p : pulls)
        failed = failed || p.outcome == pull::SourcePull::Outcome::Failed;
    if (json) {
        Json sources = Json::array();
        for (const pull::SourcePull &p : pulls) {
            const adapters::BatchOutcome *b = nullptr;
            if (report)
                for (const auto &o : report->batches)
                    if (o.batch.source == p.source)
                        b = &o;
            sources.push_back(pullJson(p, b));
        }
        Json out{{"ledger", ledgerPath},
                 {"window",
                  {{"from", core::formatTimestamp(w.start)},
                   {"to", core::formatTimestamp(w.end)},
                   {"clamped", w.clamped}}},
                 {"imported", report.has_value()},
                 {"sources", sources}};
        if (!report)
            out["error"] = report.error().message();
        io.out << out.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
    }
    if (!report) {
        io.err << "error: " << report.error().message() << '\n';
        return kExitError;
    }
    if (!json) {
        for (const auto &b : report->batches)
            io.out << b.batch.source << ": batch " << b.batch.id << ", " << b.counts.rowsAdded
                   << " rows added, " << b.counts.duplicates << " already in the ledger, "
                   << core::toString(b.batch.status) << '\n';
        io.out << "imported " << counted(report->rowsAdded(), "new row", "new rows") << " from "
               << counted(report->batches.size(), "source", "sources") << " into " << ledgerPath
               << '\n';
    }
    for (const pull::SourcePull &p : pulls)
        if (p.outcome == pull::SourcePull::Outcome::Failed)
            io.err << "error: " << p.reason << '\n';
        else if (p.outcome == pull::SourcePull::Outcome::Partial)
            io.err << "warning: imported as partial: " << p.reason << '\n';
    return failed ? kExitError : kExitOk;
}

} // namespace unalloc::cli
