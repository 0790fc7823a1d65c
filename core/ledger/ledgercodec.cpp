#include "ledgercodec.h"

#include <nlohmann/json.hpp>

namespace unalloc::core::ledgercodec {

using nlohmann::json;

AmountBlob encodeAmount(Decimal d)
{
    auto u = static_cast<unsigned __int128>(d.units());
    u ^= static_cast<unsigned __int128>(1) << 127;
    AmountBlob out{};
    for (int i = kAmountBytes - 1; i >= 0; --i) {
        out[static_cast<size_t>(i)] = static_cast<unsigned char>(u & 0xFF);
        u >>= 8;
    }
    return out;
}

Result<Decimal> decodeAmount(std::string_view blob)
{
    if (blob.size() != kAmountBytes)
        return fail("ledger-corrupt",
                    "stored amount has " + std::to_string(blob.size()) + " bytes, expected 16");
    unsigned __int128 u = 0;
    for (char c : blob)
        u = (u << 8) | static_cast<unsigned char>(c);
    u ^= static_cast<unsigned __int128>(1) << 127;
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

std::uint64_t
hashLabelSet(const LabelMap &labels, const RawLabels &raw, const std::vector<Collision> &collisions)
{
    Fnv f;
    for (const auto &[k, v] : labels.entries()) {
        f.add(k);
        f.add(v);
    }
    f.add("\x01raw");
    for (const RawLabel &r : raw) {
        f.add(r.key);
        f.add(r.value);
    }
    f.add("\x01col");
    for (const Collision &c : collisions) {
        f.add(c.canonicalKey);
        f.add(c.winnerRawKey);
    }
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
