#include "ownerrule.h"

#include <atomic>
#include <future>
#include <memory>
#include <unordered_map>

namespace unalloc::core {

namespace {

/// A value's class for resolveSetOwners (1 blank, 2 unowned, 3 owner): out of line, as the
/// scan meets each value's text once. Inlined, it took registers from the scan's loop over
/// ten million sets, whose locals then went through the stack (the scan took twice as long).
[[gnu::noinline]] std::uint8_t classOfText(const LabelSetPool &pool, std::uint32_t value)
{
    switch (classifyOwnerValue(pool.valueText(value))) {
    case OwnerValue::Blank:
        return 1;
    case OwnerValue::Unallocated:
        return 2;
    case OwnerValue::Owner:
        break;
    }
    return 3;
}

} // namespace

OwnerValue classifyOwnerValue(std::optional<std::string_view> value)
{
    if (!value)
        return OwnerValue::Blank;
    const std::string_view text = trimmed(*value);
    if (text.empty())
        return OwnerValue::Blank;
    if (text == kUnallocated)
        return OwnerValue::Unallocated;
    return OwnerValue::Owner;
}

OwnerPick pickOwner(const LabelMap &labels, const AttributionOptions &options)
{
    return pickOwner([&labels](const std::string &key) { return labels.find(key); },
                     options.ownerKey, options.fallbacks);
}

OwnerPick pickOwner(const LabelSetRef &labels, const AttributionOptions &options)
{
    return pickOwner([&labels](const std::string &key) { return labels.find(key); },
                     options.ownerKey, options.fallbacks);
}

std::vector<SetOwner> resolveSetOwners(const LabelSetPool &pool,
                                       const AttributionOptions &options,
                                       std::vector<std::string> &owners)
{
    std::vector<std::uint32_t> keys; // owner key, then fallbacks; kAbsent when no set has it
    keys.push_back(pool.keyId(options.ownerKey));
    for (const std::string &f : options.fallbacks)
        keys.push_back(pool.keyId(f));
    // One byte per distinct value: its class, computed once by whichever thread meets it first
    // (a function of the text, so a thread that finds it set agrees with it), and kMet once
    // some set resolves to it. The class is only ever written into an unclassified byte and
    // kMet only ever or-ed in, so neither write undoes the other.
    enum : std::uint8_t { kUnclassified = 0, kBlank, kUnowned, kOwner, kClass = 3, kMet = 4 };
    static_assert(kBlank == 1 && kUnowned == 2 && kOwner == 3); // what classOfText returns
    std::vector<std::atomic<std::uint8_t>> valueState(pool.valueCount());
    const auto classOf = [&](std::uint32_t value) {
        std::uint8_t state = valueState[value].load(std::memory_order_relaxed);
        if ((state & kClass) == kUnclassified) {
            const std::uint8_t c = classOfText(pool, value);
            std::uint8_t expected = kUnclassified;
            if (valueState[value].compare_exchange_strong(expected, c, std::memory_order_relaxed))
                state = c;
            else
                state = expected; // classified (and perhaps met) by the other thread meanwhile
        }
        return state;
    };
    // First the value that decides each set (an owner, or the literal <unallocated>, ends the
    // search; a blank one does not), on two threads for a large pool: the most of a
    // re-attribution on per-request sets.
    // A set's pick goes straight into its SetOwner: `owner` holds the owner's value id until
    // the owners are numbered below (one array of a million sets, not two).
    std::vector<SetOwner> resolved(pool.size());
    // Where each key of the rule stands in each shape, found once per shape: a set then reads
    // its deciding values straight from its value ids, in rule order.
    const size_t nKeys = keys.size();
    std::vector<std::uint32_t> position(pool.shapeCount() * nKeys, LabelSetPool::kAbsent);
    for (std::uint32_t shape = 0; shape < pool.shapeCount(); ++shape)
        for (size_t k = 0; k < nKeys; ++k)
            if (keys[k] != LabelSetPool::kAbsent)
                position[shape * nKeys + k] = pool.shapePosition(shape, keys[k]);
    const auto scan = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i) {
            const auto set = static_cast<std::uint32_t>(i);
            const std::uint32_t *at = position.data() + size_t{pool.shapeOf(set)} * nKeys;
            const PackedIdRun values = pool.values(set);
            for (size_t k = 0; k < nKeys; ++k) {
                if (at[k] == LabelSetPool::kAbsent)
                    continue;
                const std::uint32_t value = values[at[k]];
                const std::uint8_t state = classOf(value);
                const std::uint8_t c = state & kClass;
                if (c == kBlank)
                    continue;
                if (c == kOwner) {
                    resolved[i] = {static_cast<std::int32_t>(value), static_cast<std::int32_t>(k)};
                    if ((state & kMet) == 0)
                        valueState[value].fetch_or(kMet, std::memory_order_relaxed);
                }
                break;
            }
        }
    };
    constexpr size_t kParallelSets = 65536;
    const bool twoThreads = pool.size() >= kParallelSets;
    const size_t half = pool.size() / 2;
    if (twoThreads) {
        auto lower = std::async(std::launch::async, scan, 0, half);
        scan(half, pool.size());
        lower.get();
    } else {
        scan(0, pool.size());
    }
    // Then the owners, numbered in the order of their value ids (the same numbering whatever
    // the threads did, and no per-set record of where each owner was first met): every output
    // orders owners by amount and text, never by number. Without blanks to trim every owner
    // value is an owner of its own; otherwise "a" and " a" are one owner, numbered where the
    // first of them stands.
    bool trims = false; // some owner value has blanks around it
    for (std::uint32_t v = 0; v < pool.valueCount() && !trims; ++v)
        if (valueState[v].load(std::memory_order_relaxed) & kMet)
            trims = trimmed(pool.valueText(v)).size() != pool.valueText(v).size();
    // Owner numbers per value id: read only at met values, so left uninitialised.
    const std::unique_ptr<std::uint32_t[]> valueOwner(new std::uint32_t[pool.valueCount()]);
    std::unordered_map<std::string_view, std::uint32_t> ownerIndex;
    for (std::uint32_t v = 0; v < pool.valueCount(); ++v) {
        if ((valueState[v].load(std::memory_order_relaxed) & kMet) == 0)
            continue;
        const std::string_view owner = trimmed(pool.valueText(v));
        auto number = static_cast<std::uint32_t>(owners.size());
        if (trims) {
            const auto [it, inserted] = ownerIndex.try_emplace(owner, number);
            number = it->second;
            if (inserted)
                owners.emplace_back(owner);
        } else {
            owners.emplace_back(owner);
        }
        valueOwner[v] = number;
    }
    const auto assign = [&](size_t from, size_t to) {
        for (size_t i = from; i < to; ++i)
            if (resolved[i].via >= 0)
                resolved[i].owner = static_cast<std::int32_t>(
                    valueOwner[static_cast<std::uint32_t>(resolved[i].owner)]);
    };
    if (twoThreads) {
        auto lower = std::async(std::launch::async, assign, 0, half);
        assign(half, pool.size());
        lower.get();
    } else {
        assign(0, pool.size());
    }
    return resolved;
}

std::set<std::string, std::less<>> ownerValuesOf(const LabelSetPool &pool,
                                                 const std::string &ownerKey)
{
    std::set<std::string, std::less<>> values;
    const std::uint32_t key = pool.keyId(ownerKey);
    if (key == LabelSetPool::kAbsent)
        return values;
    std::vector<char> seen(pool.valueCount(), 0);
    for (std::uint32_t set = 0; set < pool.size(); ++set) {
        const std::uint32_t v = pool.valueId(set, key);
        if (v == LabelSetPool::kAbsent || seen[v])
            continue;
        seen[v] = 1;
        if (classifyOwnerValue(pool.valueText(v)) == OwnerValue::Owner)
            values.emplace(trimmed(pool.valueText(v)));
    }
    return values;
}

} // namespace unalloc::core
