// `unalloc credentials set|list|delete`: API keys in the OS keychain, never in a file of ours.
#include "command.h"
#include "input.h"

#include "adapters/pull/credentials.h"

#include <iostream>

namespace unalloc::cli {

namespace {

namespace pull = adapters::pull;

std::string keyedSources()
{
    std::string out;
    for (const pull::SourceSpec &s : pull::sourceSpecs())
        if (!s.keyVariable.empty())
            out += (out.empty() ? "" : ", ") + s.name;
    return out;
}

const pull::SourceSpec *keyedSource(const std::string &name)
{
    const pull::SourceSpec *spec = pull::findSource(name);
    return spec && !spec->keyVariable.empty() ? spec : nullptr;
}

} // namespace

int runCredentials(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("credentials",
                     "Store, list or delete API keys in the OS keychain. 'set' reads the key from "
                     "standard input (never from the command line).");
    parser.positional("ACTION", "set SOURCE | list | delete SOURCE", true);
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help() << "\nSources with keys: " << keyedSources()
               << "\nExample: printf %s \"$KEY\" | unalloc credentials set openai\n";
        return kExitOk;
    }
    const auto &pos = args->positionals();
    const std::string action = pos.empty() ? std::string() : pos[0];
    const bool needsSource = action == "set" || action == "delete";
    if (!(needsSource && pos.size() == 2) && !(action == "list" && pos.size() == 1))
        return reportError(
            {"usage", "credentials expects: set SOURCE | list | delete SOURCE", {}, {}, {}}, io);
    const pull::SourceSpec *spec = needsSource ? keyedSource(pos[1]) : nullptr;
    if (needsSource && !spec)
        return reportError({"usage",
                            "'" + pos[1] + "' takes no key; sources with keys: " + keyedSources(),
                            {},
                            {},
                            {}},
                           io);
    auto store = pull::systemKeyStore();
    if (action == "set") {
        std::string key;
        std::getline(std::cin, key);
        while (!key.empty() && (key.back() == '\r' || key.back() == ' ' || key.back() == '\t'))
            key.pop_back();
        if (key.empty()) {
            io.err << "error: no key on standard input (pipe it in: printf %s \"$KEY\" | unalloc "
                      "credentials set "
                   << spec->name << ")\n";
            return kExitError;
        }
        if (auto r = store->write(spec->name, key); !r) {
            io.err << "error: " << r.error().detail << '\n';
            return kExitError;
        }
        io.out << spec->name << ": key stored in the OS keychain\n";
        return kExitOk;
    }
    if (action == "delete") {
        if (auto r = store->remove(spec->name); !r) {
            io.err << "error: " << r.error().detail << '\n';
            return kExitError;
        }
        io.out << spec->name << ": key deleted from the OS keychain\n";
        return kExitOk;
    }
    // list: where each source's key would come from; never the key itself.
    std::string unavailable;
    for (const pull::SourceSpec &s : pull::sourceSpecs()) {
        if (s.keyVariable.empty())
            continue;
        io.out << s.name << ": ";
        const bool inEnv = !pull::processEnv(s.keyVariable).empty();
        auto k = store->read(s.name);
        if (!k) {
            io.out << "keychain unavailable";
            unavailable = k.error().detail.substr(0, k.error().detail.find("); set ")) +
                          "); only the environment variables give keys";
        } else {
            io.out << "keychain " << (*k && !(*k)->empty() ? "set" : "not set");
        }
        io.out << "; " << s.keyVariable << (inEnv ? " set (used first)" : " not set") << '\n';
    }
    if (!unavailable.empty()) {
        io.err << "error: " << unavailable << '\n';
        return kExitError;
    }
    return kExitOk;
}

} // namespace unalloc::cli
