#include "csvreader.h"

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
            return true;
        }
        const char c = m_bytes[m_pos];
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

core::Result<void>
forEachCsvRecord(std::string_view bytes,
                 const std::string &file,
                 const Progress &progress,
                 const std::function<core::Result<void>(const CsvHeader &)> &onHeader,
                 const std::function<core::Result<void>(const CsvRecord &)> &onRecord)
{
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
    const CsvHeader header(fields);
    if (auto r = onHeader(header); !r)
        return r;
    std::int64_t count = 0;
    while (true) {
        got = reader.next(fields, quoted);
        if (!got)
            return withFile(got.error());
        if (!*got)
            break;
        if (fields.size() == 1 && fields[0].empty())
            continue;
        if (fields.size() != header.names().size()) {
            return core::fail("bad-csv",
                              "the record has " + std::to_string(fields.size()) +
                                  " fields, the header has " +
                                  std::to_string(header.names().size()),
                              file, lineRef(reader.line()));
        }
        if (auto r = onRecord(CsvRecord{header, fields, quoted, reader.line()}); !r)
            return r;
        if (progress && ++count % 4096 == 0 &&
            !progress(reader.offset(), static_cast<std::int64_t>(bytes.size())))
            return core::fail("cancelled", "the read was cancelled", file);
    }
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
