#pragma once

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

} // namespace unalloc::core::rowcodes
