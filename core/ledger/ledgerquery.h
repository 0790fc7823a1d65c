#pragma once

// What the row queries of SqliteLedger share (ledgerrows.cpp, ledgerpages.cpp): the filter's
// WHERE clause, the row columns, and the columns of each sort order.
#include "sqliteledger.h"

#include <string>
#include <variant>
#include <vector>

namespace unalloc::core {

struct SqliteLedger::Where
{
    std::string clause; ///< " WHERE …" or ""
    std::vector<std::variant<std::int64_t, std::string>> values;

    void add(const std::string &term)
    {
        clause += clause.empty() ? " WHERE " : " AND ";
        clause += term;
    }
    void bindTo(sql::Stmt &st, int first = 1) const
    {
        int i = first;
        for (const auto &v : values) {
            if (const auto *n = std::get_if<std::int64_t>(&v))
                st.bind(i++, *n);
            else
                st.bind(i++, std::get<std::string>(v));
        }
    }
};

namespace ledgerquery {

inline constexpr const char *kRowColumns =
    "SELECT r.id, r.batch, r.source, r.key_packed, r.name, r.amount, r.currency, r.start_us, "
    "r.end_us, r.label_set, r.quantity, r.unit, r.prompt_tokens, r.completion_tokens, "
    "r.cached_tokens, r.start_us + r.send_after_us, r.start_us + r.first_token_after_us, "
    "r.start_us + r.done_after_us, r.provider, r.model, "
    "r.superseded, s.meter FROM rows r LEFT JOIN splits s ON s.id = r.split";

/// How a sort key column is stored, so that its value binds with the same type (SQLite orders
/// integers before text before BLOBs).
enum class KeyType { Int, Text, Blob };

struct KeyColumn
{
    const char *name;
    KeyType type;
};

/// The sort key of each order; every order ends with r.id (the tie-breaker) after these.
std::vector<KeyColumn> keyColumns(LedgerSort sort);
/// "a DESC, b DESC, r.id DESC"; `prefix` "+" keeps the planner off the key's index.
std::string orderTerms(const std::vector<KeyColumn> &cols, bool ascending, const char *prefix = "");

/// Drops the period bounds that exclude no row: the analysis period usually covers the whole
/// ledger. Without bounds a page index pass walks the sort index alone, and the totals scan the
/// table in order instead of looking up every row of a range of rows_start (1M rows: one
/// random page read each).
Result<void> dropIdleBounds(const sql::Db &db, LedgerRowFilter &f);

} // namespace ledgerquery

} // namespace unalloc::core
