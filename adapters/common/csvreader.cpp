#include "csvreader.h"

#include "utf8.h"

#include <algorithm>

namespace unalloc::adapters {

CsvReader::CsvReader(std::string_view bytes)
    : m_bytes(bytes)
{
    if (m_bytes.starts_with("\xEF\xBB\xBF"))
        m_pos = 3;
}

core::Result<bool> CsvReader::next(std::vector<std::string> &fields, std::vector<bool> &quoted)
{
    fields.clear();
    quoted.clear();
    m_nonAscii = false;
    m_unterminated = false;
    // Blank lines between records carry nothing; skip them rather than yield empty records.
    while (m_pos < m_bytes.size() && (m_bytes[m_pos] == '\n' || m_bytes[m_pos] == '\r')) {
        if (m_bytes[m_pos] == '\n')
            ++m_line;
        ++m_pos;
    }
    if (m_pos >= m_bytes.size())
        return false;
    m_recordLine = m_line;
    std::string field;
    bool isQuoted = false;
    while (true) {
        if (m_pos >= m_bytes.size()) {
            fields.push_back(std::move(field));
            quoted.push_back(isQuoted);
            m_unterminated = true;
            return true;
        }
        const char c = m_bytes[m_pos];
        m_nonAscii |= static_cast<unsigned char>(c) >= 0x80;
        if (c == '"' && field.empty() && !isQuoted) {
            isQuoted = true;
            ++m_pos;
            const std::int64_t openedAt = m_line;
            while (true) {
                if (m_pos >= m_bytes.size()) {
                    return core::fail("bad-csv", "a quoted field is not closed", {},
                                      lineRef(openedAt));
                }
                const char q = m_bytes[m_pos++];
                if (q == '"') {
                    if (m_pos < m_bytes.size() && m_bytes[m_pos] == '"') {
                        field += '"';
                        ++m_pos;
                        continue;
                    }
                    break;
                }
                if (q == '\n')
                    ++m_line;
                m_nonAscii |= static_cast<unsigned char>(q) >= 0x80;
                field += q;
            }
            continue;
        }
        if (c == ',') {
            fields.push_back(std::move(field));
            quoted.push_back(isQuoted);
            field.clear();
            isQuoted = false;
            ++m_pos;
            continue;
        }
        if (c == '\r' || c == '\n') {
            if (c == '\r' && m_pos + 1 < m_bytes.size() && m_bytes[m_pos + 1] == '\n')
                ++m_pos;
            ++m_pos;
            ++m_line;
            fields.push_back(std::move(field));
            quoted.push_back(isQuoted);
            return true;
        }
        field += c;
        ++m_pos;
    }
}

CsvHeader::CsvHeader(std::vector<std::string> names)
    : m_names(std::move(names))
{}

std::optional<size_t> CsvHeader::find(std::string_view name) const
{
    for (size_t i = 0; i < m_names.size(); ++i) {
        if (m_names[i] == name)
            return i;
    }
    auto lower = [](std::string_view s) {
        std::string out(s);
        std::transform(out.begin(), out.end(), out.begin(),
                       [](unsigned char c) { return char(std::tolower(c)); });
        return out;
    };
    const std::string wanted = lower(name);
    for (size_t i = 0; i < m_names.size(); ++i) {
        if (lower(m_names[i]) == wanted)
            return i;
    }
    return std::nullopt;
}

std::string lineRef(std::int64_t line)
{
    return "line " + std::to_string(line);
}

} // namespace unalloc::adapters

namespace unalloc::adapters {

std::optional<std::string_view> CsvRecord::get(std::string_view column) const
{
    const auto i = header.find(column);
    if (!i || *i >= fields.size())
        return std::nullopt;
    const std::string &v = fields[*i];
    if (v.empty() || (!quoted[*i] && v == "NULL"))
        return std::nullopt;
    return std::string_view(v);
}

namespace {

/// The first cell of a record that is not UTF-8, as an error naming line and column.
core::Result<void> checkUtf8(const std::vector<std::string> &fields,
                             const std::vector<std::string> *names,
                             const std::string &file,
                             std::int64_t line)
{
    for (size_t i = 0; i < fields.size(); ++i) {
        if (const auto at = firstInvalidUtf8(fields[i])) {
            std::string column = names && i < names->size() ? (*names)[i] : std::string();
            // A header cell that is not UTF-8 cannot name itself.
            if (column.empty() || firstInvalidUtf8(column))
                column = "column " + std::to_string(i + 1);
            return core::fail("bad-encoding", invalidUtf8Detail(fields[i], *at), file,
                              lineRef(line), column);
        }
    }
    return {};
}

} // namespace

core::Result<void>
forEachCsvRecord(std::string_view bytes,
                 BatchBuilder &builder,
                 const Progress &progress,
                 const std::function<core::Result<void>(const CsvHeader &)> &onHeader,
                 const std::function<core::Result<void>(const CsvRecord &)> &onRecord)
{
    const std::string &file = builder.file();
    CsvReader reader(bytes);
    std::vector<std::string> fields;
    std::vector<bool> quoted;
    auto withFile = [&](core::Error e) {
        e.file = file;
        return std::unexpected(std::move(e));
    };
    auto got = reader.next(fields, quoted);
    if (!got)
        return withFile(got.error());
    if (!*got)
        return core::fail("empty-file", "the file has no header line", file);
    if (reader.nonAscii()) {
        if (auto r = checkUtf8(fields, nullptr, file, reader.line()); !r)
            return r;
    }
    const CsvHeader header(fields);
    if (auto r = onHeader(header); !r)
        return r;
    bool cutShort = reader.unterminated();
    std::int64_t count = 0, records = 0;
    std::int64_t lastLine = reader.line();
    while (true) {
        got = reader.next(fields, quoted);
        if (!got)
            return withFile(got.error());
        if (!*got)
            break;
        cutShort = reader.unterminated();
        lastLine = reader.line();
        if (fields.size() == 1 && fields[0].empty())
            continue;
        if (fields.size() != header.names().size()) {
            return core::fail("bad-csv",
                              "the record has " + std::to_string(fields.size()) +
                                  " fields, the header has " +
                                  std::to_string(header.names().size()),
                              file, lineRef(reader.line()));
        }
        if (reader.nonAscii()) {
            if (auto r = checkUtf8(fields, &header.names(), file, reader.line()); !r)
                return r;
        }
        if (auto r = builder.guardRecord([&] {
                return onRecord(CsvRecord{header, fields, quoted, reader.line()});
            });
            !r)
            return r;
        ++records;
        if (progress && ++count % 4096 == 0 &&
            !progress(reader.offset(), static_cast<std::int64_t>(bytes.size())))
            return core::fail("cancelled", "the read was cancelled", file);
    }
    if (cutShort) {
        // Many writers end every line with a break; a last line without one may have been
        // cut in the middle of a field (a copy or download that stopped), so the batch
        // cannot claim to be complete.
        builder.evidence().reason = "the file does not end with a line break: its last line (" +
                                    lineRef(lastLine) + ") may be cut short";
        builder.warn("no-final-newline", lineRef(lastLine), {},
                     "the file ends inside a line; if it was cut short, import it again whole");
    }
    if (records == 0)
        builder.warn("no-records", lineRef(1), {}, "the file has a header but no records");
    return {};
}

std::string_view firstLine(std::string_view head)
{
    if (head.starts_with("\xEF\xBB\xBF"))
        head.remove_prefix(3);
    const auto end = head.find_first_of("\r\n");
    return end == std::string_view::npos ? head : head.substr(0, end);
}

} // namespace unalloc::adapters
