#include "input.h"

#include "core/currencyselect.h"

#include <algorithm>

namespace unalloc::cli {

// Two currencies are never summed: a selection that holds several reports one at a time.
core::Result<void> selectCurrency(const InputOptions &options, LoadedInput &input)
{
    const auto held = core::currencyRows(input.cube, options.fromDay, options.toDay);
    auto chosen = core::chooseCurrency(held, options.currency);
    if (!chosen)
        return core::fail(chosen.error());
    input.currency = *chosen;
    if (!*chosen || (held.size() < 2 && !options.currency))
        return {};
    const core::Currency c = **chosen;
    if (held.size() > 1)
        input.cube = core::cubeInCurrency(std::move(input.cube), c);
    input.otherCurrencyInvoices = core::takeOtherCurrencyInvoices(input.invoices, c);
    return {};
}

} // namespace unalloc::cli
