#include "labels.h"

#include <algorithm>
#include <tuple>

namespace unalloc::core {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isLowerOrDigit(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool isUpper(char c)
{
    return c >= 'A' && c <= 'Z';
}
bool isAlnum(char c)
{
    return isLowerOrDigit(c);
}

std::string lowerAscii(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        if (isUpper(c))
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

} // namespace

std::string_view trimmed(std::string_view s)
{
    size_t b = 0;
    size_t e = s.size();
    while (b < e && isSpace(s[b]))
        ++b;
    while (e > b && isSpace(s[e - 1]))
        --e;
    return s.substr(b, e - b);
}

LabelMap::LabelMap(std::vector<Entry> entries)
    : m_entries(std::move(entries))
{
    std::sort(m_entries.begin(), m_entries.end());
}

void LabelMap::assignSorted(
    const std::vector<std::pair<std::string_view, std::string_view>> &entries)
{
    m_entries.resize(entries.size());
    for (size_t i = 0; i < entries.size(); ++i) {
        m_entries[i].first.assign(entries[i].first);
        m_entries[i].second.assign(entries[i].second);
    }
}

const std::string *LabelMap::find(std::string_view key) const
{
    auto it = std::lower_bound(m_entries.begin(), m_entries.end(), key,
                               [](const Entry &e, std::string_view k) { return e.first < k; });
    if (it == m_entries.end() || it->first != key)
        return nullptr;
    return &it->second;
}

std::string LabelMap::keyList() const
{
    std::string out;
    for (const auto &[k, v] : m_entries) {
        if (!out.empty())
            out += ", ";
        out += k;
    }
    return out;
}

const std::map<std::string, std::string> &LabelNormaliser::defaultAliases()
{
    static const std::map<std::string, std::string> kAliases = {
        {"costcenter", "cost_center"},
        {"cost_centre", "cost_center"},
        {"cc", "cost_center"},
        {"team_id", "team"},
        {"teamid", "team"},
        {"owning_team", "team"},
        {"owner", "team"},
        {"squad", "team"},
        {"project_id", "project"},
        {"projectid", "project"},
        {"proj", "project"},
        {"workspace_id", "workspace"},
        {"svc", "service"},
        {"app", "service"},
        {"application", "service"},
        {"env", "environment"},
        {"stage", "environment"},
    };
    return kAliases;
}

const std::vector<std::string> &LabelNormaliser::defaultPrefixes()
{
    static const std::vector<std::string> kPrefixes = {
        "label_", "labels_",      "annotation_", "kubernetes_io_", "app_kubernetes_io_",
        "tag_",   "request_tag_",
    };
    return kPrefixes;
}

LabelNormaliser::LabelNormaliser()
    : m_aliases(defaultAliases())
    , m_prefixes(defaultPrefixes())
{}

LabelNormaliser::LabelNormaliser(std::map<std::string, std::string> extraAliases,
                                 std::vector<std::string> prefixes)
    : m_aliases(defaultAliases())
    , m_prefixes(std::move(prefixes))
{
    for (auto &[k, v] : extraAliases)
        m_aliases[k] = v;
}

std::string LabelNormaliser::shapeKey(std::string_view rawKey) const
{
    const std::string_view t = trimmed(rawKey);
    // camelCase split: '_' between a lower-case letter or digit and an upper-case letter.
    std::string split;
    split.reserve(t.size() + 4);
    for (size_t i = 0; i < t.size(); ++i) {
        if (i > 0 && isUpper(t[i]) && isLowerOrDigit(t[i - 1]))
            split.push_back('_');
        split.push_back(t[i]);
    }
    std::string lowered = lowerAscii(split);
    if (const auto slash = lowered.rfind('/'); slash != std::string::npos)
        lowered.erase(0, slash + 1);
    std::string out;
    out.reserve(lowered.size());
    bool pendingSep = false;
    for (char c : lowered) {
        if (isAlnum(c)) {
            if (pendingSep && !out.empty())
                out.push_back('_');
            pendingSep = false;
            out.push_back(c);
        } else {
            pendingSep = true;
        }
    }
    // Leading separators were never emitted and trailing ones are dropped: '_' is trimmed.
    bool stripped = true;
    while (stripped) {
        stripped = false;
        for (const std::string &p : m_prefixes) {
            if (out.size() > p.size() && out.compare(0, p.size(), p) == 0) {
                out.erase(0, p.size());
                stripped = true;
                break;
            }
        }
    }
    return out;
}

std::string LabelNormaliser::canonicalKey(std::string_view rawKey) const
{
    std::string shaped = shapeKey(rawKey);
    if (auto it = m_aliases.find(shaped); it != m_aliases.end())
        return it->second;
    return shaped;
}

const LabelNormaliser::KeyInfo &LabelNormaliser::info(std::string_view rawKey)
{
    auto it = m_cache.find(rawKey);
    if (it != m_cache.end())
        return it->second;
    KeyInfo ki;
    const std::string shaped = shapeKey(rawKey);
    ki.lowered = lowerAscii(trimmed(rawKey));
    bool aliased = false;
    if (auto a = m_aliases.find(shaped); a != m_aliases.end() && a->second != shaped) {
        ki.canonical = a->second;
        aliased = true;
    } else {
        ki.canonical = shaped;
    }
    if (!aliased && ki.lowered == ki.canonical)
        ki.rank = KeyRank::Explicit;
    else if (aliased)
        ki.rank = KeyRank::Alias;
    else if (ki.lowered.find('/') == std::string::npos)
        ki.rank = KeyRank::Rewritten;
    else
        ki.rank = KeyRank::Path;
    return m_cache.emplace(rawKey, std::move(ki)).first->second;
}

NormalisedLabels LabelNormaliser::normalise(const RawLabels &raw)
{
    std::vector<LabelView> views;
    views.reserve(raw.size());
    for (const RawLabel &l : raw)
        views.emplace_back(l.key, l.value);
    NormalisedLabels out;
    normaliseViews(views, m_views, out.collisions);
    std::vector<LabelMap::Entry> entries;
    entries.reserve(m_views.size());
    for (const auto &[k, v] : m_views)
        entries.emplace_back(std::string(k), std::string(v));
    out.labels = LabelMap(std::move(entries)); // already sorted; constructor sort is cheap
    return out;
}

void LabelNormaliser::normaliseViews(const std::vector<LabelView> &raw,
                                     std::vector<LabelView> &labels,
                                     std::vector<Collision> &collisions)
{
    labels.clear();
    collisions.clear();
    // Bounded memory on hostile inputs with unbounded distinct keys. Only reset between
    // calls: the candidates below and the labels of the previous call point into the memo.
    if (m_cache.size() > 200'000)
        m_cache.clear();
    std::vector<Candidate> &cands = m_candidates;
    cands.clear();
    for (const auto &[key, value] : raw) {
        const std::string_view v = trimmed(value);
        if (v.empty())
            continue;
        const KeyInfo &ki = info(key);
        if (ki.canonical.empty())
            continue;
        cands.push_back({&ki, key, v});
    }
    // Precedence: canonical key, then rank, then lower-cased raw key, then raw key, then value.
    std::sort(cands.begin(), cands.end(), [](const Candidate &a, const Candidate &b) {
        return std::tie(a.info->canonical, a.info->rank, a.info->lowered, a.rawKey, a.value) <
               std::tie(b.info->canonical, b.info->rank, b.info->lowered, b.rawKey, b.value);
    });
    for (size_t i = 0; i < cands.size();) {
        size_t j = i + 1;
        while (j < cands.size() && cands[j].info->canonical == cands[i].info->canonical)
            ++j;
        labels.emplace_back(cands[i].info->canonical, cands[i].value);
        if (j - i > 1) {
            Collision c;
            c.canonicalKey = cands[i].info->canonical;
            c.winnerRawKey = std::string(cands[i].rawKey);
            c.winnerValue = std::string(cands[i].value);
            for (size_t k = i; k < j; ++k)
                c.rawKeys.emplace_back(cands[k].rawKey);
            collisions.push_back(std::move(c));
        }
        i = j;
    }
}

} // namespace unalloc::core
