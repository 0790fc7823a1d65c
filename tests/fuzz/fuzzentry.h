#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace unalloc::fuzz {

/// The fuzz targets by name: one per importer family, the decimal parser and the label
/// normaliser. Each name is also the folder of its seeds and regression inputs.
const std::vector<std::string> &targetNames();

/// @brief Feeds one input to a target, the same way in the libFuzzer binaries and in the
/// regression replay.
///
/// A rejected input is fine; a finding is an exception escaping, a sanitizer report, or a
/// broken invariant (a read that succeeds must account for every row it delivered, every
/// row window must not end before it starts, a decimal must survive its own text, labels
/// must not depend on their order). A broken invariant aborts with a message on stderr.
/// Returns false only for an unknown target name.
bool runOne(std::string_view target, std::string_view bytes);

} // namespace unalloc::fuzz
