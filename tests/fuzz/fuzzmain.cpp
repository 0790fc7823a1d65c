// One libFuzzer binary per target: UNALLOC_FUZZ_TARGET names it (see fuzzentry.h).
#include "fuzzentry.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    unalloc::fuzz::runOne(UNALLOC_FUZZ_TARGET,
                          std::string_view(reinterpret_cast<const char *>(data), size));
    return 0;
}
