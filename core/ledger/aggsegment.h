#pragma once

// The aggregate as the ledger stores it since schema v6: each import batch's groups in
// segments (agg_segments: one BLOB per up to kPartGroups groups, varints in key order) instead
// of one SQLite row per group, plus the agg table for what changes a batch after its import
// (meter splits add and subtract there). A ledger opens by merging both in the aggregate's
// key order, so the groups come out exactly as the v5 agg table listed them.

#include "core/decimal.h"
#include "core/result.h"
#include "sqlitedb.h"

#include <compare>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace unalloc::core::aggsegment {

/// One group of the aggregate: its key (texts as agg_strings ids) and its sums.
struct Group
{
    std::int64_t labelSet = 0;
    std::int64_t source = 0, object = 0;
    std::int32_t day = 0;
    std::int64_t currency = 0;
    std::int64_t batch = 0;
    std::int64_t provider = 0, model = 0;
    std::int32_t days = 1;
    Decimal amount;
    std::int64_t rows = 0;
};

/// Orders groups as the aggregate's key (label_set, source, object, day, currency, batch,
/// provider, model, days) orders them.
std::strong_ordering compareKey(const Group &a, const Group &b);

/// Groups per segment: a segment decodes in about a millisecond and a batch's parts can be
/// read as one stream.
inline constexpr size_t kPartGroups = 65536;

/// A segment body for `groups` (one batch, strictly increasing keys).
std::string encode(std::span<const Group> groups);

/// @brief Reads one segment body group by group.
class Reader final
{
public:
    Reader() = default;
    /// `body` must outlive the reader; `batch` is the segment's batch (not stored per group).
    Reader(std::string_view body, std::int64_t batch);
    /// The next group into `g`; false at the end; an error when the body is malformed.
    Result<bool> next(Group &g);
    /// Groups the header announces.
    std::uint64_t count() const { return m_count; }

private:
    std::string_view m_body;
    size_t m_pos = 0;
    std::uint64_t m_count = 0, m_read = 0;
    std::int64_t m_batch = 0;
    Group m_prev;
};

/// @brief Writes groups handed over in strictly increasing key order as segments of up to
/// kPartGroups groups: a batch's segments (agg_segments), or one sorted run of a batch's groups
/// that an import spilled (kRunsTable), without holding more than one segment's groups.
class SegmentWriter final
{
public:
    /// Segments of `batch` in agg_segments.
    static Result<SegmentWriter> forBatch(sql::Db &db, std::int64_t batch);
    /// Segments of run `run` in kRunsTable (createRuns made it).
    static Result<SegmentWriter> forRun(sql::Db &db, std::int64_t run);
    Result<void> add(const Group &g);
    /// Writes what add() holds back.
    Result<void> finish();

private:
    SegmentWriter(sql::Stmt insert, std::int64_t stream)
        : m_insert(std::move(insert))
        , m_stream(stream)
    {}
    sql::Stmt m_insert; ///< ?1 batch or run, ?2 groups, ?3 body
    std::int64_t m_stream;
    std::vector<Group> m_pending;
};

/// Stores `groups` (one batch's, strictly increasing keys) as segments of `batch`.
Result<void> writeBatch(sql::Db &db, std::int64_t batch, std::span<const Group> groups);

/// The temporary table where an import whose batch has more groups than it keeps in memory
/// spills them as sorted runs (each run's segments in id order).
inline constexpr const char *kRunsTable = "temp.agg_runs";

/// Creates kRunsTable when the connection has none (it is empty between batches).
Result<void> createRuns(sql::Db &db);

/// Merges the runs of kRunsTable into the segments of `batch`: groups of equal keys in
/// different runs are summed, so the segments are those one sorted list of the batch's groups
/// would give. Empties kRunsTable.
Result<void> writeRuns(sql::Db &db, std::int64_t batch);

/// Moves every row of the agg table into segments (one batch at a time) and empties it: what
/// a migration runs after rebuilding the aggregate as rows.
Result<void> segmentsFromTable(sql::Db &db);

/// @brief The aggregate in key order: every batch's segments and the agg table's adjustments
/// merged, groups whose rows come to zero left out.
class Merged final
{
public:
    explicit Merged(const sql::Db &db);
    /// The runs of kRunsTable (no adjustments), every group given batch `batch`.
    static Merged runs(const sql::Db &db, std::int64_t batch);
    ~Merged();
    Merged(Merged &&) noexcept;
    Merged(const Merged &) = delete;
    Merged &operator=(const Merged &) = delete;
    /// Prepares the statements and reads the first group of every stream.
    Result<void> start();
    /// The next group; false at the end.
    Result<bool> next(Group &g);
    /// After start(): steps the connection only in its turn (a loader's other threads read it
    /// too).
    void serialize(sql::Turns &turns);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

/// Calls `visit` with every group of Merged in key order; the first error (of the aggregate,
/// named after `file`, or of `visit`) ends the walk.
Result<void> forEachGroup(const sql::Db &db,
                          const std::string &file,
                          const std::function<Result<void>(const Group &)> &visit);

} // namespace unalloc::core::aggsegment
