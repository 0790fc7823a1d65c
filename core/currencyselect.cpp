#include "currencyselect.h"

#include <map>

namespace unalloc::core {

std::vector<CurrencyRows> currencyRows(const CostCube &cube,
                                       std::optional<std::int32_t> fromDay,
                                       std::optional<std::int32_t> toDay)
{
    // Summed per context first (a ledger has a few): a map lookup per group was most of a pass
    // over ten million groups.
    std::vector<std::int64_t> perContext(cube.contexts().size(), 0);
    std::vector<char> met(cube.contexts().size(), 0);
    for (const CostGroup &g : cube.rawGroups()) {
        if ((fromDay && g.day < *fromDay) || (toDay && g.day >= *toDay))
            continue;
        perContext[g.context] += g.rows;
        met[g.context] = 1;
    }
    std::map<Currency, std::int64_t> rows;
    for (size_t c = 0; c < perContext.size(); ++c)
        if (met[c])
            rows[cube.contexts()[c].currency] += perContext[c];
    std::vector<CurrencyRows> out;
    for (const auto &[currency, n] : rows)
        out.push_back({currency, n});
    return out;
}

std::string currencyList(const std::vector<CurrencyRows> &currencies)
{
    std::string out;
    for (const CurrencyRows &c : currencies) {
        out += (out.empty() ? "" : ", ") + c.currency.code() + " (" + std::to_string(c.rows) +
               (c.rows == 1 ? " row)" : " rows)");
    }
    return out;
}

CostCube cubeInCurrency(CostCube cube, Currency currency)
{
    // Filtered in place: added group by group, each label set was interned again (a minute for
    // a ten-million-request ledger).
    std::vector<char> keep(cube.rawGroups().size());
    for (size_t i = 0; i < keep.size(); ++i)
        keep[i] = cube.context(cube.rawGroups()[i]).currency == currency;
    cube.keepGroups(keep); // and the collision totals of the currency's contexts
    return cube;
}

bool holdsOtherCurrency(const CostCube &cube, Currency currency)
{
    for (const CostGroup &g : cube.rawGroups()) {
        if (cube.context(g).currency != currency)
            return true;
    }
    return false;
}

std::vector<Invoice> takeOtherCurrencyInvoices(std::vector<Invoice> &invoices, Currency currency)
{
    std::vector<Invoice> other;
    std::vector<Invoice> same;
    for (Invoice &inv : invoices)
        (inv.amount.currency == currency ? same : other).push_back(std::move(inv));
    invoices = std::move(same);
    return other;
}

std::string otherCurrencyNote(Currency invoice, Currency rows)
{
    return "other currency (" + invoice.code() + "), not reconciled against " + rows.code() +
           " rows";
}

Result<std::optional<Currency>> chooseCurrency(const std::vector<CurrencyRows> &held,
                                               std::optional<Currency> wanted)
{
    if (held.empty())
        return std::optional<Currency>(); // an empty selection: the caller says what emptied it
    if (wanted) {
        for (const CurrencyRows &c : held) {
            if (c.currency == *wanted)
                return wanted;
        }
        return fail("usage", "no cost row in " + wanted->code() + "; the selection holds " +
                                 currencyList(held));
    }
    if (held.size() > 1) {
        return fail("usage", "the selection holds " + std::to_string(held.size()) +
                                 " currencies: " + currencyList(held) +
                                 ". Amounts in different currencies are never summed: pass "
                                 "--currency CODE to report one of them");
    }
    return std::optional<Currency>(held.front().currency);
}

} // namespace unalloc::core
