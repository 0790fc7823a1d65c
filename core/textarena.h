#pragma once
// Texts numbered densely, held in one block of characters.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core {

/// @brief Texts by dense id, one after another in one block: text `i` runs from the end of
/// text `i - 1` (0 for the first) to `ends[i]`. Two million label values held as
/// `std::string`s took 32 bytes each and a heap block for every text over 15 characters; here
/// they take their characters and 8 bytes. A view stays valid until the next push.
struct TextArena
{
    std::string text;
    std::vector<std::uint64_t> ends;

    size_t size() const { return ends.size(); }
    std::string_view at(size_t i) const
    {
        const std::uint64_t begin = i == 0 ? 0 : ends[i - 1];
        return {text.data() + begin, static_cast<size_t>(ends[i] - begin)};
    }
    void push(std::string_view s)
    {
        text.append(s);
        ends.push_back(text.size());
    }
};

} // namespace unalloc::core
