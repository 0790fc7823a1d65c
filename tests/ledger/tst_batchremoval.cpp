// Deleting, restoring and replacing an import batch: one transaction each, the aggregate and
// the label sets stay consistent with the rows, and a failed replace changes nothing.
#include "fakeadapter.h"
#include "ledgertestutil.h"

#include "adapters/import/importer.h"
#include "core/ledger/ledgerstore.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

std::string
line(const std::string &key, const std::string &amount, int day, const std::string &team)
{
    const std::string d = "2026-08-0" + std::to_string(day);
    return key + "," + amount + ",USD," + d + "T00:00:00Z," + d + "T01:00:00Z," + team;
}

class Fixture
{
public:
    Fixture()
    {
        m_ledger = std::move(*core::LedgerStore::create(path("l.unalloc")));
        m_ledger->setClock([] { return core::TimeUs(1'800'000'000'000'000); });
    }
    std::string path(const std::string &name) const
    {
        return m_dir.filePath(QString::fromStdString(name)).toStdString();
    }
    core::Result<adapters::ImportReport> import(const std::vector<std::string> &lines,
                                                std::optional<std::int64_t> replace = {})
    {
        const std::string name = "f" + std::to_string(++m_files) + ".txt";
        QFile f(QString::fromStdString(path(name)));
        f.open(QIODevice::WriteOnly);
        const std::string content = fakeFile(lines);
        f.write(content.data(), static_cast<qint64>(content.size()));
        f.close();
        adapters::ImportOptions o;
        o.detect = &detectWithFake;
        o.replaceBatch = replace;
        return adapters::importFiles(*m_ledger, {path(name)}, o);
    }
    core::LedgerStore &ledger() { return *m_ledger; }
    /// The reportable rows as "key amount", sorted.
    std::vector<std::string> keys()
    {
        std::vector<std::string> out;
        const auto rows = m_ledger->rows({}, core::LedgerSort::Name, true, 0, 1000);
        for (const auto &r : rows.value())
            out.push_back(r.row.recordKey + " " + r.row.amount.amount.toString());
        std::sort(out.begin(), out.end());
        return out;
    }
    void checkConsistent()
    {
        const auto ok = m_ledger->checkIntegrity();
        QVERIFY2(ok, ok ? "" : ok.error().message().c_str());
        QCOMPARE(dumpCube(m_ledger->loadCube().value()), dumpCube(cubeFromRows(*m_ledger)));
    }
    std::set<std::string> teamsInLabelSets()
    {
        std::set<std::string> out;
        const auto sets = m_ledger->labelSets();
        for (const auto &[id, labels] : sets.value())
            for (const auto &[k, v] : labels.entries())
                if (k == "team")
                    out.insert(v);
        return out;
    }

private:
    QTemporaryDir m_dir;
    std::unique_ptr<core::LedgerStore> m_ledger;
    int m_files = 0;
};

} // namespace

class TestBatchRemoval final : public QObject
{
    Q_OBJECT

private slots:
    void deleteTakesOutOneBatch();
    void restorePutsItBack();
    void replaceIsAtomic();
    void unknownBatchIsAnError();
};

void TestBatchRemoval::deleteTakesOutOneBatch()
{
    Fixture fx;
    QVERIFY(fx.import({line("a1", "1.50", 1, "search"), line("a2", "2.25", 2, "only-a")}));
    QVERIFY(fx.import({line("b1", "4", 1, "search"), line("a1", "1.50", 1, "search")}));
    QCOMPARE(fx.teamsInLabelSets(), (std::set<std::string>{"only-a", "search"}));
    auto removed = fx.ledger().deleteBatch(1);
    QVERIFY2(removed, removed ? "" : removed.error().message().c_str());
    QCOMPARE(removed->rows.size(), size_t(2));
    QCOMPARE(fx.keys(), (std::vector<std::string>{"b1 4.00"}));
    QCOMPARE(fx.ledger().batches().value().size(), size_t(1));
    QCOMPARE(fx.ledger().batches().value().front().id, std::int64_t(2));
    fx.checkConsistent();
    // The label set only batch 1 used is gone; the shared one stays.
    QCOMPARE(fx.teamsInLabelSets(), (std::set<std::string>{"search"}));
    // The same file again is new rows now, not duplicates.
    auto again = fx.import({line("a1", "1.50", 1, "search"), line("a2", "2.25", 2, "only-a")});
    QVERIFY(again);
    QCOMPARE(again->rowsAdded(), std::int64_t(2));
    fx.checkConsistent();
}

void TestBatchRemoval::restorePutsItBack()
{
    Fixture fx;
    QVERIFY(fx.import({line("a1", "1.50", 1, "search"), line("a2", "2.25", 2, "only-a")}));
    QVERIFY(fx.import({line("b1", "4", 1, "search")}));
    const auto before = fx.keys();
    const auto cubeBefore = dumpCube(fx.ledger().loadCube().value(), false);
    auto removed = fx.ledger().deleteBatch(1);
    QVERIFY(removed);
    auto id = fx.ledger().restoreBatch(*removed);
    QVERIFY2(id, id ? "" : id.error().message().c_str());
    QCOMPARE(fx.keys(), before);
    QCOMPARE(dumpCube(fx.ledger().loadCube().value(), false), cubeBefore);
    fx.checkConsistent();
    const auto batches = fx.ledger().batches().value();
    QCOMPARE(batches.size(), size_t(2));
    QCOMPARE(batches[1].origin, removed->record.batch.origin);
}

void TestBatchRemoval::replaceIsAtomic()
{
    Fixture fx;
    QVERIFY(fx.import({line("a1", "1.50", 1, "search")}));
    QVERIFY(fx.import({line("b1", "4", 1, "search")}));
    // A corrected export takes batch 1's place in one transaction.
    auto replaced = fx.import({line("a1", "1.75", 1, "search"), line("a3", "3", 3, "x")}, 1);
    QVERIFY2(replaced, replaced ? "" : replaced.error().message().c_str());
    QCOMPARE(replaced->rowsAdded(), std::int64_t(2));
    QCOMPARE(fx.keys(), (std::vector<std::string>{"a1 1.75", "a3 3.00", "b1 4.00"}));
    fx.checkConsistent();
    // A bad replacement file leaves the ledger as it was: the old batch stays.
    const auto before = fx.keys();
    QVERIFY(!fx.import({line("b1", "5", 1, "search"), "FAIL broken record"}, 2));
    QCOMPARE(fx.keys(), before);
    QCOMPARE(fx.ledger().batches().value().size(), size_t(2));
    fx.checkConsistent();
}

void TestBatchRemoval::unknownBatchIsAnError()
{
    Fixture fx;
    QVERIFY(fx.import({line("a1", "1.50", 1, "search")}));
    auto removed = fx.ledger().deleteBatch(7);
    QVERIFY(!removed);
    QCOMPARE(removed.error().code, std::string("no-such-batch"));
    QVERIFY(!fx.import({line("c1", "1", 1, "x")}, 7));
    QCOMPARE(fx.keys(), (std::vector<std::string>{"a1 1.50"}));
}

QTEST_GUILESS_MAIN(TestBatchRemoval)
#include "tst_batchremoval.moc"
