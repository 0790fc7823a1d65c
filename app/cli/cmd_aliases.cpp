// `unalloc aliases list|add|delete`: the ledger's label value aliases (team=e8d1460f… →
// team=search), applied before attribution by every command that reads the ledger.
#include "command.h"
#include "input.h"
#include "textformat.h"

#include "core/ledger/ledgerstore.h"
#include "core/valuealiases.h"

#include <nlohmann/json.hpp>

namespace unalloc::cli {

namespace {

using Json = nlohmann::ordered_json;

int listAliases(core::LedgerStore &ledger, bool json, Io &io)
{
    auto rules = ledger.rules();
    if (!rules)
        return reportError(rules.error(), io);
    auto aliased = core::loadAnalysisCube(ledger, rules->valueAliases);
    if (!aliased)
        return reportError(aliased.error(), io);
    const std::vector<core::AliasTotal> totals =
        core::aliasTotals(rules->valueAliases, aliased->moves, {}, {}, {});
    if (json) {
        Json list = Json::array();
        for (const core::AliasTotal &t : totals) {
            Json moved = Json::array();
            for (const core::Money &m : t.moved)
                moved.push_back({{"amount", m.amount.toString()}, {"currency", m.currency.code()}});
            list.push_back({{"key", t.alias.key},
                            {"value", t.alias.value},
                            {"target", t.alias.target},
                            {"rows", t.rows},
                            {"moved", moved}});
        }
        io.out << Json{{"ledger", ledger.path()},
                       {"rules_digest", rules->digest()},
                       {"aliases", list}}
                      .dump(2)
               << '\n';
        return kExitOk;
    }
    TextTable t("Value aliases in " + ledger.path() + " (rules " + rules->digest() + ")");
    for (const char *h : {"Key", "Value", "Target"})
        t.addColumn(h);
    t.addColumn("Rows", TextTable::Align::Right);
    t.addColumn("Moved", TextTable::Align::Right);
    for (const core::AliasTotal &a : totals) {
        std::string moved;
        for (const core::Money &m : a.moved)
            moved += (moved.empty() ? "" : ", ") + money(m.amount, m.currency);
        t.addRow({a.alias.key, a.alias.value, a.alias.target, std::to_string(a.rows),
                  moved.empty() ? "\u2014" : moved});
    }
    t.print(io.out);
    return kExitOk;
}

} // namespace

int runAliases(const std::vector<std::string> &argv, Io &io)
{
    ArgParser parser("aliases",
                     "Label value aliases: list them, add KEY=VALUE TARGET (rows whose label KEY "
                     "is VALUE are attributed as KEY=TARGET), delete KEY=VALUE.");
    parser.option("ledger", 0, "FILE", "The .unalloc ledger")
        .flag("json", 0, "list: machine-readable output")
        .positional("ACTION", "list, add or delete")
        .positional("ALIAS", "add/delete: KEY=VALUE (the label as the rows carry it)")
        .positional("TARGET", "add: the value to attribute instead");
    auto args = parser.parse(argv);
    if (!args)
        return reportError(args.error(), io);
    if (args->helpRequested()) {
        io.out << parser.help();
        return kExitOk;
    }
    const std::vector<std::string> &pos = args->positionals();
    const std::string ledgerPath = args->value("ledger");
    const std::string action = pos.empty() ? std::string() : pos[0];
    if (ledgerPath.empty() || (action == "list" && pos.size() != 1) ||
        (action == "add" && pos.size() != 3) || (action == "delete" && pos.size() != 2) ||
        (action != "list" && action != "add" && action != "delete"))
        return reportError({"usage",
                            "use: aliases list --ledger FILE | aliases add KEY=VALUE TARGET "
                            "--ledger FILE | aliases delete KEY=VALUE --ledger FILE",
                            {},
                            {},
                            {}},
                           io);
    auto ledger = core::LedgerStore::open(ledgerPath, action == "list");
    if (!ledger)
        return reportError(ledger.error(), io);
    if (action == "list")
        return listAliases(**ledger, args->has("json"), io);
    auto source = core::parseAliasSource(pos[1]);
    if (!source)
        return reportError({"usage", source.error().detail, {}, {}, {}}, io);
    if (action == "add") {
        auto alias = core::parseValueAlias(pos[1] + "=>" + pos[2]);
        if (!alias)
            return reportError({"usage", alias.error().detail, {}, {}, {}}, io);
        if (auto r = (*ledger)->setValueAlias(*alias); !r)
            return reportError(r.error(), io);
        io.out << "added " << core::aliasText(*alias) << " to " << ledgerPath << '\n';
        return kExitOk;
    }
    auto removed = (*ledger)->removeValueAlias(source->first, source->second);
    if (!removed)
        return reportError(removed.error(), io);
    if (!*removed)
        return reportError({"no-alias",
                            "the ledger has no alias for " + source->first + "=" + source->second,
                            ledgerPath,
                            {},
                            {}},
                           io);
    io.out << "deleted the alias of " << source->first << '=' << source->second << " from "
           << ledgerPath << '\n';
    return kExitOk;
}

} // namespace unalloc::cli
