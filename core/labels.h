#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace unalloc::core {

/// One raw label as a source wrote it; the value is already text (JSON numbers and booleans
/// keep their JSON text).
struct RawLabel
{
    std::string key;
    std::string value;
    friend bool operator==(const RawLabel &, const RawLabel &) = default;
};
using RawLabels = std::vector<RawLabel>;

/// @brief Normalised labels: canonical key → value, sorted by key, keys unique.
class LabelMap final
{
public:
    using Entry = std::pair<std::string, std::string>;
    LabelMap() = default;
    /// Takes entries in any order; they must have unique keys.
    explicit LabelMap(std::vector<Entry> entries);

    /// Replaces the entries with copies of `entries`, reusing the strings this map holds.
    /// They must be sorted by key with unique keys, as another LabelMap's entries are.
    void assignSorted(const std::vector<std::pair<std::string_view, std::string_view>> &entries);

    /// Value for `key`, or nullptr when absent.
    const std::string *find(std::string_view key) const;
    const std::vector<Entry> &entries() const { return m_entries; }
    bool empty() const { return m_entries.empty(); }
    size_t size() const { return m_entries.size(); }
    /// Keys joined with ", " (sorted), or "" for an empty map.
    std::string keyList() const;

    friend bool operator==(const LabelMap &, const LabelMap &) = default;
    friend auto operator<=>(const LabelMap &a, const LabelMap &b)
    {
        return a.m_entries <=> b.m_entries;
    }

private:
    std::vector<Entry> m_entries;
};

/// How a raw key reached its canonical key; lower wins a collision (DESIGN §5).
enum class KeyRank : int { Explicit = 0, Alias = 1, Rewritten = 2, Path = 3 };

/// Several raw keys collapsed onto one canonical key; the winner is fixed by rank and name.
struct Collision
{
    std::string canonicalKey;
    std::vector<std::string> rawKeys; ///< all contenders, winner first, then by precedence
    std::string winnerRawKey;
    std::string winnerValue;
    friend bool operator==(const Collision &, const Collision &) = default;
};

struct NormalisedLabels
{
    LabelMap labels;
    std::vector<Collision> collisions; ///< sorted by canonical key
};

/// @brief The label rules of DESIGN §5: key canonicalisation, prefixes, aliases, ranks.
///
/// Deterministic and order-independent: the same raw set in any order gives the same result.
/// Not thread-safe (it memoises canonical keys); use one instance per thread.
class LabelNormaliser final
{
public:
    /// The 17 default aliases.
    static const std::map<std::string, std::string> &defaultAliases();
    /// The default prefixes, in the order they are tried.
    static const std::vector<std::string> &defaultPrefixes();

    LabelNormaliser();
    /// `extraAliases` are canonical spellings → canonical keys, overlaid on the defaults.
    explicit LabelNormaliser(std::map<std::string, std::string> extraAliases,
                             std::vector<std::string> prefixes = defaultPrefixes());

    /// Key shaping without aliases (steps 1–6 of DESIGN §5). May return "".
    std::string shapeKey(std::string_view rawKey) const;
    /// Shaping plus the alias table; what the user's owner key and fallbacks go through.
    std::string canonicalKey(std::string_view rawKey) const;
    NormalisedLabels normalise(const RawLabels &raw);
    /// A raw label (key, value) or a label (canonical key, value) as views.
    using LabelView = std::pair<std::string_view, std::string_view>;
    /// normalise() over views, for readers that hold their raw labels as views into the
    /// input: writes the labels sorted by canonical key into `labels` (views into this
    /// normaliser's memo and into `raw`, valid until the next call) and the collisions into
    /// `collisions`. Nothing is allocated unless a key is new or two keys collide.
    void normaliseViews(const std::vector<LabelView> &raw,
                        std::vector<LabelView> &labels,
                        std::vector<Collision> &collisions);

    const std::map<std::string, std::string> &aliases() const { return m_aliases; }
    const std::vector<std::string> &prefixes() const { return m_prefixes; }

private:
    struct KeyInfo
    {
        std::string canonical;
        KeyRank rank;
        std::string lowered; ///< trimmed, lower-cased raw key (first tie-break)
    };
    const KeyInfo &info(std::string_view rawKey);
    struct Candidate
    {
        const KeyInfo *info;
        std::string_view rawKey;
        std::string_view value; ///< trimmed
    };
    /// Hashes a std::string and a std::string_view alike: the memo is looked up by view.
    struct ViewHash
    {
        using is_transparent = void;
        size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };

    std::map<std::string, std::string> m_aliases;
    std::vector<std::string> m_prefixes;
    std::unordered_map<std::string, KeyInfo, ViewHash, std::equal_to<>> m_cache;
    std::vector<Candidate> m_candidates; ///< normaliseViews' scratch
    std::vector<LabelView> m_views;      ///< normalise's scratch
};

/// Trims ASCII whitespace from both ends.
std::string_view trimmed(std::string_view s);

} // namespace unalloc::core
