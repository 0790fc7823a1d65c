#pragma once

#include "../cli/clirun.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgercodec.h"

#include <QDir>
#include <QFile>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <string>
#include <vector>

namespace unalloc::testing {

/// @brief A ledger frozen from an older build (tests/data/ledger/vN/vN.unalloc, with that
/// build's outputs next to it), copied writable into a temporary folder, and the CLI run there.
class FrozenLedger
{
public:
    explicit FrozenLedger(int version)
        : m_version(version)
    {}
    /// The folder of the frozen file and of its golden outputs.
    static QString dataDirOf(int version)
    {
        return QStringLiteral(UNALLOC_SOURCE_DIR "/tests/data/ledger/v") + QString::number(version);
    }
    QString dataDir() const { return dataDirOf(m_version); }
    QString fileName() const { return QStringLiteral("v%1.unalloc").arg(m_version); }
    /// A fresh copy, as the old build wrote it (call it in init()).
    bool copy()
    {
        m_path = m_dir.filePath(fileName()).toStdString();
        return copyFrozenLedger(dataDir() + QLatin1Char('/') + fileName(), m_path);
    }
    const std::string &path() const { return m_path; }
    QString dir() const { return m_dir.path(); }
    /// `unalloc ARGS`, run in the copy's folder.
    clitest::Run run(const QStringList &args) const { return clitest::run(m_dir.path(), args); }
    /// `unalloc ledger --upgrade --ledger vN.unalloc`.
    clitest::Run upgrade() const
    {
        return run({QStringLiteral("ledger"), QStringLiteral("--upgrade"),
                    QStringLiteral("--ledger"), fileName()});
    }

    /// The outputs a frozen folder keeps (its SOURCE.md), one QTest row each: the columns
    /// `args` (QStringList) and `golden` (QString) must exist.
    void addOutputRows() const
    {
        const auto q = [](const char *t) {
            return QString::fromUtf8(t);
        };
        const QStringList base{q("--ledger"), fileName()};
        const QStringList usd{q("--currency"), q("USD")};
        const QStringList json{q("--json")};
        QTest::newRow("report with fallbacks")
            << (QStringList{q("report")} + base + usd + json +
                QStringList{q("-f"), q("project"), q("-f"), q("workspace")})
            << q("report.json");
        QTest::newRow("report by team")
            << (QStringList{q("report")} + base + usd + QStringList{q("-D"), q("team")})
            << q("report-team.txt");
        QTest::newRow("report in EUR")
            << (QStringList{q("report")} + base +
                QStringList{q("--currency"), q("EUR"), q("-D"), q("team")})
            << q("report-eur.txt");
        QTest::newRow("report by day")
            << (QStringList{q("report")} + base + usd + QStringList{q("--by"), q("day")} + json)
            << q("report-by-day.json");
        QTest::newRow("reconcile")
            << (QStringList{q("reconcile")} + base + usd + json) << q("reconcile.json");
        QTest::newRow("collisions")
            << (QStringList{q("labels")} + base + usd + json + QStringList{q("--collisions")})
            << q("collisions.json");
        QTest::newRow("available keys")
            << (QStringList{q("labels")} + base + usd + json + QStringList{q("--available")})
            << q("available.json");
        QTest::newRow("backlog by end user")
            << (QStringList{q("labels")} + base + usd + json +
                QStringList{q("--limit"), q("0"), q("-D"), q("end_user")})
            << q("backlog-end-user.json");
    }
    /// Migrates the copy, runs `args` in its folder and compares the output with `golden`.
    void checkOutput(const QStringList &args, const QString &golden) const
    {
        QCOMPARE(upgrade().exitCode, 0);
        const clitest::Run r = run(args);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray want = readFile(dataDir() + QLatin1Char('/') + golden);
        QVERIFY(!want.isEmpty());
        QCOMPARE(r.out, want);
    }
    /// Migrates the copy and compares its FOCUS export (every row, `-f project`) with the
    /// golden one.
    void checkExport() const
    {
        QCOMPARE(upgrade().exitCode, 0);
        const auto q = [](const char *t) {
            return QString::fromUtf8(t);
        };
        const clitest::Run r = run({q("export"), q("--ledger"), fileName(), q("--focus"), q("1.2"),
                                    q("-o"), q("export.csv"), q("-f"), q("project")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray want = readFile(dataDir() + q("/export.csv"));
        QVERIFY(want.contains("mistral-eu"));
        QCOMPARE(readFile(QDir(dir()).filePath(q("export.csv"))), want);
    }
    /// Keeps the frozen copy, migrates, and compares every row as readers see it
    /// (rowsAsReadersSeeThem) and every amount and quantity, decoded (`legacyAmounts`: the
    /// frozen file stores v7 amounts). Gives the path of the kept original.
    std::string checkColumnsAsWritten(bool legacyAmounts) const
    {
        const std::string original =
            QDir(dir()).filePath(QStringLiteral("original.unalloc")).toStdString();
        if (!QFile::copy(QString::fromStdString(m_path), QString::fromStdString(original))) {
            QTest::qFail("cannot keep a copy of the frozen ledger", __FILE__, __LINE__);
            return original;
        }
        [&] {
            QCOMPARE(upgrade().exitCode, 0);
            const std::string want = sqlText(original, rowsAsReadersSeeThem(false).c_str());
            QVERIFY(want.find("'mistral-eu'") != std::string::npos);
            QCOMPARE(sqlText(m_path, rowsAsReadersSeeThem(true).c_str()), want);
            for (const char *column : {"amount", "quantity"}) {
                const auto now = storedAmounts(m_path, column, false);
                QCOMPARE(std::int64_t(now.size()), sqlCount(m_path, "SELECT count(*) FROM rows"));
                QCOMPARE(now, storedAmounts(original, column, legacyAmounts));
            }
        }();
        return original;
    }
    /// Spoils the copy's last row with `spoil` (SQL), then expects the migration to fail on it,
    /// naming the file and the SQL function that refused the row (`function`), and to leave
    /// the file as it was.
    void checkFailedMigration(const char *spoil, const char *function) const
    {
        QVERIFY(execRaw(m_path, spoil));
        const QByteArray before = readFile(QString::fromStdString(m_path));
        const clitest::Run up = upgrade();
        QCOMPARE(up.exitCode, 1);
        QVERIFY2(up.err.contains(fileName().toUtf8()), up.err.constData());
        QVERIFY2(up.err.contains(function), up.err.constData());
        QCOMPARE(sqlCount(m_path, "PRAGMA user_version"), std::int64_t{m_version});
        const std::string rebuilt = "SELECT count(*) FROM sqlite_schema WHERE name = 'rows_v" +
                                    std::to_string(m_version + 1) + "'";
        QCOMPARE(sqlCount(m_path, rebuilt.c_str()), std::int64_t{0});
        QCOMPARE(readFile(QString::fromStdString(m_path)), before);
    }

    /// A query giving every row as readers see it, one line per row in id order: every column
    /// a reader names (the generated ones too) but the amounts, which each schema encodes its
    /// own way. The key fingerprint as schema v9 stores it (48 bits); `current`: the file has
    /// the v9 layout, whose record keys are read through the view row_keys.
    static std::string rowsAsReadersSeeThem(bool current)
    {
        const char *columns[] = {"id",
                                 "batch",
                                 "source",
                                 "record_key",
                                 "name",
                                 "currency",
                                 "start_us",
                                 "end_us",
                                 "label_set",
                                 "unit",
                                 "prompt_tokens",
                                 "completion_tokens",
                                 "cached_tokens",
                                 "send_after_us",
                                 "first_token_after_us",
                                 "done_after_us",
                                 "provider",
                                 "model",
                                 "split",
                                 "superseded"};
        std::string line = "''";
        for (const char *c : columns) {
            const std::string column = std::string_view(c) == "record_key" && current
                                           ? std::string("k.record_key")
                                           : "r." + std::string(c);
            line += " || '|' || quote(" + column + ")";
        }
        line += " || '|' || ((r.key_fp << 16) >> 16)";
        return "SELECT group_concat(x, char(10)) FROM (SELECT " + line + " AS x FROM rows r" +
               (current ? " JOIN row_keys k ON k.id = r.id" : "") + " ORDER BY r.id)";
    }

    /// A rows column of amounts (`amount`, `quantity`) decoded, in id order: "null", or the
    /// decimal text. `legacy`: the file stores v7 amounts. Since schema v9 a whole quantity is
    /// an integer.
    static std::vector<std::string>
    storedAmounts(const std::string &path, const std::string &column, bool legacy)
    {
        const std::string query = "SELECT group_concat(CASE typeof(" + column +
                                  ") WHEN 'null' THEN '-' WHEN 'integer' "
                                  "THEN 'i' || " +
                                  column + " ELSE hex(" + column + ") END, ',') FROM (SELECT " +
                                  column + " FROM rows ORDER BY id)";
        const std::string all = sqlText(path, query.c_str());
        std::vector<std::string> out;
        size_t at = 0;
        while (at <= all.size()) {
            size_t end = all.find(',', at);
            if (end == std::string::npos)
                end = all.size();
            const std::string item = all.substr(at, end - at);
            if (item == "-") {
                out.emplace_back("null");
            } else if (item.starts_with("i")) {
                out.push_back(core::Decimal::fromInt(std::stoll(item.substr(1))).toString());
            } else {
                const QByteArray bytes = QByteArray::fromHex(QByteArray::fromStdString(item));
                const std::string_view blob(bytes.constData(), static_cast<size_t>(bytes.size()));
                auto d = legacy ? core::ledgercodec::decodeLegacyAmount(blob)
                                : core::ledgercodec::decodeAmount(blob);
                out.push_back(d ? d->toString() : "bad " + item);
            }
            at = end + 1;
        }
        return out;
    }

private:
    int m_version;
    QTemporaryDir m_dir;
    std::string m_path;
};

} // namespace unalloc::testing
