#include "valuealiases.h"

#include "labels.h"
#include "ledger/ledgerstore.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace unalloc::core {

Result<std::pair<std::string, std::string>> parseAliasSource(std::string_view text)
{
    const size_t eq = text.find('=');
    if (eq == std::string_view::npos)
        return fail("bad-alias", "expected KEY=VALUE, got '" + std::string(text) + "'");
    const std::string key = LabelNormaliser().canonicalKey(trimmed(text.substr(0, eq)));
    const std::string value(trimmed(text.substr(eq + 1)));
    if (key.empty())
        return fail("bad-alias", "the alias '" + std::string(text) + "' has no label key");
    if (value.empty())
        return fail("bad-alias", "the alias '" + std::string(text) + "' has no value");
    return std::pair(key, value);
}

Result<ValueAlias> parseValueAlias(std::string_view text)
{
    const size_t eq = text.find('=');
    const size_t arrow = eq == std::string_view::npos ? eq : text.find("=>", eq + 1);
    if (arrow == std::string_view::npos)
        return fail("bad-alias", "expected KEY=VALUE=>TARGET, got '" + std::string(text) + "'");
    auto source = parseAliasSource(text.substr(0, arrow));
    if (!source)
        return fail(source.error());
    ValueAlias a{source->first, source->second, std::string(trimmed(text.substr(arrow + 2)))};
    if (a.target.empty())
        return fail("bad-alias", "the alias '" + std::string(text) + "' has no target value");
    if (a.target == a.value)
        return fail("bad-alias", "the alias '" + std::string(text) + "' maps a value to itself");
    return a;
}

std::string aliasText(const ValueAlias &alias)
{
    return alias.key + "=" + alias.value + "=>" + alias.target;
}

LabelMap aliasLabels(const LabelMap &labels,
                     const std::vector<ValueAlias> &aliases,
                     std::vector<std::uint32_t> *used)
{
    std::vector<LabelMap::Entry> entries;
    bool changed = false;
    for (std::uint32_t i = 0; i < aliases.size(); ++i) {
        const ValueAlias &a = aliases[i];
        // Compared with the labels as given: a target is never aliased again.
        const std::string *v = labels.find(a.key);
        if (!v || *v != a.value)
            continue;
        if (used)
            used->push_back(i);
        if (!std::exchange(changed, true))
            entries = labels.entries();
        for (LabelMap::Entry &e : entries)
            if (e.first == a.key)
                e.second = a.target;
    }
    return changed ? LabelMap(std::move(entries)) : labels;
}

AliasedCube applyValueAliases(const CostCube &cube, const std::vector<ValueAlias> &aliases)
{
    AliasedCube out;
    if (aliases.empty()) {
        out.cube = cube;
        return out;
    }
    const LabelSetPool &pool = cube.labelSets();
    constexpr std::uint32_t kUnset = 0xffffffffU;
    // Per source label set: its id in the new cube and the aliases it went through.
    std::vector<std::uint32_t> mapped(pool.size(), kUnset);
    std::vector<std::vector<std::uint32_t>> used(pool.size());
    std::map<std::tuple<std::uint32_t, std::int32_t, std::string>, AliasMove> moves;
    out.cube.reserve(cube.groupCount());
    for (const CostGroup &g : cube.rawGroups()) {
        if (mapped[g.labelSet] == kUnset)
            mapped[g.labelSet] = out.cube.internLabelSet(
                aliasLabels(pool.at(g.labelSet), aliases, &used[g.labelSet]));
        out.cube.addGroup(mapped[g.labelSet], cube.sources().at(cube.context(g).source),
                          cube.objects().at(g.object), g.day, cube.context(g).currency,
                          cube.context(g).batch, g.amount, g.rows,
                          cube.usageName(cube.context(g).usageProvider),
                          cube.usageName(cube.context(g).usageModel), cube.context(g).days);
        for (std::uint32_t i : used[g.labelSet]) {
            AliasMove &m = moves[{i, g.day, cube.context(g).currency.code()}];
            m.alias = i;
            m.day = g.day;
            m.currency = cube.context(g).currency;
            m.amount += g.amount;
            m.rows += g.rows;
        }
    }
    for (const CollisionTotal &c : cube.collisions())
        out.cube.addCollision(c);
    out.moves.reserve(moves.size());
    for (auto &[key, m] : moves)
        out.moves.push_back(m);
    return out;
}

std::vector<AliasTotal> aliasTotals(const std::vector<ValueAlias> &aliases,
                                    const std::vector<AliasMove> &moves,
                                    std::optional<std::int32_t> fromDay,
                                    std::optional<std::int32_t> toDay,
                                    std::optional<Currency> currency)
{
    std::vector<AliasTotal> out(aliases.size());
    std::vector<std::map<std::string, Decimal>> sums(aliases.size());
    for (size_t i = 0; i < aliases.size(); ++i)
        out[i].alias = aliases[i];
    for (const AliasMove &m : moves) {
        if (m.alias >= aliases.size() || (fromDay && m.day < *fromDay) ||
            (toDay && m.day >= *toDay) || (currency && m.currency != *currency))
            continue;
        sums[m.alias][m.currency.code()] += m.amount;
        out[m.alias].rows += m.rows;
    }
    for (size_t i = 0; i < aliases.size(); ++i)
        for (const auto &[code, amount] : sums[i])
            out[i].moved.push_back({amount, Currency::parse(code).value()});
    return out;
}

Result<AliasedCube> loadAnalysisCube(const LedgerStore &store,
                                     const std::vector<ValueAlias> &aliases)
{
    auto cube = store.loadCube();
    if (!cube)
        return fail(cube.error());
    if (aliases.empty()) {
        AliasedCube out;
        out.cube = std::move(*cube);
        return out;
    }
    return applyValueAliases(*cube, aliases);
}

} // namespace unalloc::core
