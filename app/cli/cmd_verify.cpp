// `unalloc verify RESULT.json`: recompute a --json result from what its provenance names and
// say whether it still holds (the original tool's §9.5, extended to ledgers).
#include "command.h"
#include "input.h"
#include "provenance.h"
#include "textformat.h"

#include "core/decimal.h"
#include "core/ledger/ledgerstore.h"

#include <QFile>

#include <map>
#include <sstream>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

enum VerifyExit : int {
    kReproduced = 0,
    kInputsChanged = 3,
    kResultDiffers = 4,
    kNotConserved = 5
};

std::string shortDigest(const std::string &d)
{
    return d.substr(0, 19); // "sha256:" + 12 hex
}

core::Decimal dec(const Json &v)
{
    if (!v.is_string())
        return {};
    return core::Decimal::parse(v.get<std::string>()).value_or(core::Decimal{});
}

/// The sums a report result states about itself; messages for each that does not hold.
std::vector<std::string> conservation(const Json &r)
{
    std::vector<std::string> out;
    if (!r.contains("total_usd") || !r.contains("buckets") || !r["buckets"].is_array())
        return out; // not an attribution result: nothing to check
    const core::Decimal total = dec(r["total_usd"]);
    core::Decimal buckets, unallocated, sources;
    for (const Json &b : r["buckets"]) {
        buckets += dec(b.value("amount_usd", Json()));
        if (b.value("key", "") == "<unallocated>")
            unallocated += dec(b.value("amount_usd", Json()));
    }
    if (r.contains("by_source") && r["by_source"].is_object())
        for (const auto &[k, v] : r["by_source"].items())
            sources += dec(v);
    if (buckets != total)
        out.push_back("buckets sum to " + buckets.toString() + ", total is " + total.toString());
    if (r.contains("by_source") && sources != total)
        out.push_back("sources sum to " + sources.toString() + ", total is " + total.toString());
    if (r.contains("periods") && r["periods"].is_array()) { // report --by
        core::Decimal periods;
        for (const Json &p : r["periods"])
            periods += dec(p.value("total_usd", Json()));
        if (periods != total)
            out.push_back("periods sum to " + periods.toString() + ", total is " +
                          total.toString());
    }
    if (r.contains("unallocated_usd") && unallocated != dec(r["unallocated_usd"]))
        out.push_back("unallocated bucket is " + unallocated.toString() + ", headline says " +
                      dec(r["unallocated_usd"]).toString());
    return out;
}

/// Problems with the recorded batches in the ledger as it is now (missing, changed).
std::vector<std::string> batchProblems(const Json &recorded,
                                       const std::vector<core::ImportBatch> &now,
                                       std::vector<core::ImportBatch> &used)
{
    std::vector<std::string> out;
    for (const Json &b : recorded) {
        const std::int64_t id = b.value("id", std::int64_t(0));
        const std::string name =
            "batch " + std::to_string(id) + " (" + b.value("source", std::string()) + ")";
        const auto it = std::find_if(now.begin(), now.end(),
                                     [id](const core::ImportBatch &x) { return x.id == id; });
        if (it == now.end()) {
            out.push_back(name + ": missing from the ledger");
            continue;
        }
        const std::string sha = b.value("sha256", std::string());
        if (it->sha256 != sha || it->rowCount != b.value("rows", std::int64_t(-1)) ||
            core::toString(it->status) != b.value("status", std::string())) {
            out.push_back(name + ": changed (recorded " + shortDigest("sha256:" + sha) + ", " +
                          std::to_string(b.value("rows", std::int64_t(-1))) + " rows; found " +
                          shortDigest("sha256:" + it->sha256) + ", " +
                          std::to_string(it->rowCount) + " rows)");
            continue;
        }
        used.push_back(*it);
    }
    return out;
}

/// Problems with kept input files in `dir` against the recorded inputs (fixtures mode).
std::vector<std::string> inputProblems(const Json &inputs, const std::string &dir, Io &io)
{
    std::vector<std::string> out;
    for (const Json &i : inputs) {
        const std::string name = i.value("source", std::string());
        if (i.value("status", std::string()) != "loaded") {
            io.out << name << ": " << i.value("status", std::string())
                   << " in the original run, not replayed\n";
            continue;
        }
        const std::string path = dir + "/" + fixtureFileFor(name);
        QFile f(QString::fromStdString(path));
        if (!f.open(QIODevice::ReadOnly)) {
            out.push_back(name + ": retained input missing at " + path);
            continue;
        }
        const QByteArray bytes = f.readAll();
        const std::string found =
            "sha256:" + core::sha256Hex(std::string_view(bytes.constData(), size_t(bytes.size())));
        const std::string recorded = i.value("sha256", std::string());
        if (found != recorded)
            out.push_back(name + ": input changed (recorded " + shortDigest(recorded) + ", found " +
                          shortDigest(found) + ")");
    }
    return out;
}

const Command *findCommand(const std::string &name)
{
    for (const Command &c : commands())
        if (name == c.name)
            return &c;
    return nullptr;
}

} // namespace

int runVerify(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("verify", "Recompute a --json result from the batches (or kept input files) "
                               "its provenance names. Exit 0 reproduced, 3 inputs missing or "
                               "changed, 4 inputs same but result differs, 5 not conserved.");
    parser.option("ledger", 0, "FILE", "The ledger the result was computed from")
        .option("inputs", 0, "DIR", "Kept input files of a fixtures-mode result")
        .positional("RESULT", "A result written with --json");
    int exitCode = kExitOk;
    const auto args = parseCommandLine(parser, argv, io, exitCode);
    if (!args)
        return exitCode;
    if (args->positionals().size() != 1)
        return reportError({"usage", "verify needs one RESULT.json", {}, {}, {}}, io);
    const std::string ledgerPath = args->value("ledger"), inputsDir = args->value("inputs");
    if (ledgerPath.empty() == inputsDir.empty())
        return reportError({"usage", "verify needs --ledger FILE or --inputs DIR", {}, {}, {}}, io);
    const std::string file = args->positionals().front();
    QFile f(QString::fromStdString(file));
    if (!f.open(QIODevice::ReadOnly))
        return reportError({"io", "cannot read: " + f.errorString().toStdString(), file, {}, {}},
                           io);
    const QByteArray bytes = f.readAll();
    Json recorded =
        Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (recorded.is_discarded() || !recorded.is_object())
        return reportError({"bad-json", "not a JSON object", file, {}, {}}, io);
    if (!recorded.contains("provenance") || !recorded["provenance"].is_object() ||
        !recorded["provenance"].contains("command")) {
        io.err << file
               << " has no provenance block; it predates `unalloc verify` or was not written "
                  "with --json.\n";
        return kExitError;
    }
    const Json prov = recorded["provenance"];

    // 1. The result against itself: its parts must add up to its totals.
    const auto broken = conservation(recorded);
    for (const std::string &m : broken)
        io.out << "not conserved: " << m << '\n';
    if (!broken.empty())
        return kNotConserved;

    // 2. The inputs it names must be there, unchanged.
    std::vector<std::string> rerun;
    for (const Json &a : prov.value("arguments", Json::array()))
        rerun.push_back(a.get<std::string>());
    std::vector<std::string> problems;
    std::string from;
    if (!ledgerPath.empty()) {
        if (prov.value("mode", std::string()) != "ledger")
            return reportError({"usage",
                                file + " was computed from export files, not a ledger: "
                                       "use --inputs DIR",
                                {},
                                {},
                                {}},
                               io);
        auto ledger = core::LedgerStore::open(ledgerPath, true);
        if (!ledger)
            return reportError(ledger.error(), io);
        auto batches = (*ledger)->batches();
        if (!batches)
            return reportError(batches.error(), io);
        std::vector<core::ImportBatch> used;
        problems = batchProblems(prov.value("ledger_batches", Json::array()), *batches, used);
        if (problems.empty() && ledgerDigest(used) != prov.value("ledger_sha256", std::string()))
            problems.push_back("the batches' digest differs from the recorded " +
                               shortDigest(prov.value("ledger_sha256", std::string())));
        rerun.insert(rerun.end(), {"--ledger", ledgerPath});
        for (const core::ImportBatch &b : used)
            rerun.insert(rerun.end(), {"--batch", std::to_string(b.id)});
        from = std::to_string(used.size()) + " batches of " + ledgerPath;
    } else {
        if (prov.value("mode", std::string()) != "fixtures")
            return reportError(
                {"usage", file + " was computed from a ledger: use --ledger FILE", {}, {}, {}}, io);
        problems = inputProblems(prov.value("inputs", Json::array()), inputsDir, io);
        std::vector<std::string> kept;
        for (size_t i = 0; i < rerun.size(); ++i) {
            if (rerun[i] == "--fixture-dir")
                ++i;
            else if (rerun[i] != "--fixtures" && !rerun[i].starts_with("--fixture-dir="))
                kept.push_back(rerun[i]);
        }
        rerun = kept;
        rerun.insert(rerun.end(), {"--fixture-dir", inputsDir});
        from = "the inputs in " + inputsDir;
    }
    for (const std::string &p : problems)
        io.out << p << '\n';
    if (!problems.empty()) {
        io.out << "cannot reconstruct: the recorded inputs are not all available\n";
        return kInputsChanged;
    }

    // 3. Recompute with the recorded command and options, from those inputs only.
    const Command *command = findCommand(prov.value("command", std::string()));
    // Only the commands that write a --json result: a provenance block must not make verify
    // import, export or write anything.
    const std::string name = command ? command->name : "";
    if (name != "report" && name != "labels" && name != "reconcile" && name != "economics")
        return reportError({"bad-provenance",
                            "verify replays report, labels, reconcile and economics, not '" +
                                prov.value("command", std::string()) + "'",
                            file,
                            {},
                            {}},
                           io);
    if (std::find(rerun.begin(), rerun.end(), "--json") == rerun.end())
        rerun.push_back("--json");
    std::ostringstream out, err;
    Io inner{out, err};
    const int rc = command->run(rerun, inner);
    Json rebuilt = Json::parse(out.str(), nullptr, false);
    if ((rc != kExitOk && rc != kExitBudget) || rebuilt.is_discarded()) {
        io.out << "cannot recompute: " << err.str();
        return kInputsChanged;
    }
    const std::string digest = resultDigest(rebuilt);
    if (digest == resultDigest(recorded)) {
        io.out << "reproduced: " << prov.value("command", std::string()) << " from " << from;
        if (recorded.contains("unallocated_pct"))
            io.out << ", " << recorded.value("unallocated_pct", std::string())
                   << "% unallocated of "
                   << money(dec(recorded["total_usd"]),
                            core::Currency::parse(recorded.value("currency", "USD"))
                                .value_or(core::Currency::usd()));
        io.out << ", result " << shortDigest(digest) << '\n';
        return kReproduced;
    }
    io.out << "inputs match but the result differs\n";
    for (const auto &[key, value] : recorded.items()) {
        if (key == "provenance")
            continue;
        if (!rebuilt.contains(key) || rebuilt[key] != value)
            io.out << "  " << key << ": recorded "
                   << (value.is_string() ? value.get<std::string>() : value.dump().substr(0, 60))
                   << ", rebuilt "
                   << (!rebuilt.contains(key)     ? std::string("(absent)")
                       : rebuilt[key].is_string() ? rebuilt[key].get<std::string>()
                                                  : rebuilt[key].dump().substr(0, 60))
                   << '\n';
    }
    if (prov.value("unalloc_version", std::string()) != UNALLOC_VERSION)
        io.out << "  unalloc version: recorded " << prov.value("unalloc_version", std::string())
               << ", running " << UNALLOC_VERSION << '\n';
    return kResultDiffers;
}

} // namespace unalloc::cli
