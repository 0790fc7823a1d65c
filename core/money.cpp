#include "money.h"

#include <algorithm>

namespace unalloc::core {

namespace {

// Active ISO 4217 codes plus the precious-metal and fund codes a bill can carry.
constexpr std::string_view kIsoCodes =
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD "
    "BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP "
    "DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS "
    "INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD "
    "MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR "
    "PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS "
    "SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW "
    "UZS VED VES VND VUV WST XAF XAG XAU XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG "
    "ZWL";

} // namespace

Result<Currency> Currency::parse(std::string_view code)
{
    std::string up(code);
    // trim
    while (!up.empty() && (up.back() == ' ' || up.back() == '\t'))
        up.pop_back();
    size_t b = 0;
    while (b < up.size() && (up[b] == ' ' || up[b] == '\t'))
        ++b;
    up = up.substr(b);
    if (up.size() == 3) {
        std::transform(up.begin(), up.end(), up.begin(), [](char c) {
            return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
        });
        for (size_t pos = 0; pos + 3 <= kIsoCodes.size(); pos += 4) {
            if (kIsoCodes.substr(pos, 3) == up)
                return Currency(up[0], up[1], up[2]);
        }
    }
    return fail("unknown-currency", "'" + std::string(code) + "' is not an ISO 4217 currency code");
}

Result<Money> add(const Money &a, const Money &b)
{
    if (a.currency != b.currency)
        return fail("currency-mismatch", "cannot add " + a.currency.code() + " and " +
                                             b.currency.code() + " without an FX rate table");
    auto sum = a.amount.checkedAdd(b.amount);
    if (!sum)
        return fail("overflow", "sum is outside the representable range");
    return Money{*sum, a.currency};
}

} // namespace unalloc::core
