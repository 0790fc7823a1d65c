#include "sqlitedb.h"

#include <sqlite3.h>

#include <utility>

namespace unalloc::core::sql {

Error sqlError(sqlite3 *db, std::string_view what)
{
    std::string detail(what);
    if (db) {
        detail += ": ";
        detail += sqlite3_errmsg(db);
    }
    return Error{"sqlite", detail, {}, {}, {}};
}

Stmt::Stmt(Stmt &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_stmt(std::exchange(other.m_stmt, nullptr))
{}

Stmt &Stmt::operator=(Stmt &&other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
    }
    return *this;
}

Stmt::~Stmt()
{
    sqlite3_finalize(m_stmt);
}

void Stmt::bindNull(int i)
{
    sqlite3_bind_null(m_stmt, i);
}

void Stmt::bind(int i, std::int64_t v)
{
    sqlite3_bind_int64(m_stmt, i, v);
}

void Stmt::bind(int i, std::string_view text, bool transient)
{
    sqlite3_bind_text(m_stmt, i, text.data(), static_cast<int>(text.size()),
                      transient ? SQLITE_TRANSIENT : SQLITE_STATIC);
}

void Stmt::bindBlob(int i, const void *data, int size, bool transient)
{
    sqlite3_bind_blob(m_stmt, i, data, size, transient ? SQLITE_TRANSIENT : SQLITE_STATIC);
}

void Stmt::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

void Stmt::rewind()
{
    sqlite3_reset(m_stmt);
}

Result<bool> Stmt::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    Error e = sqlError(m_db, "statement failed");
    sqlite3_reset(m_stmt);
    return fail(std::move(e));
}

Result<void> Stmt::exec()
{
    for (;;) {
        auto r = step();
        if (!r)
            return fail(r.error());
        if (!*r)
            break;
    }
    reset();
    return {};
}

bool Stmt::isNull(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_NULL;
}

bool Stmt::isInteger(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_INTEGER;
}

bool Stmt::isBlob(int col) const
{
    return sqlite3_column_type(m_stmt, col) == SQLITE_BLOB;
}

std::int64_t Stmt::int64(int col) const
{
    return sqlite3_column_int64(m_stmt, col);
}

std::string Stmt::text(int col) const
{
    return std::string(textView(col));
}

std::string_view Stmt::textView(int col) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
    if (!p)
        return {};
    return std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col)));
}

std::string_view Stmt::blob(int col) const
{
    const auto *p = static_cast<const char *>(sqlite3_column_blob(m_stmt, col));
    if (!p)
        return {};
    return std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, col)));
}

Db::Db(Db &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
{}

Db &Db::operator=(Db &&other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_db = std::exchange(other.m_db, nullptr);
    }
    return *this;
}

Db::~Db()
{
    // close_v2 defers the close until every statement is finalised, so member order of the
    // owner does not matter.
    sqlite3_close_v2(m_db);
}

void configureSqlite()
{
    // Before SQLite initialises itself (its first open): with memory statistics on, which
    // nothing here reads, every allocation of SQLite's takes a process-wide mutex (2 % of an
    // import's time in session 29's profile). Too late when something else opened a database
    // first: SQLite then refuses, and keeps its defaults.
    static const bool configured = [] {
        sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
        return true;
    }();
    (void)configured;
}

Result<Db> Db::open(const std::string &path, bool readOnly, bool create)
{
    configureSqlite();
    sqlite3 *db = nullptr;
    int flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (create && !readOnly)
        flags |= SQLITE_OPEN_CREATE;
    flags |= SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        Error e = sqlError(db, "cannot open ledger");
        e.code = "ledger-open";
        e.file = path;
        sqlite3_close_v2(db);
        return fail(std::move(e));
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    return Db(db);
}

Db Db::adopt(sqlite3 *db)
{
    sqlite3_busy_timeout(db, kBusyTimeoutMs);
    return Db(db);
}

void Db::setBusyTimeout(int ms)
{
    sqlite3_busy_timeout(m_db, ms);
}

Result<void> Db::exec(std::string_view sqlText)
{
    const std::string text(sqlText);
    char *msg = nullptr;
    if (sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
        std::string detail = msg ? msg : "unknown error";
        sqlite3_free(msg);
        return fail("sqlite", detail);
    }
    return {};
}

Result<Stmt> Db::prepare(std::string_view sqlText) const
{
    sqlite3_stmt *stmt = nullptr;
    const int rc = sqlite3_prepare_v3(m_db, sqlText.data(), static_cast<int>(sqlText.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK)
        return fail(sqlError(m_db, "cannot prepare statement"));
    return Stmt(m_db, stmt);
}

Result<std::int64_t> Db::scalar(std::string_view sqlText) const
{
    auto st = prepare(sqlText);
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    return *row ? st->int64(0) : 0;
}

Result<std::vector<std::int64_t>> Db::int64s(std::string_view sqlText) const
{
    auto st = prepare(sqlText);
    if (!st)
        return fail(st.error());
    std::vector<std::int64_t> out;
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return out;
        out.push_back(st->int64(0));
    }
}

std::int64_t Db::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

int Db::changes() const
{
    return sqlite3_changes(m_db);
}

std::string Db::lastError() const
{
    return m_db ? sqlite3_errmsg(m_db) : "no connection";
}

} // namespace unalloc::core::sql
