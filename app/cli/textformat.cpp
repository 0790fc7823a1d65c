#include "textformat.h"

#include <algorithm>

namespace unalloc::cli {

namespace {
/// Display width of UTF-8 text (code points; every character here is single-width).
size_t width(const std::string &s)
{
    size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xC0) != 0x80 ? 1 : 0;
    return n;
}

std::string grouped(const std::string &digits)
{
    std::string out;
    const size_t n = digits.size();
    for (size_t i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % 3 == 0)
            out += ',';
        out += digits[i];
    }
    return out;
}
} // namespace

std::string money(core::Decimal amount, core::Currency currency)
{
    std::string text = amount.toFixed(2);
    const bool neg = !text.empty() && text[0] == '-';
    if (neg)
        text.erase(0, 1);
    const auto dot = text.find('.');
    const std::string body = grouped(text.substr(0, dot)) + text.substr(dot);
    const std::string symbol = currency == core::Currency::usd() ? "$" : currency.code() + " ";
    return (neg ? "-" : "") + symbol + body;
}

std::string percent(core::Decimal pct)
{
    return pct.toFixed(1) + "%";
}

std::string counted(long long n, const char *singular, const char *plural)
{
    return std::to_string(n) + ' ' + (n == 1 ? singular : plural);
}

std::string shortNumber(core::Decimal value)
{
    std::string s = value.toString();
    while (s.size() > 1 && s.back() == '0' && s[s.size() - 2] != '.')
        s.pop_back();
    return s;
}

TextTable::TextTable(std::string title)
    : m_title(std::move(title))
{}

void TextTable::addColumn(std::string header, Align align)
{
    m_columns.emplace_back(std::move(header), align);
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_columns.size());
    m_rows.push_back(std::move(cells));
}

void TextTable::addSeparator()
{
    m_rows.emplace_back();
}

void TextTable::print(std::ostream &os) const
{
    std::vector<size_t> widths(m_columns.size());
    for (size_t c = 0; c < m_columns.size(); ++c) {
        widths[c] = width(m_columns[c].first);
        for (const auto &row : m_rows)
            if (!row.empty())
                widths[c] = std::max(widths[c], width(row[c]));
    }
    auto line = [&](const std::vector<std::string> &cells) {
        std::string out;
        for (size_t c = 0; c < cells.size(); ++c) {
            const size_t pad = widths[c] - width(cells[c]);
            if (c > 0)
                out += "  ";
            if (m_columns[c].second == Align::Right)
                out += std::string(pad, ' ') + cells[c];
            else if (c + 1 < cells.size())
                out += cells[c] + std::string(pad, ' ');
            else
                out += cells[c];
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        os << out << '\n';
    };
    size_t total = 0;
    for (size_t w : widths)
        total += w;
    total += widths.empty() ? 0 : 2 * (widths.size() - 1);
    if (!m_title.empty())
        os << m_title << '\n';
    std::vector<std::string> headers;
    for (const auto &[h, a] : m_columns)
        headers.push_back(h);
    line(headers);
    std::string rule;
    for (size_t i = 0; i < total; ++i)
        rule += "\u2500";
    os << rule << '\n';
    for (const auto &row : m_rows) {
        if (row.empty())
            os << rule << '\n';
        else
            line(row);
    }
}

} // namespace unalloc::cli
