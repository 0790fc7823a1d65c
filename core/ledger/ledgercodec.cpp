#include "ledgercodec.h"

#include <cstring>
#include <limits>

#include <nlohmann/json.hpp>

namespace unalloc::core::ledgercodec {

using nlohmann::json;

namespace {

using U128 = unsigned __int128;

int byteLength(U128 m)
{
    int n = 0;
    for (; m != 0; m >>= 8)
        ++n;
    return n;
}

Error badAmount(std::string_view blob, const char *why)
{
    return Error{"ledger-corrupt",
                 "stored amount of " + std::to_string(blob.size()) + " bytes " + why,
                 {},
                 {},
                 {}};
}

} // namespace

AmountBlob encodeAmount(Decimal d)
{
    AmountBlob out;
    const __int128 units = d.units();
    const bool negative = units < 0;
    // The magnitude of the most negative count still fits the unsigned type.
    const U128 m = negative ? U128(0) - static_cast<U128>(units) : static_cast<U128>(units);
    const int n = byteLength(m);
    out.bytes[0] = static_cast<unsigned char>(negative ? 0x80 - n : 0x80 + n);
    for (int i = 0; i < n; ++i) {
        const auto b = static_cast<unsigned char>(m >> (8 * (n - 1 - i)));
        out.bytes[static_cast<size_t>(i + 1)] = negative ? static_cast<unsigned char>(~b) : b;
    }
    out.length = 1 + n;
    if (!negative)
        while (out.length > 1 && out.bytes[static_cast<size_t>(out.length - 1)] == 0)
            --out.length;
    return out;
}

std::optional<std::int64_t> wholeQuantity(Decimal d)
{
    static const __int128 kOne = Decimal::fromInt(1).units();
    const __int128 units = d.units();
    if (units % kOne != 0)
        return std::nullopt;
    const __int128 whole = units / kOne;
    if (whole < std::numeric_limits<std::int64_t>::min() ||
        whole > std::numeric_limits<std::int64_t>::max())
        return std::nullopt;
    return static_cast<std::int64_t>(whole);
}

Result<Decimal> decodeQuantity(bool isInteger, std::int64_t integer, std::string_view blob)
{
    return isInteger ? Result<Decimal>(Decimal::fromInt(integer)) : decodeAmount(blob);
}

Result<Decimal> decodeAmount(std::string_view blob)
{
    if (blob.empty())
        return fail(badAmount(blob, "is empty"));
    const auto head = static_cast<unsigned char>(blob[0]);
    const int n = head >= 0x80 ? head - 0x80 : 0x80 - head;
    const bool negative = head < 0x80;
    const auto size = static_cast<int>(blob.size());
    if (n > 16)
        return fail(badAmount(blob, "has a length byte out of range"));
    // Exactly one spelling per amount, so that equal amounts are equal BLOBs.
    if (negative ? size != 1 + n : (size > 1 + n || (n > 0 && size < 2)))
        return fail(badAmount(blob, "does not match its length byte"));
    U128 m = 0;
    for (int i = 0; i < n; ++i) {
        const int at = 1 + i;
        auto b = at < size ? static_cast<unsigned char>(blob[static_cast<size_t>(at)]) : 0;
        if (negative)
            b = static_cast<unsigned char>(~b);
        if (i == 0 && b == 0)
            return fail(badAmount(blob, "has a leading zero byte"));
        m = (m << 8) | b;
    }
    if (!negative && size > 1 && blob.back() == 0)
        return fail(badAmount(blob, "has a trailing zero byte"));
    const U128 limit = U128(1) << 127;
    if (negative ? m > limit : m >= limit)
        return fail(badAmount(blob, "is out of range"));
    return Decimal::fromUnits(negative ? static_cast<__int128>(U128(0) - m)
                                       : static_cast<__int128>(m));
}

std::array<unsigned char, 16> encodeLegacyAmount(Decimal d)
{
    U128 u = static_cast<U128>(d.units()) ^ (U128(1) << 127);
    std::array<unsigned char, 16> out{};
    for (int i = 15; i >= 0; --i, u >>= 8)
        out[static_cast<size_t>(i)] = static_cast<unsigned char>(u);
    return out;
}

Result<Decimal> decodeLegacyAmount(std::string_view blob)
{
    if (blob.size() != 16)
        return fail("ledger-corrupt",
                    "stored amount has " + std::to_string(blob.size()) + " bytes, expected 16");
    U128 u = 0;
    for (char c : blob)
        u = (u << 8) | static_cast<unsigned char>(c);
    u ^= U128(1) << 127;
    return Decimal::fromUnits(static_cast<__int128>(u));
}

Result<Currency> decodeCurrency(std::string_view code)
{
    auto c = Currency::parse(code);
    if (!c)
        return fail("ledger-corrupt", "stored currency '" + std::string(code) + "' is unknown");
    return *c;
}

namespace {

// FNV-1a with a separator byte between fields so that ("ab","c") and ("a","bc") differ.
struct Fnv
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    void add(std::string_view s)
    {
        for (char c : s) {
            h ^= static_cast<unsigned char>(c);
            h *= 0x100000001b3ULL;
        }
        h ^= 0xFF;
        h *= 0x100000001b3ULL;
    }
};

json pairs(const std::vector<std::pair<std::string, std::string>> &entries)
{
    json a = json::array();
    for (const auto &[k, v] : entries)
        a.push_back(json::array({k, v}));
    return a;
}

Result<json> parseJson(std::string_view text, const char *what)
{
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded())
        return fail("ledger-corrupt", std::string("stored ") + what + " is not valid JSON");
    return j;
}

template<class T> std::optional<T> opt(const json &j, const char *key)
{
    auto it = j.find(key);
    if (it == j.end() || it->is_null())
        return std::nullopt;
    return it->get<T>();
}

} // namespace

namespace {

/// Eight bytes at a time, each field's length first so that ("ab","c") and ("a","bc") differ:
/// a per-request set is a few hundred bytes of text, hashed once per row.
struct WordHash
{
    static constexpr std::uint64_t kOdd = 0x9E3779B97F4A7C15ULL;
    std::uint64_t h = 0x243F6A8885A308D3ULL;
    void word(std::uint64_t w)
    {
        h = (h ^ w) * kOdd;
        h ^= h >> 29;
    }
    void add(std::string_view s)
    {
        word(s.size());
        size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, 8);
            word(w);
        }
        if (i < s.size()) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, s.size() - i);
            word(w);
        }
    }
    std::uint64_t done() const
    {
        std::uint64_t x = h;
        x ^= x >> 31;
        x *= 0x94D049BB133111EBULL;
        return x ^ (x >> 29);
    }
};

template<class H>
void addLabelSet(H &f,
                 const LabelMap &labels,
                 const RawLabels &raw,
                 const std::vector<Collision> &collisions)
{
    for (const auto &[k, v] : labels.entries()) {
        f.add(k);
        f.add(v);
    }
    f.add("\x01raw");
    for (const RawLabel &r : raw) {
        f.add(r.key);
        f.add(r.value);
    }
    f.add("\x01col"); // the byte 1C, then "ol" (a hex escape takes the c): as v4 stored it
    for (const Collision &c : collisions) {
        f.add(c.canonicalKey);
        f.add(c.winnerRawKey);
    }
}

} // namespace

std::uint64_t
hashLabelSet(const LabelMap &labels, const RawLabels &raw, const std::vector<Collision> &collisions)
{
    WordHash f;
    addLabelSet(f, labels, raw, collisions);
    return f.done();
}

std::uint64_t hashLabelSetV4(const LabelMap &labels,
                             const RawLabels &raw,
                             const std::vector<Collision> &collisions)
{
    Fnv f;
    addLabelSet(f, labels, raw, collisions);
    return f.h;
}

std::string labelsToJson(const LabelMap &labels)
{
    return pairs(labels.entries()).dump();
}

std::string rawToJson(const RawLabels &raw)
{
    json a = json::array();
    for (const RawLabel &r : raw)
        a.push_back(json::array({r.key, r.value}));
    return a.dump();
}

std::string collisionsToJson(const std::vector<Collision> &collisions)
{
    json a = json::array();
    for (const Collision &c : collisions)
        a.push_back({{"key", c.canonicalKey},
                     {"raw", c.rawKeys},
                     {"winner", c.winnerRawKey},
                     {"value", c.winnerValue}});
    return a.dump();
}

Result<LabelSetValue>
labelSetFromJson(std::string_view labels, std::string_view raw, std::string_view collisions)
{
    auto jl = parseJson(labels, "labels");
    auto jr = parseJson(raw, "raw labels");
    auto jc = parseJson(collisions, "collisions");
    if (!jl || !jr || !jc)
        return fail(!jl ? jl.error() : (!jr ? jr.error() : jc.error()));
    try {
        LabelSetValue v;
        std::vector<LabelMap::Entry> entries;
        for (const json &p : *jl)
            entries.emplace_back(p.at(0).get<std::string>(), p.at(1).get<std::string>());
        v.labels = LabelMap(std::move(entries));
        for (const json &p : *jr)
            v.raw.push_back(RawLabel{p.at(0).get<std::string>(), p.at(1).get<std::string>()});
        for (const json &c : *jc)
            v.collisions.push_back(Collision{
                c.at("key").get<std::string>(), c.at("raw").get<std::vector<std::string>>(),
                c.at("winner").get<std::string>(), c.at("value").get<std::string>()});
        return v;
    } catch (const json::exception &e) {
        return fail("ledger-corrupt", std::string("stored label set is malformed: ") + e.what());
    }
}

std::string evidenceToJson(const Completeness &c)
{
    json j = json::object();
    auto put = [&j](const char *key, const std::optional<std::int64_t> &v) {
        if (v)
            j[key] = *v;
    };
    put("pages_read", c.pagesRead);
    put("pages_declared", c.pagesDeclared);
    put("records_read", c.recordsRead);
    put("records_declared", c.recordsDeclared);
    put("steps_read", c.stepsRead);
    put("steps_expected", c.stepsExpected);
    if (c.lastPageHasMore)
        j["last_page_has_more"] = *c.lastPageHasMore;
    if (!c.gaps.empty())
        j["gaps"] = c.gaps;
    if (!c.reason.empty())
        j["reason"] = c.reason;
    if (!c.pages.empty()) {
        json pages = json::array();
        for (const PageDigest &p : c.pages)
            pages.push_back({{"name", p.name}, {"sha256", p.sha256}});
        j["pages"] = std::move(pages);
    }
    return j.dump();
}

Result<Completeness> evidenceFromJson(std::string_view text)
{
    auto j = parseJson(text, "evidence");
    if (!j)
        return fail(j.error());
    try {
        Completeness c;
        c.pagesRead = opt<std::int64_t>(*j, "pages_read");
        c.pagesDeclared = opt<std::int64_t>(*j, "pages_declared");
        c.recordsRead = opt<std::int64_t>(*j, "records_read");
        c.recordsDeclared = opt<std::int64_t>(*j, "records_declared");
        c.stepsRead = opt<std::int64_t>(*j, "steps_read");
        c.stepsExpected = opt<std::int64_t>(*j, "steps_expected");
        c.lastPageHasMore = opt<bool>(*j, "last_page_has_more");
        c.gaps = opt<std::vector<std::string>>(*j, "gaps").value_or(std::vector<std::string>{});
        c.reason = opt<std::string>(*j, "reason").value_or(std::string{});
        if (const auto it = j->find("pages"); it != j->end() && it->is_array())
            for (const json &p : *it)
                c.pages.push_back(
                    {p.at("name").get<std::string>(), p.at("sha256").get<std::string>()});
        return c;
    } catch (const json::exception &e) {
        return fail("ledger-corrupt", std::string("stored evidence is malformed: ") + e.what());
    }
}

std::string rulesToJson(const Rules &r)
{
    json j = {{"owner_key", r.ownerKey},
              {"fallbacks", r.fallbacks},
              {"aliases", r.extraAliases},
              {"overhead_policy", r.overheadPolicy},
              {"cached_weight", r.cachedWeight.toString()},
              {"output_weight", r.outputWeight.toString()},
              {"overlap_policy", r.overlapPolicy}};
    return j.dump();
}

Result<Rules> rulesFromJson(std::string_view text)
{
    auto j = parseJson(text, "rules");
    if (!j)
        return fail(j.error());
    try {
        Rules r;
        r.ownerKey = j->at("owner_key").get<std::string>();
        r.fallbacks = j->at("fallbacks").get<std::vector<std::string>>();
        r.extraAliases = j->at("aliases").get<std::map<std::string, std::string>>();
        r.overheadPolicy = j->at("overhead_policy").get<std::string>();
        r.overlapPolicy = j->at("overlap_policy").get<std::string>();
        auto cached = Decimal::parse(j->at("cached_weight").get<std::string>());
        auto output = Decimal::parse(j->at("output_weight").get<std::string>());
        if (!cached || !output)
            return fail("ledger-corrupt", "stored rules have a malformed weight");
        r.cachedWeight = *cached;
        r.outputWeight = *output;
        return r;
    } catch (const json::exception &e) {
        return fail("ledger-corrupt", std::string("stored rules are malformed: ") + e.what());
    }
}

} // namespace unalloc::core::ledgercodec
