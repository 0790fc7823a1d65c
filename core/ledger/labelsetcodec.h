#pragma once

#include "ledgercodec.h"
#include "sqlitedb.h"

#include "core/textarena.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace unalloc::core::labelsetcodec {

/// @brief How schema v4 stores a label set: every key and value text once in `label_strings`,
/// a set as a compact body of string ids (LEB128 varints), found again by its hash.
///
/// Body: count of labels, then (key id, value id) per label in key order; count of raw labels,
/// then (key id, value) per raw label in adapter order, where value is 2·i for "the value of
/// label i" (nearly every raw label: one byte) and 2·id + 1 for a string id (schema v5; v4
/// wrote the string id of every raw value, see rewriteRawValuesV4); count of collisions, then per
/// collision (canonical key id, winner raw key id, winner value id, count of raw keys, raw key
/// ids). Equal sets in one ledger have equal bodies, byte for byte: a body is the set's
/// identity there, the hash (ledgercodec::hashLabelSet) only finds candidates.
///
/// Per-request metadata (session, requester IP, end user) makes label sets about as many as
/// rows; stored as JSON text with a UNIQUE index over it a set cost ~1.3 kB, as a body of ids
/// it costs a few dozen bytes, and each distinct text is stored once.

/// Appends `v` as an unsigned LEB128 varint.
void putVarint(std::string &out, std::uint64_t v);
/// Reads a varint at `pos` (advanced past it); false when the body ends inside it. Inline: a
/// load decodes tens of millions, most of them one byte.
inline bool getVarint(std::string_view body, size_t &pos, std::uint64_t &v)
{
    if (pos < body.size() && !(static_cast<unsigned char>(body[pos]) & 0x80)) {
        v = static_cast<unsigned char>(body[pos++]);
        return true;
    }
    v = 0;
    for (int shift = 0; shift < 64 && pos < body.size(); shift += 7) {
        const auto b = static_cast<unsigned char>(body[pos++]);
        v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
        if (!(b & 0x80))
            return true;
    }
    return false;
}

/// Interns the strings of a set to ids (assigning new ones as needed) and writes its body.
/// `intern` returns the id of a text, or an error.
template<typename Intern>
Result<std::string> encode(const LabelMap &labels,
                           const RawLabels &raw,
                           const std::vector<Collision> &collisions,
                           Intern &&intern)
{
    std::string body;
    auto put = [&](std::string_view s) -> Result<void> {
        auto id = intern(s);
        if (!id)
            return fail(id.error());
        putVarint(body, static_cast<std::uint64_t>(*id));
        return {};
    };
    // A raw label's value is nearly always the value of a label of the set: it is written as a
    // reference to that label (one byte, no interning) and only otherwise as a string id.
    std::vector<std::string_view> values;
    values.reserve(labels.size());
    putVarint(body, labels.size());
    for (const auto &[k, v] : labels.entries()) {
        if (auto r = put(k); !r)
            return fail(r.error());
        if (auto r = put(v); !r)
            return fail(r.error());
        values.push_back(v);
    }
    putVarint(body, raw.size());
    for (const RawLabel &l : raw) {
        if (auto r = put(l.key); !r)
            return fail(r.error());
        const auto known = std::find(values.begin(), values.end(), std::string_view(l.value));
        if (known != values.end()) {
            putVarint(body, static_cast<std::uint64_t>(known - values.begin()) * 2);
            continue;
        }
        auto id = intern(l.value);
        if (!id)
            return fail(id.error());
        putVarint(body, static_cast<std::uint64_t>(*id) * 2 + 1);
    }
    putVarint(body, collisions.size());
    for (const Collision &c : collisions) {
        for (std::string_view s :
             {std::string_view(c.canonicalKey), std::string_view(c.winnerRawKey),
              std::string_view(c.winnerValue)})
            if (auto r = put(s); !r)
                return fail(r.error());
        putVarint(body, c.rawKeys.size());
        for (const std::string &k : c.rawKeys)
            if (auto r = put(k); !r)
                return fail(r.error());
    }
    return body;
}

/// What a reader of bodies needs: the text of a string id (nullopt when unknown). The view
/// stays valid while the lookup's owner lives.
using StringLookup = std::function<std::optional<std::string_view>(std::int64_t id)>;

/// Which parts of a body decode() fills in (the others stay empty).
enum class Parts { Labels, LabelsAndCollisions, All };
/// A v4 body with its raw values rewritten as v5 writes them (references to the set's labels
/// where the string id is a label's value id); ids only, no text. Used by the v4 → v5 migration.
Result<std::string> rewriteRawValuesV4(std::string_view v4Body);
/// Decodes a body. A body that ends early or names an unknown string is "ledger-corrupt".
Result<ledgercodec::LabelSetValue>
decode(std::string_view body, const StringLookup &text, Parts parts = Parts::All);
/// The (key id, value id) pairs of a body's labels, without any text.
Result<std::vector<std::pair<std::int64_t, std::int64_t>>> labelIds(std::string_view body);

/// A body's labels as string ids and whether it records collisions, without any text.
struct BodyIds
{
    std::vector<std::pair<std::uint64_t, std::uint64_t>> labels; ///< (key id, value id)
    bool hasCollisions = false;
};
/// Reads `body`'s label ids into `out` (reusing its storage); checks the body's structure.
Result<void> decodeIds(std::string_view body, BodyIds &out);

/// @brief Every string of a ledger's dictionary in memory, for readers of many bodies.
class StringTable final
{
public:
    /// Reads `label_strings` whole; with `turns`, lets the connection's other threads in
    /// every few hundred rows.
    static Result<StringTable> load(const sql::Db &db, sql::Turns *turns = nullptr);
    std::optional<std::string_view> find(std::int64_t id) const
    {
        if (id > 0 && static_cast<size_t>(id) < m_strings.size() && m_known[size_t(id)])
            return m_strings.at(static_cast<size_t>(id));
        return std::nullopt;
    }
    StringLookup lookup() const
    {
        return [this](std::int64_t id) {
            return find(id);
        };
    }
    size_t size() const { return m_strings.size(); }
    /// Moves every text out, by id, with which ids the ledger holds (the table is then empty).
    /// An id the ledger does not hold has an empty text.
    std::pair<TextArena, std::vector<bool>> release()
    {
        return {std::move(m_strings), std::move(m_known)};
    }

private:
    TextArena m_strings; ///< by id; [0] unused
    std::vector<bool> m_known;
};

/// @brief Strings read one id at a time (for a page of rows), each read once.
class StringCache final
{
public:
    explicit StringCache(const sql::Db &db)
        : m_db(db)
    {}
    /// The text of `id`; nullopt when it is not in the ledger or cannot be read.
    std::optional<std::string_view> find(std::int64_t id);
    StringLookup lookup()
    {
        return [this](std::int64_t id) {
            return find(id);
        };
    }

private:
    const sql::Db &m_db;
    sql::Stmt m_select;
    std::unordered_map<std::int64_t, std::string> m_cache;
};

} // namespace unalloc::core::labelsetcodec
