#pragma once

#include "core/costrow.h"
#include "core/importbatch.h"
#include "core/result.h"
#include "core/rules.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core::ledgercodec {

/// Most bytes of a stored amount (schema v8): a length byte and up to 16 bytes of units.
inline constexpr int kAmountBytes = 17;

/// @brief A stored amount: 1 to 17 bytes, so that SQLite's memcmp ordering of the BLOBs is
/// the numeric ordering (ORDER BY amount works on the column) and equal amounts are equal
/// BLOBs.
///
/// The first byte says the sign and how many bytes the magnitude m of the unit count takes
/// (n, 1..16): 0x80 + n for a positive count, 0x80 - n for a negative one, 0x80 alone for zero.
/// A positive count's m follows big-endian without its trailing zero bytes (an amount of whole
/// cents ends in many); a negative count's n bytes of m follow complemented (~m), all of them.
/// Schema v7 and earlier stored the 128-bit count big-endian with the sign bit flipped
/// (decodeLegacyAmount).
struct AmountBlob
{
    std::array<unsigned char, kAmountBytes> bytes{};
    int length = 0;
    const unsigned char *data() const { return bytes.data(); }
    int size() const { return length; }
    std::string_view view() const
    {
        return {reinterpret_cast<const char *>(bytes.data()), static_cast<size_t>(length)};
    }
    auto begin() const { return bytes.begin(); }
    auto end() const { return bytes.begin() + length; }
};

AmountBlob encodeAmount(Decimal d);
/// Inverse of encodeAmount; an error for a blob that encodeAmount does not write.
Result<Decimal> decodeAmount(std::string_view blob);
/// How schema v9 stores a row's quantity: a whole number that fits 64 bits as that integer
/// (a request's tokens: 2 or 3 bytes), any other as encodeAmount's BLOB (8 or 9 bytes for a
/// whole count of tokens).
std::optional<std::int64_t> wholeQuantity(Decimal d);
/// A stored quantity: `integer` when SQLite holds an integer (wholeQuantity), else `blob`.
Result<Decimal> decodeQuantity(bool isInteger, std::int64_t integer, std::string_view blob);
/// A schema-v7 (or earlier) stored amount: 16 bytes, the count with the sign bit flipped.
Result<Decimal> decodeLegacyAmount(std::string_view blob);
std::array<unsigned char, 16> encodeLegacyAmount(Decimal d);
/// A stored currency code; "ledger-corrupt" when it is not one unalloc knows.
Result<Currency> decodeCurrency(std::string_view code);

/// The parts of a row that are interned together as one label set.
struct LabelSetValue
{
    LabelMap labels;
    RawLabels raw;
    std::vector<Collision> collisions;
    friend bool operator==(const LabelSetValue &, const LabelSetValue &) = default;
};

/// A hash over labels, raw labels and collisions without building any text, for finding a set
/// in memory (the writer's index, a reader's memo). No schema stores it since v7.
std::uint64_t hashLabelSet(const LabelMap &labels,
                           const RawLabels &raw,
                           const std::vector<Collision> &collisions);
/// The hash schema v4 stored in label_sets.h (FNV-1a over the same fields): the v3 -> v4
/// migration writes it, and ledgers of v4 to v6 hold it.
std::uint64_t hashLabelSetV4(const LabelMap &labels,
                             const RawLabels &raw,
                             const std::vector<Collision> &collisions);

/// JSON columns of the schema-v3 label_sets table (read by the v3 -> v4 migration):
/// [[k,v],…] for labels and raw labels,
/// [{"key","raw":[…],"winner","value"},…] for collisions.
std::string labelsToJson(const LabelMap &labels);
std::string rawToJson(const RawLabels &raw);
std::string collisionsToJson(const std::vector<Collision> &collisions);
Result<LabelSetValue>
labelSetFromJson(std::string_view labels, std::string_view raw, std::string_view collisions);

/// Completeness evidence as a JSON object (absent fields left out).
std::string evidenceToJson(const Completeness &c);
Result<Completeness> evidenceFromJson(std::string_view json);

/// Rules as stored in the ledger: only what the user set (aliases on top of the defaults).
std::string rulesToJson(const Rules &rules);
Result<Rules> rulesFromJson(std::string_view json);

} // namespace unalloc::core::ledgercodec
