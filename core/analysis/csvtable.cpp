#include "csvtable.h"

namespace unalloc::core {

std::string CsvTable::escape(const std::string &field)
{
    if (field.find_first_of(",\"\r\n") == std::string::npos && (field.empty() || field[0] != '#'))
        return field;
    std::string out = "\"";
    for (char c : field) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

void CsvTable::addCaptionLine(const std::string &line)
{
    m_text += "# " + line + "\r\n";
}

void CsvTable::addRow(const std::vector<std::string> &fields)
{
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i > 0)
            m_text += ',';
        m_text += escape(fields[i]);
    }
    m_text += "\r\n";
}

} // namespace unalloc::core
