#include "ownerrule.h"

#include <atomic>
#include <future>
#include <limits>
#include <unordered_map>

namespace unalloc::core {

OwnerValue classifyOwnerValue(const std::string *value)
{
    if (value == nullptr)
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
    // Each distinct value is classified once, whichever thread meets it first (the class is a
    // function of the text: two threads that both compute it store the same byte).
    enum : std::int8_t { kUnclassified = 0, kBlank, kUnowned, kOwner };
    std::vector<std::atomic<std::int8_t>> valueClass(pool.valueCount());
    const auto classOf = [&](std::uint32_t value) {
        std::int8_t c = valueClass[value].load(std::memory_order_relaxed);
        if (c == kUnclassified) {
            switch (classifyOwnerValue(&pool.valueText(value))) {
            case OwnerValue::Blank:
                c = kBlank;
                break;
            case OwnerValue::Unallocated:
                c = kUnowned;
                break;
            case OwnerValue::Owner:
                c = kOwner;
                break;
            }
            valueClass[value].store(c, std::memory_order_relaxed);
        }
        return c;
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
    // Each half also notes, per owner value, the first set of its half that it decides: the
    // owners are numbered in the order they are first met, and the lower half's first
    // meeting comes before the upper half's.
    constexpr std::uint32_t kNever = std::numeric_limits<std::uint32_t>::max();
    constexpr size_t kParallelSets = 65536;
    const bool twoThreads = pool.size() >= kParallelSets;
    std::vector<std::uint32_t> firstMet[2];
    firstMet[0].assign(pool.valueCount(), kNever);
    if (twoThreads)
        firstMet[1].assign(pool.valueCount(), kNever);
    const auto scan = [&](size_t from, size_t to, std::vector<std::uint32_t> &first) {
        for (size_t i = from; i < to; ++i) {
            const auto set = static_cast<std::uint32_t>(i);
            const std::uint32_t *at = position.data() + size_t{pool.shapeOf(set)} * nKeys;
            const std::span<const std::uint32_t> values = pool.values(set);
            for (size_t k = 0; k < nKeys; ++k) {
                if (at[k] == LabelSetPool::kAbsent)
                    continue;
                const std::uint32_t value = values[at[k]];
                const std::int8_t c = classOf(value);
                if (c == kBlank)
                    continue;
                if (c == kOwner) {
                    resolved[i] = {static_cast<std::int32_t>(value), static_cast<std::int32_t>(k)};
                    if (first[value] == kNever)
                        first[value] = set;
                }
                break;
            }
        }
    };
    const size_t half = pool.size() / 2;
    if (twoThreads) {
        auto lower = std::async(std::launch::async, scan, 0, half, std::ref(firstMet[0]));
        scan(half, pool.size(), firstMet[1]);
        lower.get();
    } else {
        scan(0, pool.size(), firstMet[0]);
    }
    // Then the owners, numbered in set order as they are first met (the same numbering
    // whatever the threads did): the sets where some owner value is first met, in order.
    std::vector<char> meets(pool.size(), 0);
    bool trims = false; // some owner value has blanks around it
    for (std::uint32_t v = 0; v < pool.valueCount(); ++v) {
        std::uint32_t first = firstMet[0][v];
        if (first == kNever && twoThreads)
            first = firstMet[1][v];
        if (first == kNever)
            continue;
        meets[first] = 1;
        trims = trims || trimmed(pool.valueText(v)).size() != pool.valueText(v).size();
    }
    // Owner numbers per value id. The pool holds each text once, so without blanks to trim
    // every owner value is an owner of its own; otherwise "a" and " a" are one owner.
    // (firstMet[0] is read in whole above; it holds them from here on.)
    std::vector<std::uint32_t> &valueOwner = firstMet[0];
    std::unordered_map<std::string_view, std::uint32_t> ownerIndex;
    for (size_t i = 0; i < meets.size(); ++i) {
        if (!meets[i])
            continue;
        const auto value = static_cast<std::uint32_t>(resolved[i].owner);
        const std::string_view owner = trimmed(pool.valueText(value));
        auto number = static_cast<std::uint32_t>(owners.size());
        if (trims) {
            const auto [it, inserted] = ownerIndex.try_emplace(owner, number);
            number = it->second;
            if (inserted)
                owners.emplace_back(owner);
        } else {
            owners.emplace_back(owner);
        }
        valueOwner[value] = number;
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
        if (classifyOwnerValue(&pool.valueText(v)) == OwnerValue::Owner)
            values.emplace(trimmed(pool.valueText(v)));
    }
    return values;
}

} // namespace unalloc::core
