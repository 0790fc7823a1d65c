// The label_chunks table as a whole (labelchunks.h): the next id, storing and removing sets,
// the check that every row's set is stored, and the v6 -> v7 migration.
#include "labelchunks.h"

#include <algorithm>

namespace unalloc::core::labelchunks {

Result<std::int64_t> nextId(const sql::Db &db)
{
    auto last = db.scalar("SELECT ifnull(max(first + span), 1) FROM label_chunks");
    if (!last)
        return fail(last.error());
    return std::max<std::int64_t>(1, *last);
}

Result<void> insertChunk(
    sql::Db &db, std::int64_t first, std::int64_t span, std::int64_t sets, std::string_view body)
{
    auto st =
        db.prepare("INSERT INTO label_chunks(first, span, sets, body) VALUES (?1, ?2, ?3, ?4)");
    if (!st)
        return fail(st.error());
    st->bind(1, first);
    st->bind(2, span);
    st->bind(3, sets);
    st->bindBlob(4, body.data(), static_cast<int>(body.size()), false);
    return st->exec();
}

Result<std::int64_t> removeSets(sql::Db &db, const std::vector<std::int64_t> &ids)
{
    auto select = db.prepare("SELECT first, span, body FROM label_chunks WHERE first <= ?1 "
                             "ORDER BY first DESC LIMIT 1");
    auto drop = db.prepare("DELETE FROM label_chunks WHERE first = ?1");
    if (!select)
        return fail(select.error());
    if (!drop)
        return fail(drop.error());
    std::int64_t removed = 0;
    for (size_t i = 0; i < ids.size();) {
        select->reset();
        select->bind(1, ids[i]);
        auto row = select->step();
        if (!row)
            return fail(row.error());
        const std::int64_t first = *row ? select->int64(0) : 0, span = *row ? select->int64(1) : 0;
        if (!*row || ids[i] >= first + span)
            return fail(chunkCorrupt(first, "does not hold set " + std::to_string(ids[i])));
        auto reader = ChunkReader::open(std::string(select->blob(2)), first, span);
        select->reset();
        if (!reader)
            return fail(reader.error());
        // The chunk again without the ids of `ids` inside it.
        std::vector<std::pair<std::int64_t, std::string>> kept;
        std::int64_t id = 0;
        std::string_view body;
        for (;;) {
            auto got = reader->next(id, body);
            if (!got)
                return fail(got.error());
            if (!*got)
                break;
            while (i < ids.size() && ids[i] < id)
                ++i; // an id of `ids` that this chunk does not hold: already gone
            if (i < ids.size() && ids[i] == id) {
                ++removed;
                ++i;
                continue;
            }
            kept.emplace_back(id, std::string(body));
        }
        while (i < ids.size() && ids[i] < first + span)
            ++i;
        drop->reset();
        drop->bind(1, first);
        if (auto r = drop->exec(); !r)
            return fail(r.error());
        if (kept.empty())
            continue;
        ChunkBuilder builder;
        std::int64_t slot = first;
        for (const auto &[keptId, keptBody] : kept) {
            for (; slot < keptId; ++slot)
                builder.addHole();
            if (!builder.add(keptBody))
                return fail(chunkCorrupt(first, "holds a malformed set"));
            ++slot;
        }
        const std::int64_t sets = builder.setCount(), newSpan = builder.slotCount();
        if (auto r = insertChunk(db, first, newSpan, sets, builder.finish()); !r)
            return fail(r.error());
    }
    return removed;
}

Result<void> checkRowSets(const sql::Db &db)
{
    // Both in id order, merged: one pass over the rows' distinct sets and one over the chunks.
    auto used = db.prepare("SELECT DISTINCT label_set FROM rows ORDER BY label_set");
    if (!used)
        return fail(used.error());
    SetScan scan(db);
    labelsetcodec::BodyIds ids;
    std::int64_t stored = 0;
    bool more = true;
    for (;;) {
        auto row = used->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            return {};
        const std::int64_t want = used->int64(0);
        while (more && stored < want) {
            auto got = scan.nextIds(stored, ids);
            if (!got)
                return fail(got.error());
            more = *got;
        }
        if (!more || stored != want)
            return fail("ledger-corrupt", "rows reference label set " + std::to_string(want) +
                                              ", which is not stored");
    }
}

Result<std::string> extentKey(const sql::Db &db)
{
    auto st = db.prepare("SELECT count(*), ifnull(sum(sets), 0), ifnull(max(first + span), 0) "
                         "FROM label_chunks");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    return std::to_string(st->int64(0)) + '/' + std::to_string(st->int64(1)) + '/' +
           std::to_string(st->int64(2));
}

Result<void> upgradeV6ToV7(sql::Db &db)
{
    if (auto r = db.exec("CREATE TABLE label_chunks(first INTEGER PRIMARY KEY, span INTEGER NOT "
                         "NULL, sets INTEGER NOT NULL, body BLOB NOT NULL);");
        !r)
        return r;
    auto select = db.prepare("SELECT id, body FROM label_sets ORDER BY id");
    if (!select)
        return fail(select.error());
    ChunkBuilder builder;
    std::int64_t first = 0;
    const auto flush = [&]() -> Result<void> {
        if (builder.slotCount() == 0)
            return {};
        const std::int64_t sets = builder.setCount(), span = builder.slotCount();
        return insertChunk(db, first, span, sets, builder.finish());
    };
    for (;;) {
        auto row = select->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const std::int64_t id = select->int64(0);
        if (id <= 0)
            return fail("ledger-corrupt", "stored label set id " + std::to_string(id));
        // A chunk covers ids [first, first + kSlots): a set past it starts the next one.
        if (builder.slotCount() > 0 && id >= first + kSlots) {
            if (auto r = flush(); !r)
                return r;
        }
        if (builder.slotCount() == 0)
            first = id;
        while (first + builder.slotCount() < id)
            builder.addHole();
        if (!builder.add(select->blob(1)))
            return fail("ledger-corrupt",
                        "stored label set " + std::to_string(id) + " is not a well-formed body");
    }
    select = {};
    if (auto r = flush(); !r)
        return r;
    // The rows' foreign key named label_sets, which goes: SQLite cannot drop a constraint, and
    // rebuilding the rows table would rewrite every row, so the table's definition is edited
    // in place (the documented way for changes that leave the stored records as they are).
    auto version = db.scalar("PRAGMA schema_version");
    if (!version)
        return fail(version.error());
    const std::string edit =
        "PRAGMA writable_schema = ON;"
        "UPDATE sqlite_schema SET sql = replace(sql, "
        "'label_set INTEGER NOT NULL REFERENCES label_sets(id)', 'label_set INTEGER NOT NULL') "
        "WHERE type = 'table' AND name = 'rows';"
        "PRAGMA schema_version = " +
        std::to_string(*version + 1) +
        ";"
        "PRAGMA writable_schema = OFF;"
        "DROP TABLE label_sets;";
    if (auto r = db.exec(edit); !r)
        return r;
    auto left = db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = "
                          "'rows' AND sql LIKE '%REFERENCES label_sets%'");
    if (!left)
        return fail(left.error());
    if (*left != 0)
        return fail("ledger-corrupt", "the rows table's reference to label_sets was not found");
    return {};
}

} // namespace unalloc::core::labelchunks
