#include "forward.h"

#include <QCoreApplication>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <unistd.h>

namespace unalloc::cli {

int forwardToFullCli(const char *command, const std::vector<std::string> &args, Io &io)
{
    const std::string dir = QCoreApplication::applicationDirPath().toStdString();
    const std::vector<std::string> candidates = {dir + "/unalloc-full",
                                                 dir + "/" + UNALLOC_FULL_INSTALLED};
    // Whatever this process wrote must come out before the other one writes.
    io.out.flush();
    io.err.flush();
    std::cout.flush();
    std::cerr.flush();
    std::string tried;
    for (const std::string &path : candidates) {
        std::vector<char *> argv;
        argv.push_back(const_cast<char *>(path.c_str()));
        argv.push_back(const_cast<char *>(command));
        for (const std::string &a : args)
            argv.push_back(const_cast<char *>(a.c_str()));
        argv.push_back(nullptr);
        ::execv(path.c_str(), argv.data());
        tried += "\n  " + path + ": " + std::strerror(errno);
    }
    io.err << "error: 'unalloc " << command
           << "' runs in unalloc-full (it needs QtGui or QtNetwork), which could not be "
              "started:"
           << tried << '\n';
    return kExitError;
}

} // namespace unalloc::cli
