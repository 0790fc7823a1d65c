#pragma once

#include "attribution.h"
#include "costcube.h"

#include <optional>
#include <vector>

namespace unalloc::core {

/// @brief Whether a group lies in the slice of `options`: its day in [fromDay, toDay), its
/// source among the selected ones (all when none is selected), its batch among the selected
/// ones (all when none) and its currency the selected one (any when unset). The one filter
/// every slice-based computation uses; source names are resolved to ids once, at
/// construction. Holds a reference to `options`, which must outlive it.
class SliceFilter
{
public:
    SliceFilter(const CostCube &cube, const AttributionOptions &options)
        : m_options(options)
    {
        m_source.assign(cube.sources().size(), options.sources.empty() ? 1 : 0);
        for (const std::string &s : options.sources) {
            if (const std::int64_t id = cube.sources().find(s); id >= 0)
                m_source[static_cast<size_t>(id)] = 1;
        }
    }

    bool operator()(const CostGroup &g) const
    {
        return (!m_options.fromDay || g.day >= *m_options.fromDay) &&
               (!m_options.toDay || g.day < *m_options.toDay) && m_source[g.source] &&
               (m_options.batches.empty() || m_options.batches.contains(g.batch)) &&
               (!m_options.currency || g.currency == *m_options.currency);
    }

private:
    const AttributionOptions &m_options;
    std::vector<char> m_source;
};

/// Tracks the slice's currency; the first group of another currency is the error.
class CurrencyCheck
{
public:
    void see(Currency c)
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
    std::optional<Currency> m_currency;
    std::optional<Error> m_error;
};

} // namespace unalloc::core
