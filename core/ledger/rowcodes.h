#pragma once

#include "core/result.h"
#include "sqlitedb.h"

#include <span>
#include <string>
#include <string_view>

namespace unalloc::core::rowcodes {

/// @brief A text column of `rows` whose values mostly come from a short list (schema v8).
///
/// The stored column holds the value's index in the list (SQLite stores 0 and 1 in no bytes
/// at all, any other small integer in one), or the text itself when the list lacks it; the
/// column readers select is generated from it (VIRTUAL: computed when read, never stored), so
/// every query that names `source`, `currency`, `unit` or `provider` reads what was written.
/// The lists are part of schema v8 itself: each file stores the generated columns'
/// expressions, written from these lists when it was created. A file only decodes the codes
/// its own expressions name, so any change to a list, an appended entry included, is a new
/// schema version whose migration rewrites the rows table's definition.
struct Coded
{
    const char *column; ///< the generated column readers select
    const char *stored; ///< the stored column writers fill
    std::span<const std::string_view> texts;
};

extern const Coded kSource;
extern const Coded kCurrency;
extern const Coded kUnit;
extern const Coded kProvider;

/// The index of text in the list, or -1 when the text itself is stored.
int codeOf(const Coded &c, std::string_view text);
/// Binds what a writer stores for `text`: its code, or the text itself (copied by SQLite when
/// `transient`, else it must outlive the statement's step).
void bind(sql::Stmt &st, int param, const Coded &c, std::string_view text, bool transient = true);
/// The generated column's definition for CREATE TABLE:
/// "<column> TEXT GENERATED ALWAYS AS (CASE <stored> WHEN 0 THEN '…' … ELSE <stored> END) VIRTUAL".
std::string generatedColumn(const Coded &c);
/// What a writer stores for the text expression `expr`, as SQL (the migration's encoder).
std::string encodeSql(const Coded &c, std::string_view expr);

/// @brief How schema v9 stores a record key: `rows.key_packed`.
///
/// A gateway's record key is the provider's response id (`chatcmpl-…`, `msg_…`) or a LiteLLM
/// call uuid (docs: LiteLLM `request_id`). Those take a BLOB: a form byte, then 0x01 and the
/// text after `chatcmpl-`, 0x02 and the text after `msg_`, or 0x03 and the 16 bytes of a
/// lower-case 8-4-4-4-12 uuid (17 bytes instead of 36). Any other key, an upper-case uuid
/// included, is stored as its text. Like the code lists, the forms are part of schema v9.
///
/// Packing is one-to-one, so two keys are equal iff their packed forms are: lookups compare
/// `key_packed` with the packed key. The text is not a generated column: SQLite computes
/// every generated column of a row on INSERT, and this one cost a tenth of the import's
/// speed. Readers unpack in C++ (unpackKey), SQL that orders by the key uses recordKeySql(),
/// and the view `row_keys(id, source, record_key)` shows the keys as text to the `sqlite3`
/// shell.
/// Fills `blob` with the packed key and gives true, or gives false: store the text.
bool packKey(std::string_view key, std::string &blob);
/// Binds what a writer stores for `key` (`scratch` holds a packed key until the step).
void bindKey(sql::Stmt &st, int param, std::string_view key, std::string &scratch);
/// The SQL expression of the key's text, from the column reference `packed` ("r.key_packed").
std::string recordKeySql(std::string_view packed);
/// The key stored in column `col` of the current row; "ledger-corrupt" for a BLOB packKey never
/// writes.
Result<std::string> unpackKey(const sql::Stmt &st, int col);

} // namespace unalloc::core::rowcodes
