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

/// Bytes of a stored amount.
inline constexpr int kAmountBytes = 16;
using AmountBlob = std::array<unsigned char, kAmountBytes>;

/// The 128-bit unit count big-endian with the sign bit flipped, so that SQLite's memcmp
/// ordering of the BLOBs is the numeric ordering (ORDER BY amount works on the column).
AmountBlob encodeAmount(Decimal d);
/// Inverse of encodeAmount; an error for a blob of the wrong size.
Result<Decimal> decodeAmount(std::string_view blob);
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

/// A hash over labels, raw labels and collisions without building any text. Schema v4 stores
/// it (label_sets.h) to find a set again: it must never change.
std::uint64_t hashLabelSet(const LabelMap &labels,
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
