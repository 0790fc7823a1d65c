#pragma once

#include "core/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::adapters {

/// @brief A streaming RFC 4180 reader over bytes: quoted fields with doubled quotes and
/// embedded line breaks, LF or CRLF, a leading UTF-8 BOM. One record at a time.
class CsvReader final
{
public:
    explicit CsvReader(std::string_view bytes);

    /// Reads the next record into `fields` (and whether each was quoted). False at the end of
    /// the input; an unterminated quote is an error naming the line.
    core::Result<bool> next(std::vector<std::string> &fields, std::vector<bool> &quoted);
    /// 1-based line on which the last record returned started.
    std::int64_t line() const { return m_recordLine; }
    std::int64_t offset() const { return static_cast<std::int64_t>(m_pos); }
    /// True when the last record returned holds a byte above 0x7F (its text needs a UTF-8
    /// check; ASCII records, the usual case, skip it).
    bool nonAscii() const { return m_nonAscii; }
    /// True when the last record returned ended at the end of the input without a line
    /// break: a file cut short in its last field looks exactly like that.
    bool unterminated() const { return m_unterminated; }

private:
    std::string_view m_bytes;
    size_t m_pos = 0;
    std::int64_t m_line = 1;
    std::int64_t m_recordLine = 0;
    bool m_nonAscii = false;
    bool m_unterminated = false;
};

/// @brief Column lookup by header name for one CSV file.
class CsvHeader final
{
public:
    explicit CsvHeader(std::vector<std::string> names);
    /// Column index of `name` (exact, then case-insensitive), or nullopt.
    std::optional<size_t> find(std::string_view name) const;
    const std::vector<std::string> &names() const { return m_names; }

private:
    std::vector<std::string> m_names;
};

/// "line 12"
std::string lineRef(std::int64_t line);

} // namespace unalloc::adapters

#include "adapters/adapter.h"
#include "batchbuilder.h"

#include <functional>

namespace unalloc::adapters {

/// One data record of a CSV file, with its header.
struct CsvRecord
{
    const CsvHeader &header;
    const std::vector<std::string> &fields;
    const std::vector<bool> &quoted;
    std::int64_t line;
    /// The cell of `column`, or nullopt when the column is absent or the cell is null (empty,
    /// or the unquoted literal NULL some exporters write).
    std::optional<std::string_view> get(std::string_view column) const;
};

/// Reads the header, then calls `onRecord` for each record. A record with a different field
/// count from the header, or text that is not UTF-8, is an error naming its line (and
/// column). A file without records is read with a warning; one whose last record has no
/// line break (cut short?) makes the batch partial.
core::Result<void>
forEachCsvRecord(std::string_view bytes,
                 BatchBuilder &builder,
                 const Progress &progress,
                 const std::function<core::Result<void>(const CsvHeader &)> &onHeader,
                 const std::function<core::Result<void>(const CsvRecord &)> &onRecord);

/// The header line (first line after an optional BOM), for sniffers.
std::string_view firstLine(std::string_view head);

} // namespace unalloc::adapters
