#pragma once

#include <string>
#include <vector>

namespace unalloc::core {

/// @brief RFC 4180 CSV text: fields quoted when they hold a comma, quote, CR or LF; lines end
/// with CRLF. Caption lines (if any) come first, each as "# text".
class CsvTable final
{
public:
    void addCaptionLine(const std::string &line);
    void addRow(const std::vector<std::string> &fields);
    const std::string &text() const { return m_text; }
    static std::string escape(const std::string &field);

private:
    std::string m_text;
};

} // namespace unalloc::core
