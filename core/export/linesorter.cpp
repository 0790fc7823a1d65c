#include "linesorter.h"

#include <algorithm>
#include <queue>
#include <tuple>

namespace unalloc::core {

namespace {

bool before(const std::string &ak,
            const std::string &at,
            const std::string &bk,
            const std::string &bt)
{
    return std::tie(ak, at) < std::tie(bk, bt);
}

bool putString(std::FILE *f, const std::string &s)
{
    const auto n = static_cast<std::uint64_t>(s.size());
    return std::fwrite(&n, sizeof n, 1, f) == 1 &&
           (n == 0 || std::fwrite(s.data(), 1, s.size(), f) == s.size());
}

/// Reads one string; false at the end of the run (or on a short read).
bool getString(std::FILE *f, std::string &s)
{
    std::uint64_t n = 0;
    if (std::fread(&n, sizeof n, 1, f) != 1)
        return false;
    s.resize(n);
    return n == 0 || std::fread(s.data(), 1, n, f) == n;
}

} // namespace

GroupedLineSorter::GroupedLineSorter(std::ostream &out, size_t runBytes)
    : m_out(out)
    , m_limit(std::max<size_t>(runBytes, 1))
{}

GroupedLineSorter::~GroupedLineSorter()
{
    for (std::FILE *f : m_runs)
        std::fclose(f);
}

Result<void> GroupedLineSorter::add(std::int64_t group, std::string key, std::string text)
{
    if (m_any && group != m_group) {
        if (group < m_group)
            return fail("internal", "lines arrived out of group order");
        if (auto r = flush(); !r)
            return r;
    }
    m_any = true;
    m_group = group;
    m_bytes += key.size() + text.size() + sizeof(Entry);
    m_lines.push_back({std::move(key), std::move(text)});
    if (m_bytes > m_limit)
        return spill();
    return {};
}

Result<void> GroupedLineSorter::finish()
{
    return flush();
}

Result<void> GroupedLineSorter::spill()
{
    std::sort(m_lines.begin(), m_lines.end(),
              [](const Entry &a, const Entry &b) { return before(a.key, a.text, b.key, b.text); });
    std::FILE *f = std::tmpfile();
    if (!f)
        return fail("io", "cannot create a temporary file to sort the export");
    m_runs.push_back(f);
    for (const Entry &e : m_lines)
        if (!putString(f, e.key) || !putString(f, e.text))
            return fail("io", "cannot write a temporary file to sort the export (disk full?)");
    if (std::fflush(f) != 0 || std::fseek(f, 0, SEEK_SET) != 0)
        return fail("io", "cannot read back a temporary file of the export");
    ++m_runsWritten;
    m_lines.clear();
    m_lines.shrink_to_fit();
    m_bytes = 0;
    return {};
}

Result<void> GroupedLineSorter::merge()
{
    struct Head
    {
        std::string key, text;
        size_t run;
    };
    const auto later = [](const Head &a, const Head &b) {
        return before(b.key, b.text, a.key, a.text);
    };
    std::priority_queue<Head, std::vector<Head>, decltype(later)> heads(later);
    for (size_t i = 0; i < m_runs.size(); ++i) {
        Head h{{}, {}, i};
        if (getString(m_runs[i], h.key) && getString(m_runs[i], h.text))
            heads.push(std::move(h));
    }
    while (!heads.empty()) {
        Head h = heads.top();
        heads.pop();
        m_out << h.text;
        if (getString(m_runs[h.run], h.key) && getString(m_runs[h.run], h.text))
            heads.push(std::move(h));
    }
    for (std::FILE *f : m_runs)
        std::fclose(f);
    m_runs.clear();
    return {};
}

Result<void> GroupedLineSorter::flush()
{
    if (!m_runs.empty()) {
        if (!m_lines.empty())
            if (auto r = spill(); !r)
                return r;
        return merge();
    }
    std::sort(m_lines.begin(), m_lines.end(),
              [](const Entry &a, const Entry &b) { return before(a.key, a.text, b.key, b.text); });
    for (const Entry &e : m_lines)
        m_out << e.text;
    m_lines.clear();
    m_bytes = 0;
    if (!m_out)
        return fail("io", "cannot write the export");
    return {};
}

} // namespace unalloc::core
