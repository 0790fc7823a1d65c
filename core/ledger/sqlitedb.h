#pragma once

#include "core/result.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace unalloc::core::sql {

/// How long a statement waits for another connection's lock before it fails.
inline constexpr int kBusyTimeoutMs = 5000;

/// @brief A prepared statement: bind by 1-based index, step, read columns; resets on reuse.
class Stmt final
{
public:
    Stmt() = default;
    Stmt(sqlite3 *db, sqlite3_stmt *stmt)
        : m_db(db)
        , m_stmt(stmt)
    {}
    Stmt(Stmt &&other) noexcept;
    Stmt &operator=(Stmt &&other) noexcept;
    Stmt(const Stmt &) = delete;
    Stmt &operator=(const Stmt &) = delete;
    ~Stmt();

    bool isValid() const { return m_stmt != nullptr; }
    void bindNull(int i);
    void bind(int i, std::int64_t v);
    /// Text is copied by SQLite only when `transient`; otherwise it must outlive the step.
    void bind(int i, std::string_view text, bool transient = true);
    /// Like text: copied only when `transient`, else it must outlive the step.
    void bindBlob(int i, const void *data, int size, bool transient = true);
    /// Makes the statement ready for new bindings (the old ones are cleared).
    void reset();
    /// Makes the statement ready to run again and keeps the bindings (for hot statements
    /// that rebind every parameter each time).
    void rewind();
    /// True while a row is available; an error on any failure, including constraint ones.
    Result<bool> step();
    /// Steps until done (for statements that return no rows).
    Result<void> exec();

    bool isNull(int col) const;
    /// True when the column holds an integer (not text, a BLOB, a real or NULL).
    bool isInteger(int col) const;
    /// True when the column holds a BLOB.
    bool isBlob(int col) const;
    std::int64_t int64(int col) const;
    std::string text(int col) const;
    std::string_view textView(int col) const;
    std::string_view blob(int col) const;

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
};

/// Process-wide SQLite settings, once, before the first connection opens (Db::open calls it;
/// so must any other opener).
void configureSqlite();

/// @brief An open SQLite connection (C API) that closes itself.
class Db final
{
public:
    Db() = default;
    Db(Db &&other) noexcept;
    Db &operator=(Db &&other) noexcept;
    Db(const Db &) = delete;
    Db &operator=(const Db &) = delete;
    ~Db();

    /// Opens `path`; `create` allows a new file. Errors carry the path.
    static Result<Db> open(const std::string &path, bool readOnly, bool create);

    /// Takes over a connection opened elsewhere (e.g. through a URI), with the same busy
    /// timeout as open().
    static Db adopt(sqlite3 *db);

    /// How long statements wait for another connection's lock (kBusyTimeoutMs by default).
    void setBusyTimeout(int ms);
    sqlite3 *handle() const { return m_db; }
    Result<void> exec(std::string_view sqlText);
    Result<Stmt> prepare(std::string_view sqlText) const;
    /// The single integer a query returns (e.g. a PRAGMA), or an error.
    Result<std::int64_t> scalar(std::string_view sqlText) const;
    /// The first column of every row a query returns, as integers, in the query's order.
    Result<std::vector<std::int64_t>> int64s(std::string_view sqlText) const;
    std::int64_t lastInsertId() const;
    int changes() const;
    std::string lastError() const;

private:
    explicit Db(sqlite3 *db)
        : m_db(db)
    {}
    sqlite3 *m_db = nullptr;
};

/// An Error with code `sqlite` and the connection's message.
Error sqlError(sqlite3 *db, std::string_view what);

/// @brief Turns on one connection for threads that share it (a connection is opened without
/// SQLite's own mutex): lock() around every use. A thread that holds it long calls
/// letWaitersIn() now and then: a mutex released and taken again at once would mostly be taken
/// again by the same thread, so the others' turns are handed over.
class Turns final
{
public:
    void lock()
    {
        m_waiting.fetch_add(1);
        m_mutex.lock();
        m_waiting.fetch_sub(1);
        {
            const std::lock_guard signal(m_signalMutex);
            ++m_taken;
        }
        m_turnTaken.notify_all();
    }
    void unlock() { m_mutex.unlock(); }
    /// Called holding the lock: if other threads wait for it, sleeps until one has had its turn.
    void letWaitersIn()
    {
        if (m_waiting.load() == 0)
            return;
        std::unique_lock signal(m_signalMutex);
        const std::uint64_t taken = m_taken;
        m_mutex.unlock();
        m_turnTaken.wait(signal, [&] { return m_taken != taken; });
        signal.unlock();
        m_mutex.lock();
    }

private:
    std::mutex m_mutex;
    std::atomic<int> m_waiting{0};
    std::mutex m_signalMutex;            ///< guards m_taken
    std::uint64_t m_taken = 0;           ///< turns taken through lock()
    std::condition_variable m_turnTaken; ///< m_taken changed
};

} // namespace unalloc::core::sql
