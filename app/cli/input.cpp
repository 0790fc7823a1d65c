#include "input.h"

#include "adapters/adapter.h"
#include "core/timeutil.h"

#include <QFile>
#include <QFileInfo>
#include <QString>

#include <algorithm>
#include <charconv>

namespace unalloc::cli {

namespace {

struct FixtureFile
{
    const char *source;
    const char *file;
};
constexpr FixtureFile kFixtureFiles[] = {
    {"opencost", "opencost_allocation.json"},
    {"litellm", "litellm_spend.json"},
    {"openai", "openai_costs.json"},
    {"anthropic", "anthropic_cost_report.json"},
};
constexpr const char *kInvoiceFile = "invoices.json";

std::string fixtureFileName(const std::string &source)
{
    for (const auto &f : kFixtureFiles)
        if (source == f.source)
            return f.file;
    return {};
}

core::Result<std::int32_t> parseDay(const std::string &text, const char *option)
{
    if (text.size() != 10)
        return core::fail("usage",
                          std::string(option) + " expects a date YYYY-MM-DD, got '" + text + "'");
    auto t = core::parseTimestamp(text);
    if (!t)
        return core::fail("usage", std::string(option) + ": " + t.error().detail);
    return static_cast<std::int32_t>(core::dayIndex(*t));
}

/// Reads a fixture: from the bundled resources or from a directory. Empty optional = missing.
std::optional<QByteArray>
readFixture(const InputOptions &o, const std::string &file, std::string &where)
{
    const QString path = o.fixtureDir.empty()
                             ? QStringLiteral(":/demo/") + QString::fromStdString(file)
                             : QString::fromStdString(o.fixtureDir) + QLatin1Char('/') +
                                   QString::fromStdString(file);
    where = o.fixtureDir.empty() ? std::string("<bundled demo>/") + file : path.toStdString();
    QFile f(path);
    if (!f.exists() || !f.open(QIODevice::ReadOnly))
        return std::nullopt;
    return f.readAll();
}

core::Result<adapters::LoadedFile> parseFixture(const QByteArray &bytes,
                                                const std::string &file,
                                                const std::string &expectedSource,
                                                core::LabelNormaliser &normaliser)
{
    adapters::ReadOptions ro;
    ro.fileName = file;
    ro.normaliser = &normaliser;
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    auto loaded = adapters::readBytes(view, ro);
    if (!loaded)
        return loaded;
    if (!expectedSource.empty() && loaded->result.batch.source != expectedSource)
        return core::fail("wrong-source",
                          "expected a " + expectedSource + " export but found " +
                              loaded->result.batch.source + " (" + loaded->result.batch.format +
                              ")",
                          file);
    return loaded;
}

core::Result<LoadedInput> loadFixtures(const InputOptions &o, Io &io)
{
    LoadedInput in;
    in.mode = "fixtures";
    core::LabelNormaliser normaliser;
    std::int64_t batchId = 0;
    for (const std::string &source : o.sources) {
        const std::string file = fixtureFileName(source);
        std::string where;
        SourceInput si;
        si.name = source;
        const auto bytes = readFixture(o, file, where);
        if (!bytes) {
            si.status = "missing";
            si.detail = "no input at " + file;
            io.err << "skipping " << source << ": no fixture at " << where << '\n';
            in.inputs.push_back(si);
            continue;
        }
        auto loaded = parseFixture(*bytes, where, source, normaliser);
        if (!loaded)
            return core::fail(loaded.error());
        ++batchId;
        si.status = "loaded";
        si.sha256 = core::sha256Hex(
            std::string_view(bytes->constData(), static_cast<size_t>(bytes->size())));
        si.bytes = bytes->size();
        si.rows = static_cast<std::int64_t>(loaded->rows.size());
        for (core::CostRow &row : loaded->rows) {
            row.batchId = batchId;
            in.cube.addRow(row);
        }
        core::ImportBatch batch = loaded->result.batch;
        batch.id = batchId;
        batch.origin = where;
        batch.sha256 = si.sha256;
        in.batches.push_back(std::move(batch));
        in.inputs.push_back(si);
    }
    std::string where;
    if (const auto bytes = readFixture(o, kInvoiceFile, where)) {
        auto loaded = parseFixture(*bytes, where, {}, normaliser);
        if (!loaded)
            return core::fail(loaded.error());
        in.invoices = loaded->result.invoices;
        in.haveInvoiceFile = true;
    }
    return in;
}

} // namespace

std::string fixtureFileFor(const std::string &source)
{
    return fixtureFileName(source);
}

const std::vector<std::string> &knownSources()
{
    static const std::vector<std::string> kSources = {"opencost", "litellm", "openai", "anthropic"};
    return kSources;
}

void addInputOptions(ArgParser &parser)
{
    parser.option("source", 's', "NAME", "Source to include (repeatable; default: all)")
        .flag("fixtures", 0, "Read the bundled demo exports")
        .option("fixture-dir", 0, "DIR", "Read the demo file names from DIR")
        .option("ledger", 0, "FILE", "Read a .unalloc ledger file")
        .option("from", 0, "DATE", "Only rows whose charge period starts on/after DATE")
        .option("to", 0, "DATE", "Only rows whose charge period starts before DATE")
        .flag("require-complete", 0, "Fail (exit 1) when a batch is partial")
        .option("batch", 0, "ID", "Ledger: only this import batch (repeatable; what verify uses)")
        .option("currency", 0, "CODE",
                "Only rows in this currency (needed when the input holds several)");
}

core::Result<InputOptions> inputOptions(const ParsedArgs &args)
{
    InputOptions o;
    o.fixtures = args.has("fixtures");
    o.fixtureDir = args.value("fixture-dir");
    o.ledger = args.value("ledger");
    o.requireComplete = args.has("require-complete");
    for (const std::string &b : args.values("batch")) {
        std::int64_t id = 0;
        const auto [end, ec] = std::from_chars(b.data(), b.data() + b.size(), id);
        if (ec != std::errc() || end != b.data() + b.size() || id <= 0)
            return core::fail("usage", "--batch expects a batch id (1, 2, …), got '" + b + "'");
        o.batches.push_back(id);
    }
    if (!o.batches.empty() && o.ledger.empty())
        return core::fail("usage", "--batch needs --ledger FILE");
    if (!o.ledger.empty() && (o.fixtures || !o.fixtureDir.empty()))
        return core::fail("usage", "--ledger cannot be combined with --fixtures or --fixture-dir");
    for (const std::string &s : args.values("source")) {
        const auto &known = knownSources();
        if (o.ledger.empty() && std::find(known.begin(), known.end(), s) == known.end()) {
            std::string list;
            std::vector<std::string> sorted = known;
            std::sort(sorted.begin(), sorted.end());
            for (const auto &k : sorted)
                list += (list.empty() ? "" : ", ") + k;
            return core::fail("usage", "unknown source '" + s + "'. Known: " + list);
        }
        if (std::find(o.sources.begin(), o.sources.end(), s) == o.sources.end())
            o.sources.push_back(s);
    }
    if (o.sources.empty() && o.ledger.empty())
        o.sources = knownSources();
    if (args.has("from")) {
        auto d = parseDay(args.value("from"), "--from");
        if (!d)
            return core::fail(d.error());
        o.fromDay = *d;
    }
    if (args.has("to")) {
        auto d = parseDay(args.value("to"), "--to");
        if (!d)
            return core::fail(d.error());
        o.toDay = *d;
    }
    if (args.has("currency")) {
        auto c = core::Currency::parse(args.value("currency"));
        if (!c)
            return core::fail("usage", "--currency " + args.value("currency") +
                                           ": not an ISO 4217 currency code");
        o.currency = *c;
    }
    // Rows are [from, to): a --to on or before --from selects nothing, which is a mistake in
    // the options, not an empty ledger.
    if (o.fromDay && o.toDay && *o.toDay <= *o.fromDay)
        return core::fail("usage", "--from " + args.value("from") + " is not before --to " +
                                       args.value("to") + ": the period [from, to) is empty");
    return o;
}

core::Result<CommandInput> readInput(const ParsedArgs &args, Io &io, const InputCheck &check)
{
    auto options = inputOptions(args);
    if (!options)
        return core::fail(options.error());
    if (check)
        if (auto ok = check(*options); !ok)
            return core::fail(ok.error());
    auto input = loadInput(*options, io);
    if (!input)
        return core::fail(input.error());
    return CommandInput{std::move(*options), std::move(*input)};
}

core::Result<LoadedInput> loadInput(const InputOptions &options, Io &io)
{
    core::Result<LoadedInput> in;
    if (!options.ledger.empty())
        in = loadLedger(options, io);
    else if (options.fixtures || !options.fixtureDir.empty())
        in = loadFixtures(options, io);
    else
        return core::fail("no-input",
                          "no input: give --fixtures, --fixture-dir DIR or --ledger FILE");
    if (!in)
        return in;
    if (auto c = selectCurrency(options, *in); !c)
        return core::fail(c.error());
    if (options.requireComplete) {
        const auto partial = incompleteBatches(*in);
        if (!partial.empty()) {
            std::string list;
            for (const auto &p : partial)
                list += "\n  " + p;
            return core::fail("incomplete",
                              "--require-complete: " +
                                  (partial.size() == 1
                                       ? std::string("1 batch is")
                                       : std::to_string(partial.size()) + " batches are") +
                                  " not complete:" + list);
        }
    }
    return in;
}

std::string noRowsMessage(const InputOptions &options, const LoadedInput &input)
{
    std::int64_t held = 0;
    for (const SourceInput &in : input.inputs)
        held += in.rows;
    for (const core::ImportBatch &b : input.batches)
        held += b.rowCount;
    if (held == 0)
        return "No cost rows loaded. Try --fixtures.\n";
    std::string filter;
    if (options.fromDay || options.toDay) {
        filter += " with a charge period starting";
        if (options.fromDay)
            filter += " on or after " + core::formatDate(*options.fromDay * core::kUsPerDay) +
                      " (--from)";
        if (options.fromDay && options.toDay)
            filter += " and";
        if (options.toDay)
            filter += " before " + core::formatDate(*options.toDay * core::kUsPerDay) + " (--to)";
    }
    if (!options.sources.empty()) {
        filter += " from";
        for (size_t i = 0; i < options.sources.size(); ++i)
            filter += (i ? ", " : " ") + options.sources[i];
        filter += " (-s)";
    }
    return "No cost rows in the selection: the input holds " + std::to_string(held) +
           " rows, none" + (filter.empty() ? std::string(" that can be reported") : filter) + ".\n";
}

std::vector<std::string> incompleteBatches(const LoadedInput &input)
{
    std::vector<std::string> out;
    for (const core::ImportBatch &b : input.batches) {
        if (b.status == core::BatchStatus::Complete)
            continue;
        out.push_back(b.source + " (" + b.origin + "): " + core::toString(b.status) +
                      (b.evidence.reason.empty() ? "" : " — " + b.evidence.reason));
    }
    return out;
}

std::optional<ParsedArgs> parseCommandLine(const ArgParser &parser,
                                           const std::vector<std::string> &argv,
                                           Io &io,
                                           int &exitCode)
{
    auto args = parser.parse(argv);
    if (!args) {
        exitCode = reportError(args.error(), io);
        return std::nullopt;
    }
    if (args->helpRequested()) {
        io.out << parser.help();
        exitCode = kExitOk;
        return std::nullopt;
    }
    return *args;
}

int reportError(const core::Error &error, Io &io)
{
    if (error.code == "usage") {
        io.err << "unalloc: " << error.detail << "\nTry 'unalloc <command> --help'.\n";
        return kExitUsage;
    }
    io.err << "error: " << error.message() << '\n';
    return kExitError;
}

} // namespace unalloc::cli
