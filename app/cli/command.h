#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace unalloc::cli {

/// Exit codes (DESIGN §10).
enum ExitCode : int {
    kExitOk = 0,
    kExitError = 1,  ///< bad input, no rows, I/O
    kExitBudget = 2, ///< report --budget exceeded, reconcile --strict mismatch
    kExitUsage = 64, ///< command-line usage error (EX_USAGE)
};

/// Where a command writes; injected so tests and the GUI's "copy command" never touch globals.
struct Io
{
    std::ostream &out;
    std::ostream &err;
};

/// @brief One sub-command of `unalloc`: adding a command is one file plus one table line.
struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const std::vector<std::string> &args, Io &io);
};

/// The command table, in help order (commands.cpp).
const std::vector<Command> &commands();

} // namespace unalloc::cli
