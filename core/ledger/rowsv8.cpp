// Schema v8's rows table: what a row costs on disk follows what it holds. Texts that come from
// a short list are stored as codes (rowcodes.h), a gateway row's name is not stored again when
// it is the model, the end instant is stored as the charge span, and amounts take 1 to 17
// bytes (ledgercodec.h). The columns readers know keep their names: `source`, `name`,
// `currency`, `end_us`, `unit` and `provider` are VIRTUAL generated columns, computed from the
// stored ones when read, so every query and the sort indexes work unchanged.
#include "ledgerschema.h"

#include "rowcodes.h"

namespace unalloc::core::ledgerschema {

namespace {

// The stored columns a writer fills, in table order (the migration's INSERT names them).
constexpr const char *kStoredColumns =
    "id, batch, source_code, record_key, own_name, amount, currency_code, start_us, span_us, "
    "label_set, quantity, unit_code, prompt_tokens, completion_tokens, cached_tokens, "
    "send_after_us, first_token_after_us, done_after_us, provider_code, model, split, "
    "superseded, key_fp";

// Schema v8's definition, frozen: the v7 -> v8 step builds it, and the v8 -> v9 step
// (rowsv9.cpp) rebuilds it as rowsTable().
std::string rowsTableV8(std::string_view name)
{
    using namespace rowcodes;
    // The code columns have no declared type (BLOB affinity): a code stays an integer, a text
    // outside the list stays text, and neither is ever converted into the other.
    return "CREATE TABLE " + std::string(name) +
           "(\n"
           "    id INTEGER PRIMARY KEY,\n"
           "    batch INTEGER NOT NULL REFERENCES batches(id),\n"
           "    source_code NOT NULL, record_key TEXT NOT NULL, own_name TEXT,\n"
           "    amount BLOB NOT NULL, currency_code NOT NULL,\n"
           "    start_us INTEGER NOT NULL, span_us INTEGER NOT NULL,\n"
           "    label_set INTEGER NOT NULL,\n"
           "    quantity BLOB, unit_code NOT NULL DEFAULT 0,\n"
           "    prompt_tokens INTEGER, completion_tokens INTEGER, cached_tokens INTEGER,\n"
           "    send_after_us INTEGER, first_token_after_us INTEGER, done_after_us INTEGER,\n"
           "    provider_code, model TEXT,\n"
           "    split INTEGER, superseded INTEGER NOT NULL DEFAULT 0,\n"
           "    key_fp INTEGER NOT NULL,\n"
           "    " +
           generatedColumn(kSource) +
           ",\n"
           "    name TEXT GENERATED ALWAYS AS (ifnull(own_name, model)) VIRTUAL,\n"
           "    " +
           generatedColumn(kCurrency) +
           ",\n"
           "    end_us INTEGER GENERATED ALWAYS AS (start_us + span_us) VIRTUAL,\n"
           "    " +
           generatedColumn(kUnit) + ",\n    " + generatedColumn(kProvider) + ")";
}

} // namespace

Result<void> upgradeRowsV7ToV8(sql::Db &db)
{
    using namespace rowcodes;
    const std::string copy =
        rowsTableV8("rows_v8") + ";INSERT INTO rows_v8(" + kStoredColumns + ") SELECT id, batch, " +
        encodeSql(kSource, "source") +
        ", record_key, CASE WHEN name = model THEN NULL ELSE name END, "
        "unalloc_v8_amount(amount), " +
        encodeSql(kCurrency, "currency") +
        ", start_us, end_us - start_us, label_set, unalloc_v8_amount(quantity), " +
        encodeSql(kUnit, "unit") +
        ", prompt_tokens, completion_tokens, cached_tokens, send_after_us, "
        "first_token_after_us, done_after_us, " +
        encodeSql(kProvider, "provider") +
        ", model, split, superseded, key_fp FROM rows ORDER BY id;"
        "DROP TABLE rows;"
        "ALTER TABLE rows_v8 RENAME TO rows;" +
        kFingerprintIndex +
        ";"
        "CREATE INDEX rows_split ON rows(split) WHERE split IS NOT NULL;"
        "UPDATE batch_totals SET amount = unalloc_v8_amount(amount), "
        "added_amount = unalloc_v8_amount(added_amount);"
        "UPDATE invoices SET amount = unalloc_v8_amount(amount);"
        "UPDATE agg SET amount = unalloc_v8_amount(amount);";
    return db.exec(copy);
}

Result<std::string> prepareRowsRebuild(sql::Db &db)
{
    // Dropping the old table must not check the splits' references to it (they hold the same
    // ids afterwards): migrate() runs before configure() turns foreign keys on.
    auto keys = db.scalar("PRAGMA foreign_keys");
    if (!keys)
        return fail(keys.error());
    if (*keys != 0)
        return fail("ledger-migration", "foreign keys are on while the rows table is rebuilt");
    // The sort indexes the file had (built on demand, sortIndexes()) are built again.
    std::string statements;
    for (const SortIndex &index : sortIndexes()) {
        auto st = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND "
                             "tbl_name = 'rows' AND name = ?1");
        if (!st)
            return fail(st.error());
        st->bind(1, index.name);
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (*row && st->int64(0) > 0)
            statements += index.create + ";";
    }
    return statements;
}

} // namespace unalloc::core::ledgerschema
