// The SQL functions every ledger connection registers (ledgerschema::registerFunctions): exact
// sums of stored amounts, day indices, record-key fingerprints, gateway providers, telemetry.
#include "ledgerschema.h"

#include "core/costcube.h"
#include "core/seams/gatewayidentity.h"
#include "core/timeutil.h"
#include "ledgercodec.h"
#include "rowcodes.h"

#include <cstring>
#include <sqlite3.h>

#include <string>

namespace unalloc::core::ledgerschema {

namespace {

// The functions' user data: non-null while a migration reads and writes amounts in the
// schema-v7 encoding (registerFunctions with AmountFormat::Legacy).
const int kLegacyTag = 7;

bool legacy(sqlite3_context *ctx)
{
    return sqlite3_user_data(ctx) != nullptr;
}

std::string_view blobArg(sqlite3_value *v)
{
    return {static_cast<const char *>(sqlite3_value_blob(v)),
            static_cast<size_t>(sqlite3_value_bytes(v))};
}

Result<Decimal> amountArg(sqlite3_context *ctx, sqlite3_value *v)
{
    const std::string_view blob = blobArg(v);
    return legacy(ctx) ? ledgercodec::decodeLegacyAmount(blob) : ledgercodec::decodeAmount(blob);
}

void resultAmount(sqlite3_context *ctx, Decimal d)
{
    if (legacy(ctx)) {
        const auto blob = ledgercodec::encodeLegacyAmount(d);
        sqlite3_result_blob(ctx, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
        return;
    }
    const auto blob = ledgercodec::encodeAmount(d);
    sqlite3_result_blob(ctx, blob.data(), blob.size(), SQLITE_TRANSIENT);
}

/// The running sum of unalloc_sum(). SQLite's aggregate context is only 8-byte aligned and a
/// __int128 wants 16, so the state is copied in and out of it with memcpy, never accessed in
/// place (zero-filled by SQLite on first use, which is the empty sum).
struct SumState
{
    __int128 units = 0;
    bool overflow = false;
};

void sumStep(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    void *raw = sqlite3_aggregate_context(ctx, sizeof(SumState));
    if (!raw)
        return;
    SumState s;
    std::memcpy(&s, raw, sizeof s);
    auto d = amountArg(ctx, argv[0]);
    if (!d) {
        sqlite3_result_error(ctx, "unalloc_sum: malformed amount", -1);
        return;
    }
    if (__builtin_add_overflow(s.units, d->units(), &s.units))
        s.overflow = true;
    std::memcpy(raw, &s, sizeof s);
}

void sumFinal(sqlite3_context *ctx)
{
    SumState st;
    if (void *raw = sqlite3_aggregate_context(ctx, 0))
        std::memcpy(&st, raw, sizeof st);
    if (st.overflow) {
        sqlite3_result_error(ctx, "unalloc_sum: overflow", -1);
        return;
    }
    resultAmount(ctx, Decimal::fromUnits(st.units));
}

// unalloc_add(a, b): exact sum of two stored amounts, for aggregate upserts.
void addFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    __int128 total = 0;
    for (int i = 0; i < 2; ++i) {
        auto d = amountArg(ctx, argv[i]);
        if (!d || __builtin_add_overflow(total, d ? d->units() : 0, &total)) {
            sqlite3_result_error(ctx, "unalloc_add: malformed amount or overflow", -1);
            return;
        }
    }
    resultAmount(ctx, Decimal::fromUnits(total));
}

// unalloc_v8_amount(blob): a schema-v7 amount in the v8 encoding (NULL stays NULL).
void v8AmountFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_null(ctx);
        return;
    }
    const std::string_view blob = blobArg(argv[0]);
    const auto d = ledgercodec::decodeLegacyAmount(blob);
    if (!d) {
        sqlite3_result_error(ctx, "unalloc_v8_amount: malformed schema-v7 amount", -1);
        return;
    }
    const auto out = ledgercodec::encodeAmount(*d);
    sqlite3_result_blob(ctx, out.data(), out.size(), SQLITE_TRANSIENT);
}

// unalloc_v9_quantity(blob): a v8 quantity as schema v9 stores it (wholeQuantity).
void v9QuantityFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_null(ctx);
        return;
    }
    const std::string_view blob = blobArg(argv[0]);
    const auto d = ledgercodec::decodeAmount(blob);
    if (!d) {
        sqlite3_result_error(ctx, "unalloc_v9_quantity: malformed schema-v8 quantity", -1);
        return;
    }
    if (const auto whole = ledgercodec::wholeQuantity(*d))
        sqlite3_result_int64(ctx, *whole);
    else
        sqlite3_result_blob(ctx, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
}

void dayFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx, dayIndex(sqlite3_value_int64(argv[0])));
}

void daysFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx, spanDays(sqlite3_value_int64(argv[0]), sqlite3_value_int64(argv[1])));
}

std::string_view textArg(sqlite3_value *v)
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_value_text(v));
    return p ? std::string_view(p, static_cast<size_t>(sqlite3_value_bytes(v)))
             : std::string_view();
}

// unalloc_fp(source, record_key): the stored key fingerprint.
void fpFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    sqlite3_result_int64(ctx,
                         storedFingerprint(keyFingerprint(textArg(argv[0]), textArg(argv[1]))));
}

// unalloc_v9_key(record_key): what schema v9 stores for a record key (rowcodes::packKey).
void v9KeyFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    const std::string_view key = textArg(argv[0]);
    std::string blob;
    if (rowcodes::packKey(key, blob))
        sqlite3_result_blob(ctx, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
    else
        sqlite3_result_text(ctx, key.data(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
}

// unalloc_gateway_provider(provider, model): identifyGatewayRow's provider from the fields a
// stored row kept ('' when they tell nothing: the row keeps its usage).
void gatewayProviderFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    const std::string p = identifyGatewayRow({textArg(argv[0]), textArg(argv[1]), {}, {}}).provider;
    sqlite3_result_text(ctx, p.data(), static_cast<int>(p.size()), SQLITE_TRANSIENT);
}

// unalloc_telemetry(provider, amount): 1 for request telemetry (isTelemetryOnly).
void telemetryFunc(sqlite3_context *ctx, int, sqlite3_value **argv)
{
    const auto amount = amountArg(ctx, argv[1]);
    sqlite3_result_int(ctx, amount && isTelemetryOnly(textArg(argv[0]), amount->isZero()) ? 1 : 0);
}

constexpr std::uint64_t kFpMul = 0x9E3779B97F4A7C15ULL;

inline std::uint64_t fpStep(std::uint64_t h, std::uint64_t w)
{
    h = (h ^ w) * kFpMul;
    return h ^ (h >> 29);
}

// Bytes as little-endian words whatever the host order; the compiler makes it one load.
inline std::uint64_t loadLe(const unsigned char *p, size_t n)
{
    std::uint64_t w = 0;
    for (size_t i = 0; i < n; ++i)
        w |= static_cast<std::uint64_t>(p[i]) << (8 * i);
    return w;
}

std::uint64_t fpString(std::uint64_t h, std::string_view s)
{
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    size_t n = s.size();
    h = fpStep(h, static_cast<std::uint64_t>(n));
    for (; n >= 8; n -= 8, p += 8)
        h = fpStep(h, loadLe(p, 8));
    if (n > 0)
        h = fpStep(h, loadLe(p, n));
    return h;
}

} // namespace

std::uint64_t keyFingerprint(std::string_view source, std::string_view recordKey)
{
    std::uint64_t h = fpString(fpString(0x6A09E667F3BCC908ULL, source), recordKey);
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
}

Result<void> registerFunctions(sql::Db &db, AmountFormat format)
{
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
    // Only the functions that read or write amounts see the format.
    void *amounts = format == AmountFormat::Legacy ? const_cast<int *>(&kLegacyTag) : nullptr;
    if (sqlite3_create_function_v2(db.handle(), "unalloc_sum", 1, flags, amounts, nullptr, sumStep,
                                   sumFinal, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_day", 1, flags, nullptr, dayFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_add", 2, flags, amounts, addFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_fp", 2, flags, nullptr, fpFunc, nullptr,
                                   nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_days", 2, flags, nullptr, daysFunc,
                                   nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_gateway_provider", 2, flags, nullptr,
                                   gatewayProviderFunc, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_telemetry", 2, flags, amounts,
                                   telemetryFunc, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_v8_amount", 1, flags, nullptr,
                                   v8AmountFunc, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_v9_quantity", 1, flags, nullptr,
                                   v9QuantityFunc, nullptr, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function_v2(db.handle(), "unalloc_v9_key", 1, flags, nullptr, v9KeyFunc,
                                   nullptr, nullptr, nullptr) != SQLITE_OK)
        return fail(sql::sqlError(db.handle(), "cannot register ledger functions"));
    return {};
}

} // namespace unalloc::core::ledgerschema
