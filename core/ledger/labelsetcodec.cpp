#include "labelsetcodec.h"

#include <algorithm>

namespace unalloc::core::labelsetcodec {

void putVarint(std::string &out, std::uint64_t v)
{
    while (v >= 0x80) {
        out += static_cast<char>(static_cast<unsigned char>(v | 0x80));
        v >>= 7;
    }
    out += static_cast<char>(static_cast<unsigned char>(v));
}

namespace {

Error corrupt(const std::string &detail)
{
    return Error{"ledger-corrupt", "stored label set " + detail, {}, {}, {}};
}

/// Reads varints and texts off one body, remembering the first failure.
struct Reader
{
    std::string_view body;
    const StringLookup &text;
    size_t pos = 0;
    std::string error;

    std::uint64_t count()
    {
        std::uint64_t n = 0;
        if (error.empty() && !getVarint(body, pos, n))
            error = "ends early";
        // Every entry takes at least one byte: a larger count is a corrupt body, not a
        // reason to reserve gigabytes.
        if (error.empty() && n > body.size())
            error = "has a count larger than its body";
        return error.empty() ? n : 0;
    }
    std::string str()
    {
        std::uint64_t id = 0;
        if (!error.empty())
            return {};
        if (!getVarint(body, pos, id)) {
            error = "ends early";
            return {};
        }
        const std::optional<std::string_view> s = text(static_cast<std::int64_t>(id));
        if (!s) {
            error = "names string " + std::to_string(id) + ", which the ledger does not hold";
            return {};
        }
        return std::string(*s);
    }
};

} // namespace

Result<ledgercodec::LabelSetValue>
decode(std::string_view body, const StringLookup &text, Parts parts)
{
    Reader r{body, text, 0, {}};
    ledgercodec::LabelSetValue v;
    const std::uint64_t nLabels = r.count();
    std::vector<LabelMap::Entry> entries;
    entries.reserve(nLabels);
    for (std::uint64_t i = 0; i < nLabels && r.error.empty(); ++i) {
        std::string k = r.str();
        std::string val = r.str();
        entries.emplace_back(std::move(k), std::move(val));
    }
    if (!r.error.empty())
        return fail(corrupt(r.error));
    for (size_t i = 1; i < entries.size(); ++i)
        if (!(entries[i - 1].first < entries[i].first))
            return fail(corrupt("has labels out of key order"));
    v.labels = LabelMap(std::move(entries));
    if (parts == Parts::Labels)
        return v;
    const std::uint64_t nRaw = r.count();
    if (parts == Parts::All)
        v.raw.reserve(nRaw);
    for (std::uint64_t i = 0; i < nRaw && r.error.empty(); ++i) {
        if (parts != Parts::All) { // skipped: two ids each
            std::uint64_t skip = 0;
            if (!getVarint(body, r.pos, skip) || !getVarint(body, r.pos, skip))
                r.error = "ends early";
            continue;
        }
        RawLabel l;
        l.key = r.str();
        std::uint64_t ref = 0;
        if (r.error.empty() && !getVarint(body, r.pos, ref))
            r.error = "ends early";
        if (!r.error.empty())
            break;
        if (ref % 2 == 0) { // the value of label ref / 2
            if (ref / 2 >= v.labels.size()) {
                r.error = "has a raw label referring to label " + std::to_string(ref / 2);
                break;
            }
            l.value = v.labels.entries()[static_cast<size_t>(ref / 2)].second;
        } else if (const auto s = text(static_cast<std::int64_t>(ref / 2))) {
            l.value = *s;
        } else {
            r.error =
                "names string " + std::to_string(ref / 2) + ", which the ledger does not hold";
            break;
        }
        v.raw.push_back(std::move(l));
    }
    const std::uint64_t nCollisions = r.count();
    for (std::uint64_t i = 0; i < nCollisions && r.error.empty(); ++i) {
        Collision c;
        c.canonicalKey = r.str();
        c.winnerRawKey = r.str();
        c.winnerValue = r.str();
        const std::uint64_t nKeys = r.count();
        for (std::uint64_t k = 0; k < nKeys && r.error.empty(); ++k)
            c.rawKeys.push_back(r.str());
        v.collisions.push_back(std::move(c));
    }
    if (r.error.empty() && r.pos != body.size())
        r.error = "has bytes after its end";
    if (!r.error.empty())
        return fail(corrupt(r.error));
    return v;
}

Result<std::string> rewriteRawValuesV4(std::string_view v4Body)
{
    size_t pos = 0;
    std::uint64_t n = 0;
    std::string out;
    if (!getVarint(v4Body, pos, n) || n > v4Body.size())
        return fail(corrupt("ends early"));
    putVarint(out, n);
    std::vector<std::uint64_t> valueIds;
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t k = 0, v = 0;
        if (!getVarint(v4Body, pos, k) || !getVarint(v4Body, pos, v))
            return fail(corrupt("ends early"));
        putVarint(out, k);
        putVarint(out, v);
        valueIds.push_back(v);
    }
    std::uint64_t nRaw = 0;
    if (!getVarint(v4Body, pos, nRaw) || nRaw > v4Body.size())
        return fail(corrupt("ends early"));
    putVarint(out, nRaw);
    for (std::uint64_t i = 0; i < nRaw; ++i) {
        std::uint64_t k = 0, v = 0;
        if (!getVarint(v4Body, pos, k) || !getVarint(v4Body, pos, v))
            return fail(corrupt("ends early"));
        putVarint(out, k);
        // Equal texts have equal ids in one ledger, so the first label with this value id is
        // the one encode() finds by text.
        const auto at = std::find(valueIds.begin(), valueIds.end(), v);
        putVarint(out, at != valueIds.end() ? static_cast<std::uint64_t>(at - valueIds.begin()) * 2
                                            : v * 2 + 1);
    }
    out.append(v4Body.substr(pos)); // the collisions are written the same way in both
    return out;
}

Result<std::vector<std::pair<std::int64_t, std::int64_t>>> labelIds(std::string_view body)
{
    size_t pos = 0;
    std::uint64_t n = 0;
    if (!getVarint(body, pos, n) || n > body.size())
        return fail(corrupt("ends early"));
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    out.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t k = 0, v = 0;
        if (!getVarint(body, pos, k) || !getVarint(body, pos, v))
            return fail(corrupt("ends early"));
        out.emplace_back(static_cast<std::int64_t>(k), static_cast<std::int64_t>(v));
    }
    return out;
}

Result<void> decodeIds(std::string_view body, BodyIds &out)
{
    size_t pos = 0;
    std::uint64_t n = 0;
    out.labels.clear();
    out.hasCollisions = false;
    if (!getVarint(body, pos, n) || n > body.size())
        return fail(corrupt("ends early"));
    for (std::uint64_t i = 0; i < n; ++i) {
        std::uint64_t k = 0, v = 0;
        if (!getVarint(body, pos, k) || !getVarint(body, pos, v))
            return fail(corrupt("ends early"));
        out.labels.emplace_back(k, v);
    }
    std::uint64_t nRaw = 0, skip = 0, nCollisions = 0;
    if (!getVarint(body, pos, nRaw) || nRaw > body.size())
        return fail(corrupt("ends early"));
    for (std::uint64_t i = 0; i < 2 * nRaw; ++i)
        if (!getVarint(body, pos, skip))
            return fail(corrupt("ends early"));
    if (!getVarint(body, pos, nCollisions))
        return fail(corrupt("ends early"));
    out.hasCollisions = nCollisions > 0;
    if (!out.hasCollisions && pos != body.size())
        return fail(corrupt("has bytes after its end"));
    return {};
}

namespace {

/// StringTable::load reserves room for at most this many ids at once (more grow by doubling).
constexpr std::int64_t kReservedIds = std::int64_t{1} << 26;
/// The largest jump between two of a dictionary's ids beyond twice the strings before it.
constexpr size_t kIdGap = size_t{1} << 20;

} // namespace

Result<StringTable> StringTable::load(const sql::Db &db, sql::Turns *turns)
{
    std::unique_lock<sql::Turns> held; // declared first: the statement is finalised holding it
    if (turns)
        held = std::unique_lock<sql::Turns>(*turns);
    auto st = db.prepare("SELECT id, s FROM label_strings ORDER BY id");
    if (!st)
        return fail(st.error());
    StringTable t;
    // Room for every id at once, and for texts of 32 bytes on average (label values are keys,
    // ids, IPs and names: 20 on average at ten million requests); room not written to is never
    // backed by memory. Past it the text grows by doubling. The room is bounded: a damaged id
    // must not reserve memory the machine does not have.
    if (auto top = db.scalar("SELECT max(id) FROM label_strings"); top && *top > 0) {
        const size_t room = static_cast<size_t>(std::min<std::int64_t>(*top, kReservedIds));
        t.m_strings.ends.reserve(room + 1);
        t.m_strings.text.reserve(32 * room);
        t.m_known.reserve(room + 1);
    }
    t.m_strings.push({});
    t.m_known.push_back(false);
    for (size_t n = 1;; ++n) {
        if (turns && n % 256 == 0)
            turns->letWaitersIn();
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return t;
        const std::int64_t id = st->int64(0);
        if (id <= 0 || id > std::int64_t{1} << 40)
            return fail(corrupt("dictionary has string id " + std::to_string(id)));
        if (static_cast<size_t>(id) < t.m_strings.size()) // ids come in order, each once
            return fail(corrupt("dictionary repeats string id " + std::to_string(id)));
        // Ids are given in sequence (the next is the largest + 1) and strings are never
        // removed, so a ledger's holes are few; a jump far past the strings read is damage,
        // whose holes would otherwise be held as empty texts.
        if (static_cast<size_t>(id) - t.m_strings.size() > 2 * t.m_strings.size() + kIdGap)
            return fail("ledger-corrupt", "the dictionary of label texts jumps from string id " +
                                              std::to_string(t.m_strings.size() - 1) + " to " +
                                              std::to_string(id));
        while (t.m_strings.size() < static_cast<size_t>(id)) { // a hole: an empty text
            t.m_strings.push({});
            t.m_known.push_back(false);
        }
        t.m_strings.push(st->textView(1));
        t.m_known.push_back(true);
    }
}

std::optional<std::string_view> StringCache::find(std::int64_t id)
{
    if (auto it = m_cache.find(id); it != m_cache.end())
        return it->second;
    if (!m_select.isValid()) {
        auto st = m_db.prepare("SELECT s FROM label_strings WHERE id = ?1");
        if (!st)
            return std::nullopt;
        m_select = std::move(*st);
    }
    m_select.reset();
    m_select.bind(1, id);
    auto row = m_select.step();
    if (!row || !*row)
        return std::nullopt;
    return m_cache.emplace(id, m_select.text(0)).first->second;
}

} // namespace unalloc::core::labelsetcodec
