#pragma once

// Internal to the import transaction's sources (importtransaction.cpp, importrows.cpp,
// importbulk.cpp, importaggregate.cpp): helpers they share. Not included anywhere else.

#include "importtransaction.h"

#include <cstdint>

namespace unalloc::core::importdetail {

/// Page cache of the import's connection (KiB, as PRAGMA cache_size takes it negated): large
/// in exact mode, where the rows_fp pages take random inserts; small while the one sort of an
/// index build runs (its sorted runs spill to temporary files beyond it, so RSS stays bounded
/// and the runs stay cache-sized).
inline constexpr const char *kExactCache = "PRAGMA cache_size = -98304";
inline constexpr const char *kBulkCache = "PRAGMA cache_size = -16384";
inline constexpr const char *kIndexBuildCache = "PRAGMA cache_size = -8192";
/// What every other use of the connection expects (see ledgerschema::configure).
inline constexpr const char *kRestorePragmas =
    "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY; "
    "PRAGMA threads = 0; PRAGMA foreign_keys = ON";

inline Error
rowError(const CostRow &row, std::string code, std::string detail, std::string field = {})
{
    return Error{
        std::move(code), std::move(detail), {}, "record " + row.recordKey, std::move(field)};
}

inline void bindOpt(sql::Stmt &st, int i, const std::optional<std::int64_t> &v)
{
    if (v)
        st.bind(i, *v);
    else
        st.bindNull(i);
}

inline std::uint64_t mix64(std::uint64_t h)
{
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
}

/// Hash of an aggregate key (SqliteImportTransaction::AggKey).
template<typename Key> size_t aggHash(const Key &k)
{
    const std::uint64_t a = static_cast<std::uint64_t>(k.labelSet) * 0x9E3779B97F4A7C15ULL;
    const std::uint64_t b = std::uint64_t{k.object} << 32 | k.source;
    const std::uint64_t c = std::uint64_t{static_cast<std::uint32_t>(k.day)} << 8 | k.currency;
    const std::uint64_t d = (std::uint64_t{k.model} << 32 | k.provider) ^
                            std::uint64_t{static_cast<std::uint32_t>(k.days)} << 52;
    return static_cast<size_t>(
        mix64(a ^ b ^ c * 0xC2B2AE3D27D4EB4FULL ^ d * 0x165667B19E3779F9ULL));
}

} // namespace unalloc::core::importdetail
