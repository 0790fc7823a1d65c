#include "valuealiases.h"

#include "labels.h"
#include "ledger/ledgerstore.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>
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
    return applyValueAliases(CostCube(cube), aliases);
}

AliasedCube applyValueAliases(CostCube &&cube, const std::vector<ValueAlias> &aliases)
{
    // Only the groups of the sets an alias touches are added again, aliased: interning every
    // set's labels again took a 1M-request ledger's report from 0.35 s to 5.5 s for one alias.
    AliasedCube out;
    const LabelSetPool &pool = cube.labelSets();
    constexpr std::uint32_t kAbsent = LabelSetPool::kAbsent;
    // The key and value ids each alias matches (none when the ledger lacks either text).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> matches;
    for (const ValueAlias &a : aliases) {
        const std::uint32_t key = pool.keyId(a.key), value = pool.valueId(a.value);
        if (key != kAbsent && value != kAbsent)
            matches.emplace_back(key, value);
    }
    // Per touched set (by its id before keepGroups): its aliased labels, the aliases it went
    // through, and later its id in the aliased cube.
    struct Aliased
    {
        LabelMap labels;
        std::vector<std::uint32_t> used;
        std::uint32_t id = kAbsent;
    };
    std::unordered_map<std::uint32_t, Aliased> touched;
    for (std::uint32_t set = 0; set < pool.size() && !matches.empty(); ++set)
        for (const auto &[key, value] : matches)
            if (pool.valueId(set, key) == value) {
                Aliased &a = touched[set];
                a.labels = aliasLabels(pool.at(set), aliases, &a.used);
                break;
            }
    std::vector<char> keep(cube.rawGroups().size(), 1);
    std::vector<CostGroup> again; // the touched groups, in their order
    for (size_t i = 0; i < keep.size(); ++i)
        if (touched.contains(cube.rawGroups()[i].labelSet)) {
            keep[i] = 0;
            again.push_back(cube.rawGroups()[i]);
        }
    out.cube = std::move(cube);
    if (again.empty())
        return out;
    // Texts, sources, objects, contexts and collision totals stay as they were: the groups
    // taken out come back aliased, with their contexts and days.
    out.cube.keepGroups(keep, CostCube::KeptCollisions::All);
    std::map<std::tuple<std::uint32_t, std::int32_t, std::string>, AliasMove> moves;
    for (const CostGroup &g : again) {
        Aliased &a = touched.at(g.labelSet);
        if (a.id == kAbsent)
            a.id = out.cube.internLabelSet(a.labels);
        // addGroup merges it with a group it now equals (its aliased set existed already).
        // Its texts are copied: they are the cube's own, which addGroup looks up.
        const GroupContext c = out.cube.context(g);
        const std::string source(out.cube.sources().at(c.source));
        const std::string object(out.cube.objects().at(g.object));
        const std::string provider(out.cube.usageName(c.usageProvider));
        const std::string model(out.cube.usageName(c.usageModel));
        out.cube.addGroup(a.id, source, object, g.day, c.currency, c.batch, g.amount, g.rows,
                          provider, model, c.days);
        for (std::uint32_t alias : a.used) {
            AliasMove &m = moves[{alias, g.day, c.currency.code()}];
            m.alias = alias;
            m.day = g.day;
            m.currency = c.currency;
            m.amount += g.amount;
            m.rows += g.rows;
        }
    }
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
    return applyValueAliases(std::move(*cube), aliases);
}

} // namespace unalloc::core
