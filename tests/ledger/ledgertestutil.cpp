#include "ledgertestutil.h"

#include <QFile>

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>

namespace unalloc::testing {

namespace {

std::string cellText(sqlite3_stmt *st, int col)
{
    switch (sqlite3_column_type(st, col)) {
    case SQLITE_NULL:
        return "NULL";
    case SQLITE_BLOB: {
        const auto *p = static_cast<const unsigned char *>(sqlite3_column_blob(st, col));
        std::string hex = "x";
        char buf[3];
        for (int i = 0; i < sqlite3_column_bytes(st, col); ++i) {
            std::snprintf(buf, sizeof buf, "%02x", p[i]);
            hex += buf;
        }
        return hex;
    }
    default:
        return reinterpret_cast<const char *>(sqlite3_column_text(st, col));
    }
}

} // namespace

std::vector<std::string> dumpContent(const std::string &path)
{
    std::vector<std::string> out;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return {"cannot open"};
    }
    std::vector<std::string> tables;
    sqlite3_stmt *st = nullptr;
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", -1,
                       &st, nullptr);
    while (sqlite3_step(st) == SQLITE_ROW)
        tables.push_back(reinterpret_cast<const char *>(sqlite3_column_text(st, 0)));
    sqlite3_finalize(st);
    for (const std::string &t : tables) {
        sqlite3_prepare_v2(db, ("SELECT * FROM " + t).c_str(), -1, &st, nullptr);
        while (sqlite3_step(st) == SQLITE_ROW) {
            std::string line = t;
            for (int c = 0; c < sqlite3_column_count(st); ++c)
                line += "|" + cellText(st, c);
            out.push_back(line);
        }
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    std::sort(out.begin(), out.end());
    return out;
}

bool execRaw(const std::string &path, const std::string &sqlText)
{
    sqlite3 *db = nullptr;
    bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
              sqlite3_exec(db, sqlText.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

std::vector<std::string> dumpCube(const core::CostCube &cube, bool withBatch)
{
    // Groups that differ only by batch merge when batches are ignored.
    std::map<std::string, std::pair<core::Decimal, std::int64_t>> merged;
    for (const core::CostGroup &g : cube.rawGroups()) {
        std::string key;
        const core::LabelMap labels = cube.labelSets().at(g.labelSet);
        for (const auto &[k, v] : labels.entries())
            key += k + "=" + v + ";";
        key += "|" + std::string(cube.sources().at(cube.context(g).source)) + "|" +
               std::string(cube.objects().at(g.object)) + "|" + std::to_string(g.day) + "|" +
               cube.context(g).currency.code() + "|" +
               std::string(cube.usageName(cube.context(g).usageProvider)) + "|" +
               std::string(cube.usageName(cube.context(g).usageModel)) + "|" +
               std::to_string(cube.context(g).days);
        if (withBatch)
            key += "|" + std::to_string(cube.context(g).batch);
        auto &m = merged[key];
        m.first += g.amount;
        m.second += g.rows;
    }
    std::vector<std::string> out;
    for (const auto &[k, v] : merged)
        out.push_back(k + "|" + v.first.toString() + "|" + std::to_string(v.second));
    for (const core::CollisionTotal &c : cube.collisions())
        out.push_back("collision|" + c.canonicalKey + "|" + c.rawKeys + "|" + c.winnerRawKey + "|" +
                      c.amount.toString() + "|" + std::to_string(c.rows));
    return out;
}

core::CostCube cubeFromRows(const core::LedgerStore &ledger)
{
    core::CostCube cube;
    const std::int64_t page = 1000;
    for (std::int64_t offset = 0;; offset += page) {
        auto rows = ledger.rows({}, core::LedgerSort::Start, true, offset, page);
        if (!rows || rows->empty())
            break;
        for (const core::LedgerRow &r : *rows)
            if (!r.superseded)
                cube.addRow(r.row);
    }
    return cube;
}

core::CostRow makeRow(const std::string &key,
                      const std::string &amount,
                      int day,
                      const std::string &team,
                      const std::string &source)
{
    core::CostRow r;
    r.source = source;
    r.recordKey = key;
    r.name = "object-" + key.substr(0, 1);
    r.amount = core::Money{core::Decimal::parse(amount).value(), core::Currency::usd()};
    r.start = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay + day * core::kUsPerDay;
    r.end = r.start + core::kUsPerDay;
    if (!team.empty()) {
        r.rawLabels.push_back({"team", team});
        r.labels = core::LabelMap({{"team", team}});
    }
    return r;
}

std::string sqlText(const std::string &path, const char *text)
{
    sqlite3 *db = nullptr;
    std::string out;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *st = nullptr;
        if (sqlite3_prepare_v2(db, text, -1, &st, nullptr) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
            out = reinterpret_cast<const char *>(sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    return out;
}

std::int64_t sqlCount(const std::string &path, const char *text)
{
    const std::string v = sqlText(path, text);
    return v.empty() ? -1 : std::stoll(v);
}

bool copyFrozenLedger(const QString &from, const std::string &to)
{
    const QString target = QString::fromStdString(to);
    QFile::remove(target);
    return QFile::copy(from, target) &&
           QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser);
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace unalloc::testing
