// Schema v9's rows table: v8's (rowsv8.cpp), with four values stored in fewer bytes. A
// request's columns are what a gateway ledger holds most of, and SQLite stores an integer in
// 0, 1, 2, 3, 4, 6 or 8 bytes by its magnitude:
// - the start instant as microseconds from kStartEpochUs (6 bytes from mid-2021 to mid-2030,
//   8 before: the absolute instant took 8 bytes);
// - the done instant after the row's end, not after its start: a gateway request ends when it
//   is done, so this is 0 and takes no bytes (it took 3 to 4);
// - a whole quantity (a request's tokens) as an integer, other quantities as the amount BLOB
//   (ledgercodec.h): 2 or 3 bytes instead of 8 or 9;
// - a gateway's record key (a provider response id or a LiteLLM call uuid) packed in
//   `key_packed` (rowcodes::packKey): 17 bytes instead of a uuid's 36, 8 fewer for
//   `chatcmpl-…`. There is no `record_key` column (see rowcodes.h); the view `row_keys` shows
//   the keys as text;
// - the key fingerprint in 48 bits (storedFingerprint): 6 bytes instead of 8, in the row and in
//   rows_fp.
// Readers see the other columns as in v8: `start_us` and `done_after_us` are generated from the
// stored ones, and `quantity` is read with ledgercodec::decodeQuantity.
#include "ledgerschema.h"

#include "rowcodes.h"

namespace unalloc::core::ledgerschema {

namespace {

// The stored columns a writer fills, in table order (the migration's INSERT names them).
constexpr const char *kStoredColumns =
    "id, batch, source_code, key_packed, own_name, amount, currency_code, start_offset_us, "
    "span_us, label_set, quantity, unit_code, prompt_tokens, completion_tokens, cached_tokens, "
    "send_after_us, first_token_after_us, done_after_end_us, provider_code, model, split, "
    "superseded, key_fp";

} // namespace

std::string rowsTable(std::string_view name)
{
    using namespace rowcodes;
    const std::string epoch = std::to_string(kStartEpochUs);
    // The code columns have no declared type (BLOB affinity): a code stays an integer, a text
    // outside the list stays text, and neither is ever converted into the other. `quantity`
    // is declared BLOB: an integer stored there stays an integer.
    return "CREATE TABLE " + std::string(name) +
           "(\n"
           "    id INTEGER PRIMARY KEY,\n"
           "    batch INTEGER NOT NULL REFERENCES batches(id),\n"
           "    source_code NOT NULL, key_packed NOT NULL, own_name TEXT,\n"
           "    amount BLOB NOT NULL, currency_code NOT NULL,\n"
           "    start_offset_us INTEGER NOT NULL, span_us INTEGER NOT NULL,\n"
           "    label_set INTEGER NOT NULL,\n"
           "    quantity BLOB, unit_code NOT NULL DEFAULT 0,\n"
           "    prompt_tokens INTEGER, completion_tokens INTEGER, cached_tokens INTEGER,\n"
           "    send_after_us INTEGER, first_token_after_us INTEGER, done_after_end_us INTEGER,\n"
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
           "    start_us INTEGER GENERATED ALWAYS AS (start_offset_us + " +
           epoch +
           ") VIRTUAL,\n"
           "    end_us INTEGER GENERATED ALWAYS AS (start_offset_us + " +
           epoch +
           " + span_us) VIRTUAL,\n"
           "    done_after_us INTEGER GENERATED ALWAYS AS (span_us + done_after_end_us) VIRTUAL,\n"
           "    " +
           generatedColumn(kUnit) + ",\n    " + generatedColumn(kProvider) + ")";
}

const std::vector<SortIndex> &sortIndexes()
{
    static const std::vector<SortIndex> all = {
        {"rows_start", "CREATE INDEX IF NOT EXISTS rows_start ON rows(start_us)"},
        {"rows_batch", "CREATE INDEX IF NOT EXISTS rows_batch ON rows(batch)"},
        {"rows_amount", "CREATE INDEX IF NOT EXISTS rows_amount ON rows(amount)"},
        {"rows_name", "CREATE INDEX IF NOT EXISTS rows_name ON rows(name)"},
        {"rows_source", "CREATE INDEX IF NOT EXISTS rows_source ON rows(source, " +
                            rowcodes::recordKeySql("key_packed") + ")"},
    };
    return all;
}

std::string rowKeysView()
{
    return "CREATE VIEW row_keys AS SELECT id, source, " + rowcodes::recordKeySql("key_packed") +
           " AS record_key FROM rows";
}

Result<void> upgradeRowsV8ToV9(sql::Db &db)
{
    // SQLite's >> is arithmetic: (fp << 16) >> 16 keeps the low 48 bits, sign-extended.
    const std::string copy = rowsTable("rows_v9") + ";INSERT INTO rows_v9(" + kStoredColumns +
                             ") SELECT id, batch, source_code, unalloc_v9_key(record_key), "
                             "own_name, amount, "
                             "currency_code, start_us - " +
                             std::to_string(kStartEpochUs) +
                             ", span_us, label_set, unalloc_v9_quantity(quantity), unit_code, "
                             "prompt_tokens, completion_tokens, cached_tokens, send_after_us, "
                             "first_token_after_us, done_after_us - span_us, provider_code, "
                             "model, split, superseded, (key_fp << 16) >> 16 FROM rows ORDER BY "
                             "id;"
                             "DROP TABLE rows;"
                             "ALTER TABLE rows_v9 RENAME TO rows;" +
                             rowKeysView() + ";" + kFingerprintIndex +
                             ";"
                             "CREATE INDEX rows_split ON rows(split) WHERE split IS NOT NULL;";
    return db.exec(copy);
}

} // namespace unalloc::core::ledgerschema
