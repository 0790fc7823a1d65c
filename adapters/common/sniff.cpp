#include "sniff.h"

#include <algorithm>

namespace unalloc::adapters {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

size_t skipBomAndSpace(std::string_view bytes)
{
    size_t i = bytes.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (i < bytes.size() && isSpace(bytes[i]))
        ++i;
    return i;
}

/// End of the first line of text, outside double quotes (a quoted CSV header cell may hold
/// a line break).
size_t firstLineEnd(std::string_view bytes, size_t from)
{
    bool quoted = false;
    for (size_t i = from; i < bytes.size(); ++i) {
        if (bytes[i] == '"')
            quoted = !quoted;
        else if (!quoted && (bytes[i] == '\n' || bytes[i] == '\r'))
            return i + 1;
    }
    return bytes.size();
}

} // namespace

HeadScan scanHead(std::string_view bytes, size_t maxKeys)
{
    HeadScan scan;
    const size_t start = skipBomAndSpace(bytes);
    if (start >= bytes.size() || (bytes[start] != '{' && bytes[start] != '[')) {
        scan.recordEnd = firstLineEnd(bytes, start);
        return scan;
    }
    scan.json = true;
    scan.recordEnd = bytes.size();
    std::vector<char> open; // the heap, not the stack: depth is the input's to choose
    bool expectKey = false;
    for (size_t i = start; i < bytes.size(); ++i) {
        const char c = bytes[i];
        if (c == '"') {
            const size_t from = ++i;
            while (i < bytes.size() && bytes[i] != '"')
                i += bytes[i] == '\\' ? 2 : 1;
            if (expectKey && scan.keys.size() < maxKeys && i <= bytes.size()) {
                std::string key(bytes.substr(from, std::min(i, bytes.size()) - from));
                if (std::find(scan.keys.begin(), scan.keys.end(), key) == scan.keys.end())
                    scan.keys.push_back(std::move(key));
            }
            expectKey = false;
        } else if (c == '{' || c == '[') {
            open.push_back(c);
            expectKey = c == '{';
        } else if (c == '}' || c == ']') {
            if (open.empty())
                break;
            const char closed = open.back();
            open.pop_back();
            if (open.empty() || (closed == '{' && open.back() == '[')) {
                scan.recordEnd = i + 1;
                break;
            }
        } else if (c == ',') {
            expectKey = !open.empty() && open.back() == '{';
        }
    }
    return scan;
}

std::string describeHead(std::string_view bytes)
{
    const size_t start = skipBomAndSpace(bytes);
    if (start >= bytes.size())
        return "an empty file";
    const HeadScan scan = scanHead(bytes);
    if (scan.json) {
        std::string out = bytes[start] == '{' ? "a JSON object" : "a JSON array";
        if (scan.keys.empty())
            return out + " without keys";
        out += " with keys";
        for (size_t i = 0; i < scan.keys.size(); ++i)
            out += (i == 0 ? " " : ", ") + scan.keys[i].substr(0, 40);
        return out;
    }
    std::string line(bytes.substr(start, scan.recordEnd - start));
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    if (line.size() > 120)
        line = line.substr(0, 120) + "…";
    return "a text file whose first line is '" + line + "'";
}

} // namespace unalloc::adapters
