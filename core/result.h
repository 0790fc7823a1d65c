#pragma once

#include <expected>
#include <string>
#include <utility>

namespace unalloc::core {

/// @brief An expected failure as a value: a code for programs, a detail for people, and
/// where it happened (file, record — a line number or JSON path — and field).
struct Error
{
    std::string code;   ///< stable machine code, e.g. "bad-amount", "wrong-schema"
    std::string detail; ///< human explanation, English, no secrets
    std::string file;   ///< file name or URL (without credentials); may be empty
    std::string record; ///< record locator: "line 12", "data[3].results[1]"; may be empty
    std::string field;  ///< field name inside the record; may be empty

    /// "file: record: field: detail" with empty parts left out.
    std::string message() const;
};

template<class T> using Result = std::expected<T, Error>;

inline std::unexpected<Error> fail(std::string code,
                                   std::string detail,
                                   std::string file = {},
                                   std::string record = {},
                                   std::string field = {})
{
    return std::unexpected<Error>(Error{std::move(code), std::move(detail), std::move(file),
                                        std::move(record), std::move(field)});
}

inline std::unexpected<Error> fail(Error e)
{
    return std::unexpected<Error>(std::move(e));
}

} // namespace unalloc::core
