#include "ledgerfile.h"

#include <sqlite3.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include <csignal>
#include <cstdlib>

#include <fcntl.h>
#include <unistd.h>

namespace unalloc::core::ledgerfile {

namespace fs = std::filesystem;

namespace {

bool existsNonEmpty(const std::string &path)
{
    std::error_code ec;
    return fs::exists(path, ec) && fs::file_size(path, ec) > 0 && !ec;
}

/// Makes the directory entry durable after a link or rename (best effort: some file
/// systems refuse fsync on directories).
void syncDirectory(const std::string &path)
{
    const fs::path dir = fs::path(path).parent_path();
    const int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)::fsync(fd);
        ::close(fd);
    }
}

std::string uriFor(const std::string &path)
{
    // RFC 3986 unreserved characters and '/' stay; everything else is percent-encoded, so
    // that '?', '#' and '%' in a path cannot be read as URI syntax.
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out = "file:";
    const std::string absolute = fs::absolute(path).string();
    for (const char ch : absolute) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
            out += ch;
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
    }
    return out + "?immutable=1";
}

std::string draftPrefix(const std::string &path)
{
    return "." + fs::path(path).filename().string() + ".creating-";
}

/// Drafts are cleaned up by PID, which only means something on the host that wrote them (a
/// ledger directory may be a network share).
std::string hostName()
{
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
        return "host";
    std::string out(name);
    for (char &c : out)
        if (c == '-' || c == '/')
            c = '_';
    return out;
}

} // namespace

std::string draftPathFor(const std::string &path)
{
    const fs::path p(path);
    std::random_device rd;
    char tag[32];
    std::snprintf(tag, sizeof tag, "-%ld-%08x", static_cast<long>(::getpid()), rd());
    return (p.parent_path() / (draftPrefix(path) + hostName() + tag)).string();
}

void removeStaleDrafts(const std::string &path)
{
    const fs::path p(path);
    const std::string prefix = draftPrefix(path) + hostName() + "-";
    std::error_code ec;
    const fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    std::vector<std::string> stale;
    for (const auto &entry : fs::directory_iterator(dir, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with(prefix))
            continue;
        // ".NAME.creating-HOST-PID-RANDOM" (and its -journal): the PID is this host's.
        const long pid = std::strtol(name.c_str() + prefix.size(), nullptr, 10);
        if (pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            stale.push_back(entry.path().string());
    }
    for (const std::string &s : stale)
        (void)::unlink(s.c_str());
}

void discard(const std::string &draft)
{
    for (const char *suffix : {"", "-journal", "-wal", "-shm"})
        (void)::unlink((draft + suffix).c_str());
}

Result<void> publish(const std::string &draft, const std::string &path)
{
    // Whatever SQLite still holds in a write-ahead log would not travel with the link.
    if (existsNonEmpty(draft + "-wal") || existsNonEmpty(draft + "-journal")) {
        discard(draft);
        return fail("ledger-create", "the new ledger was not closed cleanly; nothing was created",
                    path);
    }
    int rc = ::link(draft.c_str(), path.c_str());
    int err = rc == 0 ? 0 : errno;
    if (rc != 0 && err != EEXIST) {
        // File systems without hard links (FAT, some network shares): a rename that does not
        // replace, where the kernel has one, else a check then a rename.
        rc = ::renameat2(AT_FDCWD, draft.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE);
        err = rc == 0 ? 0 : errno;
        if (rc != 0 && (err == EINVAL || err == ENOSYS || err == ENOTSUP)) {
            std::error_code ec;
            if (fs::exists(path, ec)) {
                err = EEXIST;
            } else {
                rc = std::rename(draft.c_str(), path.c_str());
                err = rc == 0 ? 0 : errno;
            }
        }
    }
    discard(draft);
    if (err == EEXIST)
        return fail("ledger-exists", "another process created a file there meanwhile", path);
    if (err != 0)
        return fail("ledger-create",
                    std::string("cannot put the new ledger in place: ") + std::strerror(err), path);
    syncDirectory(path);
    return {};
}

Result<sql::Db> openReadOnly(const std::string &path)
{
    auto db = sql::Db::open(path, true, false);
    if (!db)
        return db;
    // The first read is where a WAL ledger needs its -shm (and creating it fails on a
    // read-only directory or medium).
    if (db->scalar("SELECT count(*) FROM sqlite_schema"))
        return db;
    const int code = sqlite3_extended_errcode(db->handle());
    const int primary = code & 0xFF;
    if (primary != SQLITE_CANTOPEN && primary != SQLITE_READONLY)
        return db; // not a question of access: the caller reports what it finds
    if (existsNonEmpty(path + "-wal")) {
        return fail("ledger-open",
                    "the ledger's write-ahead log (" + path +
                        "-wal) holds changes that cannot be read where the ledger cannot be "
                        "written; open it once from a writable copy of both files",
                    path);
    }
    sql::configureSqlite();
    sqlite3 *raw = nullptr;
    const std::string uri = uriFor(path);
    const int rc = sqlite3_open_v2(
        uri.c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
        Error e = sql::sqlError(raw, "cannot open ledger");
        e.code = "ledger-open";
        e.file = path;
        sqlite3_close_v2(raw);
        return fail(std::move(e));
    }
    sqlite3_extended_result_codes(raw, 1);
    return sql::Db::adopt(raw);
}

std::string damage(const std::string &path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec)
        return {};
    const std::string recover = "; restore it from a backup (SQLite's "
                                "'sqlite3 FILE .recover | sqlite3 NEW.unalloc' may salvage "
                                "what is left)";
    if (size == 0)
        return "the ledger file is empty" + recover;
    std::array<unsigned char, 100> h{};
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char *>(h.data()), static_cast<std::streamsize>(h.size()));
    const auto got = static_cast<size_t>(in.gcount());
    if (got < 16 || std::memcmp(h.data(), "SQLite format 3", 16) != 0)
        return {};
    if (got < h.size())
        return "the ledger file is truncated: it ends inside its header (" + std::to_string(size) +
               " bytes)" + recover;
    auto be32 = [&](size_t at) {
        return (std::uint32_t(h[at]) << 24) | (std::uint32_t(h[at + 1]) << 16) |
               (std::uint32_t(h[at + 2]) << 8) | std::uint32_t(h[at + 3]);
    };
    std::uint64_t pageSize = (std::uint32_t(h[16]) << 8) | h[17];
    if (pageSize == 1)
        pageSize = 65536;
    // The page count in the header is valid only when the change counter matches
    // version-valid-for (SQLite file format §1.3.7).
    const std::uint64_t pages = be32(28);
    if (pages == 0 || be32(24) != be32(92))
        return {};
    const std::uint64_t declared = pages * pageSize;
    if (declared > size)
        return "the ledger file is truncated: it holds " + std::to_string(size) + " of the " +
               std::to_string(declared) + " bytes its header declares" + recover;
    return {};
}

} // namespace unalloc::core::ledgerfile
