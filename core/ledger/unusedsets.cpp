// SqliteLedger::removeUnusedLabelSets: the label sets no row names go (what a re-import left
// behind before imports stored a set only with a row of it), and the file shrinks.
#include "labelchunks.h"
#include "sqliteledger.h"

#include <algorithm>

namespace unalloc::core {

namespace {

/// Ids of every stored set that neither a row nor an aggregate adjustment names, ascending.
Result<std::vector<std::int64_t>> unusedSets(sql::Db &db)
{
    auto used = db.int64s("SELECT label_set FROM rows UNION SELECT label_set FROM agg ORDER BY 1");
    if (!used)
        return fail(used.error());
    std::vector<std::int64_t> unused;
    auto st = db.prepare("SELECT first, span, body FROM label_chunks ORDER BY first");
    if (!st)
        return fail(st.error());
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto reader =
            labelchunks::ChunkReader::open(std::string(st->blob(2)), st->int64(0), st->int64(1));
        if (!reader)
            return fail(reader.error());
        std::int64_t id = 0;
        std::string_view body;
        for (;;) {
            auto got = reader->next(id, body);
            if (!got)
                return fail(got.error());
            if (!*got)
                break;
            if (!std::binary_search(used->begin(), used->end(), id))
                unused.push_back(id);
        }
    }
    std::sort(unused.begin(), unused.end());
    return unused;
}

} // namespace

Result<std::int64_t> SqliteLedger::removeUnusedLabelSets()
{
    if (auto w = checkWritable("remove unused label sets"); !w)
        return fail(w.error());
    if (auto r = m_db.exec("BEGIN IMMEDIATE"); !r)
        return fail(r.error());
    Result<std::int64_t> removed = [&]() -> Result<std::int64_t> {
        auto unused = unusedSets(m_db);
        if (!unused)
            return fail(unused.error());
        if (unused->empty())
            return 0;
        return labelchunks::removeSets(m_db, *unused);
    }();
    if (removed)
        if (auto r = m_db.exec("COMMIT"); !r)
            removed = fail(r.error());
    if (!removed) {
        (void)m_db.exec("ROLLBACK");
        Error e = removed.error();
        e.file = path();
        return fail(std::move(e));
    }
    // Committed already: a VACUUM that cannot run (no room for its copy) only leaves the file
    // as large as it was.
    if (*removed > 0)
        (void)m_db.exec("VACUUM");
    return *removed;
}

} // namespace unalloc::core
