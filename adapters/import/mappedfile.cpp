#include "mappedfile.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace unalloc::adapters {

MappedFile::MappedFile(MappedFile &&other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_size(std::exchange(other.m_size, 0))
    , m_released(std::exchange(other.m_released, 0))
{}

MappedFile &MappedFile::operator=(MappedFile &&other) noexcept
{
    if (this != &other) {
        if (m_data)
            ::munmap(const_cast<char *>(m_data), m_size);
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_released = std::exchange(other.m_released, 0);
    }
    return *this;
}

MappedFile::~MappedFile()
{
    if (m_data)
        ::munmap(const_cast<char *>(m_data), m_size);
}

core::Result<MappedFile> MappedFile::open(const std::string &path)
{
    if (path == "-")
        return openStdin();
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever
    // (no effect on regular files, the only kind read here).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return core::fail("file-read", std::string("cannot open: ") + std::strerror(errno), path);
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        const char *kind = S_ISFIFO(st.st_mode)   ? "a pipe (FIFO)"
                           : S_ISDIR(st.st_mode)  ? "a directory"
                           : S_ISSOCK(st.st_mode) ? "a socket"
                                                  : "a device";
        return core::fail("file-read",
                          std::string("not a regular file but ") + kind +
                              "; an import reads whole files (it hashes and re-reads them): "
                              "save the export to a file first, or pipe it to `unalloc import -`",
                          path);
    }
    return map(fd, path);
}

core::Result<MappedFile> MappedFile::map(int fd, const std::string &path)
{
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        ::close(fd);
        return core::fail("file-read", std::string("cannot stat: ") + std::strerror(err), path);
    }
    MappedFile f;
    f.m_size = static_cast<size_t>(st.st_size);
    if (f.m_size > 0) {
        void *p = ::mmap(nullptr, f.m_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            const int err = errno;
            ::close(fd);
            return core::fail("file-read", std::string("cannot map: ") + std::strerror(err), path);
        }
        ::madvise(p, f.m_size, MADV_SEQUENTIAL);
        f.m_data = static_cast<const char *>(p);
    }
    ::close(fd);
    return f;
}

core::Result<MappedFile> MappedFile::openStdin()
{
    const char *env = std::getenv("TMPDIR");
    const std::string dir = env && *env ? env : "/tmp";
    std::string name = dir + "/unalloc-stdin-XXXXXX";
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);
    if (fd < 0)
        return core::fail("file-read",
                          std::string("cannot buffer standard input in ") + dir + ": " +
                              std::strerror(errno),
                          kStdinName);
    ::unlink(name.c_str()); // gone from the directory now; the space returns at close
    std::vector<char> buf(1 << 20);
    for (;;) {
        const ssize_t n = ::read(STDIN_FILENO, buf.data(), buf.size());
        if (n == 0)
            break;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int err = errno;
            ::close(fd);
            return core::fail("file-read", std::string("cannot read: ") + std::strerror(err),
                              kStdinName);
        }
        for (ssize_t done = 0; done < n;) {
            const ssize_t w = ::write(fd, buf.data() + done, static_cast<size_t>(n - done));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0) {
                const int err = errno;
                ::close(fd);
                return core::fail("file-read",
                                  std::string("cannot buffer standard input in ") + dir + ": " +
                                      std::strerror(err),
                                  kStdinName);
            }
            done += w;
        }
    }
    return map(fd, kStdinName);
}

void MappedFile::release(std::int64_t upTo)
{
    const auto page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const size_t end =
        (std::min(static_cast<size_t>(std::max<std::int64_t>(upTo, 0)), m_size) / page) * page;
    if (!m_data || end <= m_released)
        return;
    ::madvise(const_cast<char *>(m_data) + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
}

} // namespace unalloc::adapters
