// Schema v3 -> v4: label sets from JSON text under a UNIQUE index to bodies of string ids.
#include "labelsetcodec.h"
#include "ledgercodec.h"
#include "ledgerschema.h"

#include <unordered_map>

namespace unalloc::core::ledgerschema {

Result<void> upgradeLabelSetsV3ToV4(sql::Db &db)
{
    // The rows keep referencing "label_sets" by name: the legacy rename leaves their foreign
    // key alone, so it names the new table once the old one is gone.
    if (auto r =
            db.exec("PRAGMA legacy_alter_table = ON;"
                    "ALTER TABLE label_sets RENAME TO label_sets_v3;"
                    "PRAGMA legacy_alter_table = OFF;"
                    "CREATE TABLE label_strings(id INTEGER PRIMARY KEY, s TEXT NOT NULL UNIQUE);"
                    "CREATE TABLE label_sets(id INTEGER PRIMARY KEY, h INTEGER NOT NULL, "
                    "body BLOB NOT NULL);");
        !r)
        return r;
    auto select = db.prepare("SELECT id, labels, raw, collisions FROM label_sets_v3 ORDER BY id");
    auto insertString = db.prepare("INSERT INTO label_strings(s) VALUES (?1)");
    auto insertSet = db.prepare("INSERT INTO label_sets(id, h, body) VALUES (?1, ?2, ?3)");
    if (!select)
        return fail(select.error());
    if (!insertString)
        return fail(insertString.error());
    if (!insertSet)
        return fail(insertSet.error());
    std::unordered_map<std::string, std::int64_t> ids;
    auto intern = [&](std::string_view s) -> Result<std::int64_t> {
        std::string key(s);
        if (auto it = ids.find(key); it != ids.end())
            return it->second;
        insertString->reset();
        insertString->bind(1, s);
        if (auto r = insertString->exec(); !r)
            return fail(r.error());
        const std::int64_t id = db.lastInsertId();
        ids.emplace(std::move(key), id);
        return id;
    };
    for (;;) {
        auto row = select->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        const std::int64_t id = select->int64(0);
        auto v = ledgercodec::labelSetFromJson(select->textView(1), select->textView(2),
                                               select->textView(3));
        if (!v) {
            Error e = v.error();
            e.record = "label set " + std::to_string(id);
            return fail(std::move(e));
        }
        auto body = labelsetcodec::encode(v->labels, v->raw, v->collisions, intern);
        if (!body)
            return fail(body.error());
        insertSet->reset();
        insertSet->bind(1, id);
        insertSet->bind(2, static_cast<std::int64_t>(
                               ledgercodec::hashLabelSetV4(v->labels, v->raw, v->collisions)));
        insertSet->bindBlob(3, body->data(), static_cast<int>(body->size()));
        if (auto r = insertSet->exec(); !r)
            return fail(r.error());
    }
    select = sql::Stmt{};
    return db.exec("DROP TABLE label_sets_v3; CREATE INDEX label_sets_h ON label_sets(h);");
}

} // namespace unalloc::core::ledgerschema

namespace unalloc::core::ledgerschema {

Result<void> upgradeLabelSetsV4ToV5(sql::Db &db)
{
    auto select = db.prepare("SELECT id, body FROM label_sets ORDER BY id");
    auto update = db.prepare("UPDATE label_sets SET body = ?2 WHERE id = ?1");
    if (!select)
        return fail(select.error());
    if (!update)
        return fail(update.error());
    // Read in pages of ids so that no statement reads the table while it is updated.
    std::vector<std::pair<std::int64_t, std::string>> page;
    for (;;) {
        auto row = select->step();
        if (!row)
            return fail(row.error());
        if (!*row)
            break;
        auto body = labelsetcodec::rewriteRawValuesV4(select->blob(1));
        if (!body) {
            Error e = body.error();
            e.record = "label set " + std::to_string(select->int64(0));
            return fail(std::move(e));
        }
        page.emplace_back(select->int64(0), std::move(*body));
    }
    select = sql::Stmt{};
    for (const auto &[id, body] : page) {
        update->reset();
        update->bind(1, id);
        update->bindBlob(2, body.data(), static_cast<int>(body.size()));
        if (auto r = update->exec(); !r)
            return fail(r.error());
    }
    return {};
}

} // namespace unalloc::core::ledgerschema
