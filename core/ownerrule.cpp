#include "ownerrule.h"

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
    constexpr std::int32_t kUnknown = -3, kBlank = -2, kUnowned = -1;
    std::vector<std::uint32_t> keys; // owner key, then fallbacks; kAbsent when no set has it
    keys.push_back(pool.keyId(options.ownerKey));
    for (const std::string &f : options.fallbacks)
        keys.push_back(pool.keyId(f));
    std::vector<SetOwner> resolved(pool.size());
    std::vector<std::int32_t> valueOwner(pool.valueCount(), kUnknown);
    std::unordered_map<std::string_view, std::int32_t> ownerIndex;
    const auto classify = [&](std::uint32_t value) {
        std::int32_t &o = valueOwner[value];
        if (o != kUnknown)
            return o;
        const std::string &text = pool.valueText(value);
        switch (classifyOwnerValue(&text)) {
        case OwnerValue::Blank:
            return o = kBlank;
        case OwnerValue::Unallocated:
            return o = kUnowned;
        case OwnerValue::Owner:
            break;
        }
        const std::string_view owner = trimmed(text);
        auto [it, inserted] =
            ownerIndex.try_emplace(owner, static_cast<std::int32_t>(owners.size()));
        if (inserted)
            owners.emplace_back(owner);
        return o = it->second;
    };
    for (size_t i = 0; i < pool.size(); ++i) {
        const auto set = static_cast<std::uint32_t>(i);
        for (size_t k = 0; k < keys.size(); ++k) {
            if (keys[k] == LabelSetPool::kAbsent)
                continue;
            const std::uint32_t value = pool.valueId(set, keys[k]);
            if (value == LabelSetPool::kAbsent)
                continue;
            const std::int32_t owner = classify(value);
            if (owner == kBlank)
                continue;
            if (owner >= 0)
                resolved[i] = {owner, static_cast<std::int32_t>(k)};
            break; // an owner, or the literal <unallocated>: either way the search ends
        }
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
