#pragma once

#include "command.h"

#include <string>
#include <vector>

namespace unalloc::cli {

/// @brief Runs `unalloc-full <command> <args...>` in place of this process (execv): the same
/// arguments, standard streams, working directory and exit code.
///
/// unalloc-full is looked for next to this executable (the build tree), then where the
/// install puts it (UNALLOC_FULL_INSTALLED, relative to the executable's directory). Returns
/// only when neither can be started: kExitError, with the paths tried and why on `io.err`.
int forwardToFullCli(const char *command, const std::vector<std::string> &args, Io &io);

} // namespace unalloc::cli
