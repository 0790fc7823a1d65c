#pragma once

#include "attribution.h"
#include "costcube.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

namespace unalloc::core {

/// @brief Whether a group lies in the slice of `options`: its day in [fromDay, toDay), its
/// source among the selected ones (all when none is selected), its batch among the selected
/// ones (all when none) and its currency the selected one (any when unset). The one filter
/// every slice-based computation uses; source, batch and currency belong to the group's
/// context and are decided once per context, at construction (the cube must not gain
/// contexts while the filter is used).
class SliceFilter
{
public:
    SliceFilter(const CostCube &cube, const AttributionOptions &options)
        : m_fromDay(options.fromDay.value_or(std::numeric_limits<std::int32_t>::min()))
        , m_toDay(options.toDay)
    {
        std::vector<char> source(cube.sources().size(), options.sources.empty() ? 1 : 0);
        for (const std::string &s : options.sources) {
            if (const std::int64_t id = cube.sources().find(s); id >= 0)
                source[static_cast<size_t>(id)] = 1;
        }
        m_context.reserve(cube.contexts().size());
        for (const GroupContext &c : cube.contexts())
            m_context.push_back(source[c.source] &&
                                (options.batches.empty() || options.batches.contains(c.batch)) &&
                                (!options.currency || c.currency == *options.currency));
    }

    bool operator()(const CostGroup &g) const
    {
        return m_context[g.context] && g.day >= m_fromDay && (!m_toDay || g.day < *m_toDay);
    }
    /// True when every group of the cube lies in the slice: no period, every context kept.
    bool takesEveryGroup() const
    {
        return m_fromDay == std::numeric_limits<std::int32_t>::min() && !m_toDay &&
               std::find(m_context.begin(), m_context.end(), 0) == m_context.end();
    }

private:
    std::int32_t m_fromDay;
    std::optional<std::int32_t> m_toDay;
    std::vector<char> m_context; ///< per context id: 1 when its groups can be in the slice
};

/// Tracks the slice's currency; the first group of another currency is the error.
class CurrencyCheck
{
public:
    void see(Currency c)
    {
        if (m_currency && *m_currency == c) [[likely]] // a pass over millions of groups
            return;
        seeOther(c);
    }
    /// Continues with what `later` saw of the groups after this one's: the result is what one
    /// check over both runs, this one's first, would say (the same first mismatch).
    void follow(const CurrencyCheck &later)
    {
        if (m_error || !later.m_currency)
            return;
        if (!m_currency)
            *this = later;
        else if (*later.m_currency != *m_currency)
            see(*later.m_currency);
        else
            m_error = later.m_error;
    }
    std::optional<Currency> currency() const { return m_currency; }
    std::optional<Error> error() const { return m_error; }

private:
    /// see() of a first currency or another one.
    [[gnu::noinline]] void seeOther(Currency c)
    {
        if (m_error)
            return;
        if (!m_currency)
            m_currency = c;
        else if (*m_currency != c)
            m_error = Error{"currency-mismatch",
                            "the ledger slice mixes " + m_currency->code() + " and " + c.code() +
                                "; add an FX rate table or filter one currency",
                            {},
                            {},
                            {}};
    }
    std::optional<Currency> m_currency;
    std::optional<Error> m_error;
};

} // namespace unalloc::core
