#include "ownerargs.h"

#include <algorithm>

namespace unalloc::cli {

void addOwnerOptions(ArgParser &parser)
{
    parser.option("dimension", 'D', "KEY", "Owner label key (default: team; canonicalised)")
        .option("fallback", 'f', "KEY", "Fallback key, tried in order (repeatable)");
}

core::Result<core::AttributionOptions>
ownerOptions(const ParsedArgs &args, const InputOptions &input, const core::Rules &rules)
{
    const core::LabelNormaliser normaliser(rules.extraAliases);
    core::AttributionOptions o;
    const std::string rawOwner =
        args.value("dimension", rules.ownerKey.empty() ? "team" : rules.ownerKey);
    o.ownerKey = normaliser.canonicalKey(rawOwner);
    if (o.ownerKey.empty())
        return core::fail("usage", "owner key '" + rawOwner + "' is empty after normalisation");
    const auto &given = args.has("fallback") ? args.values("fallback") : rules.fallbacks;
    for (const std::string &f : given) {
        const std::string key = normaliser.canonicalKey(f);
        if (key.empty())
            return core::fail("usage", "fallback key '" + f + "' is empty after normalisation");
        if (key != o.ownerKey &&
            std::find(o.fallbacks.begin(), o.fallbacks.end(), key) == o.fallbacks.end())
            o.fallbacks.push_back(key);
    }
    o.fromDay = input.fromDay;
    o.toDay = input.toDay;
    if (!input.ledger.empty())
        o.sources.insert(input.sources.begin(), input.sources.end());
    return o;
}

core::Result<OwnedInput> readOwnedInput(const ParsedArgs &args, Io &io, const InputCheck &check)
{
    auto in = readInput(args, io, check);
    if (!in)
        return core::fail(in.error());
    auto owner = ownerOptions(args, in->options, in->input.rules);
    if (!owner)
        return core::fail(owner.error());
    OwnedInput out;
    static_cast<CommandInput &>(out) = std::move(*in);
    out.owner = std::move(*owner);
    return out;
}

} // namespace unalloc::cli
