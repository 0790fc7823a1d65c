#include "pullharness.h"

#include "core/ledger/ledgerstore.h"

#include <algorithm>

namespace unalloc::tests {

namespace pull = adapters::pull;

PullHarness::PullHarness(int pageSize)
    : data(pageSize)
    , server([this](const SeenRequest &r) { return data(r); })
{}

pull::SourceConfig PullHarness::config(const std::string &source) const
{
    pull::SourceConfig c;
    c.spec = pull::findSource(source);
    const bool provider = source == "openai" || source == "anthropic";
    c.baseUrl = server.url(provider ? QStringLiteral("/v1") : QString()).toStdString();
    c.key = source == "openai"      ? kOpenAiKey
            : source == "anthropic" ? kAnthropicKey
            : source == "litellm"   ? kLiteLlmKey
                                    : std::string();
    return c;
}

pull::PullOptions PullHarness::options()
{
    pull::PullOptions o;
    o.policy.retries = retries;
    o.policy.timeoutMs = timeoutMs;
    o.env.nowMsSinceEpoch = [] {
        return kNowMs;
    };
    o.env.sleep = [this](std::int64_t ms) {
        waits.push_back(ms);
        return true;
    };
    o.env.random = [] {
        return 0.5;
    };
    o.cancel = cancel;
    return o;
}

pull::SourcePull PullHarness::pull(const std::string &source, core::TimeUs from, core::TimeUs to)
{
    const pull::PullWindow w = pull::closedWindow(from, to, kNowMs * 1000);
    return pull::pullSource(config(source), w, options());
}

std::vector<SeenRequest> PullHarness::requestsOf(const std::string &source) const
{
    const QString path = QString::fromStdString(pull::findSource(source)->path);
    std::vector<SeenRequest> out;
    for (const SeenRequest &r : server.requests())
        if (r.path.endsWith(path))
            out.push_back(r);
    return out;
}

std::vector<std::string> ledgerFingerprint(const std::string &path)
{
    std::vector<std::string> out;
    auto ledger = core::LedgerStore::open(path, true);
    if (!ledger)
        return {"cannot open " + path + ": " + ledger.error().message()};
    auto rows = (*ledger)->rows({}, core::LedgerSort::Start, true, 0, 1'000'000);
    if (!rows)
        return {"cannot read rows: " + rows.error().message()};
    for (const core::LedgerRow &lr : *rows) {
        const core::CostRow &r = lr.row;
        std::string line = r.source + "|" + r.recordKey + "|" + r.amount.toString() + "|" +
                           core::formatTimestamp(r.start) + "|" + core::formatTimestamp(r.end) +
                           "|" + r.name;
        for (const auto &[k, v] : r.labels.entries())
            line += "|" + k + "=" + v;
        out.push_back(std::move(line));
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace unalloc::tests
