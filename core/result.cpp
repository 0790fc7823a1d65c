#include "result.h"

namespace unalloc::core {

std::string Error::message() const
{
    std::string out;
    auto add = [&out](const std::string &part) {
        if (part.empty())
            return;
        if (!out.empty())
            out += ": ";
        out += part;
    };
    add(file);
    add(record);
    add(field);
    add(detail);
    return out;
}

} // namespace unalloc::core
