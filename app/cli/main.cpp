// unalloc: the headless CLI; runs with no display. Built twice (app/cli/CMakeLists.txt): as
// `unalloc` on QtCore alone, and as unalloc-full with the commands that need QtGui or
// QtNetwork (UNALLOC_CLI_WITH_GUI), to which `unalloc` hands them.
#include "command.h"
#include "core/allocatorarenas.h"
#include "core/hugepages.h"

#include <QCoreApplication>
#ifdef UNALLOC_CLI_WITH_GUI
#include <QGuiApplication>
#endif

#include <iostream>
#include <memory>

using namespace unalloc::cli;

namespace {

void printUsage(std::ostream &os)
{
    os << "Usage: unalloc <command> [options]\n\n"
          "Find the AI spend nobody owns. Joins Kubernetes allocation data with LLM gateway\n"
          "and provider bills and reports what is unattributed.\n\nCommands:\n";
    for (const Command &c : commands()) {
        std::string name = c.name;
        name.resize(12, ' ');
        os << "  " << name << c.summary << '\n';
    }
    os << "\nGlobal options:\n  -V, --version  Print the version\n  -h, --help     Show this help\n"
          "\nRun 'unalloc <command> --help' for a command's options.\n";
}

} // namespace

int main(int argc, char **argv)
{
    unalloc::core::keepFreedMemory();   // freed arrays reused, not faulted in again
    unalloc::core::hugepages::advise(); // a ledger's arrays on huge pages (core/hugepages.h)
    // Resources and Qt file access; no event loop needed. Only `pack` draws (QPdfWriter needs
    // fonts, hence a QGuiApplication), on the offscreen platform: it never needs a display.
    std::unique_ptr<QCoreApplication> app;
#ifdef UNALLOC_CLI_WITH_GUI
    if (argc > 1 && std::string_view(argv[1]) == "pack") {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QGuiApplication>(argc, argv);
    }
#endif
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    std::ios::sync_with_stdio(false);
    Io io{std::cout, std::cerr};
    std::vector<std::string> args(argv + 1, argv + argc);
    int rc = kExitOk;
    if (args.empty()) {
        printUsage(std::cerr);
        rc = kExitUsage;
    } else if (args[0] == "--version" || args[0] == "-V" || args[0] == "version") {
        std::cout << "unalloc " << UNALLOC_VERSION << '\n';
    } else if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        printUsage(std::cout);
    } else {
        const Command *command = nullptr;
        for (const Command &c : commands())
            if (args[0] == c.name)
                command = &c;
        if (!command) {
            std::cerr << "unalloc: unknown command '" << args[0] << "'\n";
            printUsage(std::cerr);
            rc = kExitUsage;
        } else {
            try {
                rc = command->run(std::vector<std::string>(args.begin() + 1, args.end()), io);
            } catch (const std::exception &e) {
                std::cerr << "error: " << e.what() << '\n';
                rc = kExitError;
            }
        }
    }
    std::cout.flush();
    std::cerr.flush();
    return rc;
}
