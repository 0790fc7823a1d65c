// The SQLite import transaction: stable key fingerprints, the fingerprint set, bulk mode and
// the sort indexes it drops, label sets interned by ordinal.
#include "ledgertestutil.h"

#include "core/ledger/importtransaction.h"
#include "core/ledger/ledgercodec.h"
#include "core/ledger/ledgerschema.h"
#include "core/ledger/ledgerstore.h"
#include "core/ledger/sqliteledger.h"

#include "ledgerstorefixtures.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <map>
#include <span>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

std::vector<core::CostRow> keyedRows(const std::string &prefix, int first, int count)
{
    std::vector<core::CostRow> rows;
    for (int i = first; i < first + count; ++i)
        rows.push_back(makeRow(prefix + std::to_string(i), "1." + std::to_string(i % 100), i % 5,
                               i % 3 ? "search" : ""));
    return rows;
}

core::ImportBatch fakeMeta()
{
    core::ImportBatch meta;
    meta.source = "fake";
    meta.format = "direct";
    return meta;
}

/// A new ledger in `dir` with a fixed clock, five rows already when `priorRows` (so that an
/// import starts in exact mode), and its import tuning changed by `tune`.
std::unique_ptr<core::LedgerStore>
tunedLedger(QTemporaryDir &dir,
            bool priorRows,
            const std::function<void(core::SqliteLedger::ImportTuning &)> &tune)
{
    auto l = createLedger(dir);
    l->setClock([] { return core::TimeUs{1'790'000'000'000'000}; });
    if (priorRows)
        importRows(*l, keyedRows("k", 80, 5));
    auto &sqlite = dynamic_cast<core::SqliteLedger &>(*l);
    core::SqliteLedger::ImportTuning tuning = sqlite.importTuning();
    tune(tuning);
    sqlite.setImportTuning(tuning);
    return l;
}

/// An import with one batch (fakeMeta) open.
std::unique_ptr<core::ImportTransaction> openBatch(core::LedgerStore &ledger)
{
    auto txn = ledger.beginImport();
    if (!txn)
        qFatal("beginImport failed: %s", txn.error().message().c_str());
    if (!(*txn)->beginBatch(fakeMeta()))
        qFatal("beginBatch failed");
    return std::move(*txn);
}

} // namespace

class TestImportTransaction final : public QObject
{
    Q_OBJECT

private slots:
    void keyFingerprintIsStable_data();
    void keyFingerprintIsStable();
    void sortIndexesAreBuiltOnDemand();
    void fingerprintSet();
    void numberedRowsShareTheirLabelSet();
    void elidedLabelsNeedTheirSetFirst();
    void rollbackJournalOnlyWhenAlone_data();
    void rollbackJournalOnlyWhenAlone();
    void chunkAddsLikeOneByOne_data();
    void chunkAddsLikeOneByOne();
    void settleBuildsTheIndexAtOnce();
    void spilledRunsStoreTheSameAggregate_data();
    void spilledRunsStoreTheSameAggregate();
};

void TestImportTransaction::keyFingerprintIsStable_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("key");
    QTest::addColumn<quint64>("fp");
    // Stored in every row: these values must never change (checked against an independent
    // implementation of the definition in ledgerschema.h).
    QTest::newRow("empty") << QString() << QString() << Q_UINT64_C(9374953505845322213);
    QTest::newRow("short") << QStringLiteral("litellm") << QStringLiteral("r1")
                           << Q_UINT64_C(9721630521522794469);
    QTest::newRow("word-long source")
        << QStringLiteral("opencost") << QStringLiteral("a") << Q_UINT64_C(14321202047211969398);
    QTest::newRow("long key") << QStringLiteral("openai")
                              << QStringLiteral("chatcmpl-9f8e7d6c5b4a39281706f5e4d3c2b1a0")
                              << Q_UINT64_C(6705329291627363054);
    QTest::newRow("utf-8") << QStringLiteral("anthropic") << QStringLiteral("r\u00e9sum\u00e9")
                           << Q_UINT64_C(10428270823266634326);
}

void TestImportTransaction::keyFingerprintIsStable()
{
    QFETCH(QString, source);
    QFETCH(QString, key);
    QFETCH(quint64, fp);
    QCOMPARE(core::ledgerschema::keyFingerprint(source.toStdString(), key.toStdString()), fp);
}

void TestImportTransaction::sortIndexesAreBuiltOnDemand()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    const std::string path = l->path();
    auto &sqlite = dynamic_cast<core::SqliteLedger &>(*l);
    core::SqliteLedger::ImportTuning tuning;
    tuning.bulkRows = 10;
    sqlite.setImportTuning(tuning);
    // The length prefix keeps ("ab", "c") and ("a", "bc") apart.
    QVERIFY(core::ledgerschema::keyFingerprint("ab", "c") !=
            core::ledgerschema::keyFingerprint("a", "bc"));

    importRows(*l, keyedRows("k", 0, 30)); // bulk from the first row: the ledger was empty
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    for (core::LedgerSort sort :
         {core::LedgerSort::Start, core::LedgerSort::Source, core::LedgerSort::Name,
          core::LedgerSort::Amount, core::LedgerSort::Batch}) {
        auto before = l->rows({}, sort, false, 3, 7);
        QVERIFY(before.has_value());
        QVERIFY(l->ensureSortIndex(sort).has_value());
        QVERIFY(l->ensureSortIndex(sort).has_value()); // a no-op once it exists
        auto after = l->rows({}, sort, false, 3, 7);
        QVERIFY(after.has_value());
        QCOMPARE(after->size(), size_t(7));
        for (size_t i = 0; i < after->size(); ++i)
            QCOMPARE((*after)[i].id, (*before)[i].id);
    }
    const std::vector<std::string> all{"rows_amount", "rows_batch", "rows_fp",   "rows_name",
                                       "rows_source", "rows_split", "rows_start"};
    QCOMPARE(rowIndexes(path), all);
    QVERIFY(l->checkIntegrity().has_value());

    // A small import (5 added against 30 stored) maintains them ...
    importRows(*l, keyedRows("k", 28, 7));
    QCOMPARE(rowIndexes(path), all);
    // ... a bulk one (20 added, at least half of the 35 stored) drops them; rows_fp is back.
    core::BatchCounts counts;
    importRows(*l, keyedRows("k", 0, 55), &counts);
    QCOMPARE(counts.rowsAdded, 20);
    QCOMPARE(counts.duplicates, 35);
    QCOMPARE(rowIndexes(path), (std::vector<std::string>{"rows_fp", "rows_split"}));
    QCOMPARE(l->rowCount({}).value(), 55);
    QCOMPARE(wrongFingerprints(path), 0);
    QVERIFY(l->checkIntegrity().has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), dumpCube(cubeFromRows(*l)));

    // A read-only ledger cannot build an index, and says so.
    l.reset();
    auto ro = core::LedgerStore::open(path, true);
    QVERIFY(ro.has_value());
    auto built = (*ro)->ensureSortIndex(core::LedgerSort::Name);
    QVERIFY(!built.has_value());
    QCOMPARE(built.error().code, std::string("ledger-read-only"));
}

void TestImportTransaction::fingerprintSet()
{
    core::FingerprintSet set;
    QVERIFY(!set.contains(0));
    QVERIFY(!set.contains(42));
    // Sequential, spread and zero keys; every one is new once, then known.
    std::vector<std::uint64_t> keys{0, 1, 2, 42, ~std::uint64_t{0}};
    for (std::uint64_t i = 0; i < 200'000; ++i)
        keys.push_back(core::ledgerschema::keyFingerprint("s", std::to_string(i)));
    for (std::uint64_t i = 1; i <= 1000; ++i)
        keys.push_back(i << 40); // equal low bits
    set.reserve(1000);
    for (std::uint64_t k : keys)
        QVERIFY(set.insert(k));
    QCOMPARE(set.size(), keys.size());
    QVERIFY(set.capacity() * 7 >= set.size() * 10 - 10);
    for (std::uint64_t k : keys) {
        QVERIFY(set.contains(k));
        QVERIFY(!set.insert(k));
    }
    QVERIFY(!set.contains(3));
    QVERIFY(!set.contains(core::ledgerschema::keyFingerprint("s", "200000")));
    QCOMPARE(set.size(), keys.size());
    set.release();
    QCOMPARE(set.size(), size_t(0));
    QCOMPARE(set.capacity(), size_t(0));
    QVERIFY(!set.contains(0));
    QVERIFY(set.insert(7));
}

void TestImportTransaction::numberedRowsShareTheirLabelSet()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    importRows(*l, {makeRow("old", "1", 0, "search")}); // a set stored before
    auto txn = openBatch(*l);
    const core::ImportBatch meta = fakeMeta();
    // Ordinal 0 = team search (stored already), 1 = team ads, 2 = no team; un-numbered rows
    // (addHashedRow) mix in.
    const std::vector<std::pair<std::string, std::uint32_t>> teams = {
        {"search", 0}, {"ads", 1}, {"", 2}, {"ads", 1}, {"search", 0}, {"", 2}};
    for (size_t i = 0; i < teams.size(); ++i) {
        const core::CostRow r = makeRow("n" + std::to_string(i), "2", 0, teams[i].first);
        const std::uint64_t h =
            core::ledgercodec::hashLabelSet(r.labels, r.rawLabels, r.collisions);
        QVERIFY(txn->addNumberedRow(r, h, teams[i].second).value());
        const core::CostRow u = makeRow("u" + std::to_string(i), "3", 0, teams[i].first);
        QVERIFY(txn->addHashedRow(u, h).value());
    }
    // A row that comes without its labels (a reader's repeat) is stored with its ordinal's
    // set, whatever its stale label fields hold.
    core::CostRow elided = makeRow("e", "4", 0, "search");
    elided.labelsElided = true;
    QVERIFY(txn->addNumberedRow(elided, 0, 1).value());
    QVERIFY(txn->endBatch(meta).has_value());
    QVERIFY(txn->commit().has_value());
    QVERIFY(l->checkIntegrity().has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), dumpCube(cubeFromRows(*l)));
    const auto rows = l->rows({}, core::LedgerSort::Source, true, 0, 100).value();
    QCOMPARE(rows.size(), size_t(14));
    for (const core::LedgerRow &r : rows) {
        if (r.row.recordKey == "old")
            continue;
        if (r.row.recordKey == "e") {
            QCOMPARE(*r.row.labels.find("team"), std::string("ads"));
            continue;
        }
        const std::string team = teams[std::stoul(r.row.recordKey.substr(1))].first;
        const std::string *got = r.row.labels.find("team");
        QCOMPARE(got ? *got : std::string(), team);
    }
}

// An elided row whose ordinal the transaction has not seen cannot be stored: the import fails
// with an internal error instead of storing an empty or stale label set.
void TestImportTransaction::elidedLabelsNeedTheirSetFirst()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    auto txn = openBatch(*l);
    core::CostRow r = makeRow("a", "1", 0, "search");
    r.labelsElided = true;
    auto added = txn->addNumberedRow(r, 0, 0);
    QVERIFY(!added.has_value());
    QCOMPARE(added.error().code, std::string("internal"));
    txn.reset();
    QCOMPARE(l->rows({}, core::LedgerSort::Source, true, 0, 10).value().size(), size_t(0));
}

void TestImportTransaction::rollbackJournalOnlyWhenAlone_data()
{
    QTest::addColumn<bool>("readerOpen");
    QTest::addColumn<bool>("hasRows");
    QTest::addColumn<QString>("modeDuringImport");
    QTest::newRow("empty, alone") << false << false << QStringLiteral("delete");
    QTest::newRow("empty, a reader open") << true << false << QStringLiteral("wal");
    QTest::newRow("rows already") << false << true << QStringLiteral("wal");
}

// An import into an empty ledger runs under a rollback journal when its connection is the
// only one, and the ledger is back in WAL afterwards. With a reader open (the explorer while
// it imports) it stays in WAL, so that the reader goes on reading, without waiting.
void TestImportTransaction::rollbackJournalOnlyWhenAlone()
{
    QFETCH(bool, readerOpen);
    QFETCH(bool, hasRows);
    QFETCH(QString, modeDuringImport);
    QTemporaryDir dir;
    auto l = createLedger(dir);
    if (hasRows)
        importRows(*l, keyedRows("old", 0, 3));
    std::unique_ptr<core::LedgerStore> reader;
    if (readerOpen)
        reader = std::move(core::LedgerStore::open(l->path(), true).value());
    auto &db = dynamic_cast<core::SqliteLedger &>(*l).db();
    auto mode = [&db] {
        auto st = db.prepare("PRAGMA journal_mode");
        return st && st->step().value_or(false) ? QString::fromStdString(st->text(0)) : QString();
    };
    QElapsedTimer timer;
    timer.start();
    auto txn = openBatch(*l);
    const core::ImportBatch meta = fakeMeta();
    QVERIFY(timer.elapsed() < 2000); // never waits for the reader's lock
    QCOMPARE(mode(), modeDuringImport);
    for (const core::CostRow &r : keyedRows("k", 0, 50))
        QVERIFY(txn->addRow(r).has_value());
    if (reader)
        QCOMPARE(reader->rowCount({}).value(), 0);
    QVERIFY(txn->endBatch(meta).has_value());
    QVERIFY(txn->commit().has_value());
    txn.reset();
    QCOMPARE(mode(), QStringLiteral("wal"));
    QCOMPARE(l->rowCount({}).value(), hasRows ? 53 : 50);
    if (reader)
        QCOMPARE(reader->rowCount({}).value(), 50);
    QVERIFY(l->checkIntegrity().has_value());
}

void TestImportTransaction::chunkAddsLikeOneByOne_data()
{
    QTest::addColumn<bool>("priorRows"); // exact mode from the start instead of bulk
    QTest::addColumn<int>("badAt");      // -1, or a row without a record key
    QTest::addColumn<int>("elidedAt");   // -1, or a row without labels of a new set
    QTest::addColumn<int>("bulkRows");   // ImportTuning::bulkRows
    QTest::newRow("bulk, duplicates") << false << -1 << -1 << 100000;
    QTest::newRow("exact, duplicates") << true << -1 << -1 << 100000;
    QTest::newRow("exact turning bulk") << true << -1 << -1 << 40;
    QTest::newRow("bad row") << false << 37 << -1 << 100000;
    QTest::newRow("unknown elided set") << false << -1 << 51 << 100000;
    QTest::newRow("both, elided first") << true << 90 << 20 << 100000;
}

// addNumberedRows works a few rows ahead; what it stores, and the first error it reports,
// must be those of addNumberedRow called row by row.
void TestImportTransaction::chunkAddsLikeOneByOne()
{
    QFETCH(bool, priorRows);
    QFETCH(int, badAt);
    QFETCH(int, elidedAt);
    QFETCH(int, bulkRows);
    std::vector<core::CostRow> rows;
    std::vector<std::uint64_t> hashes;
    std::vector<std::uint32_t> ordinals;
    std::map<std::string, std::uint32_t> ordinalOfTeam;
    for (int i = 0; i < 120; ++i) {
        // Keys repeat (duplicates in the chunk and of the prior rows); teams, days and
        // currencies vary.
        const std::string team = "team-" + std::to_string(i % 7);
        core::CostRow r =
            makeRow("k" + std::to_string(i % 90), "1.0" + std::to_string(i % 9), i % 4, team);
        if (i % 5 == 0)
            r.amount.currency = core::Currency::parse("EUR").value();
        if (i == badAt)
            r.recordKey.clear();
        const auto [it, fresh] =
            ordinalOfTeam.emplace(team, static_cast<std::uint32_t>(ordinalOfTeam.size()));
        if (i == elidedAt) {
            r.labelsElided = true;
            it->second = 1000; // an ordinal nobody gave in full
        }
        hashes.push_back(core::ledgercodec::hashLabelSet(r.labels, r.rawLabels, r.collisions));
        ordinals.push_back(i == elidedAt ? 1000 : it->second);
        if (i == elidedAt)
            ordinalOfTeam.erase(it);
        rows.push_back(std::move(r));
    }
    auto run = [&](bool chunked, std::vector<std::string> &content) -> std::string {
        QTemporaryDir dir;
        auto l = tunedLedger(dir, priorRows,
                             [&](core::SqliteLedger::ImportTuning &t) { t.bulkRows = bulkRows; });
        std::string error;
        {
            auto txn = openBatch(*l);
            const core::ImportBatch meta = fakeMeta();
            if (chunked) {
                for (size_t at = 0; at < rows.size() && error.empty(); at += 50) {
                    const size_t n = std::min<size_t>(50, rows.size() - at);
                    auto r = txn->addNumberedRows(std::span(rows).subspan(at, n),
                                                  hashes.data() + at, ordinals.data() + at);
                    if (!r)
                        error = r.error().code + ": " + r.error().message();
                }
            } else {
                for (size_t i = 0; i < rows.size() && error.empty(); ++i) {
                    auto r = txn->addNumberedRow(rows[i], hashes[i], ordinals[i]);
                    if (!r)
                        error = r.error().code + ": " + r.error().message();
                }
            }
            if (error.empty()) {
                txn->endBatch(meta).value();
                txn->commit().value();
            }
        }
        l.reset();
        content = dumpContent(dir.filePath(QStringLiteral("l.unalloc")).toStdString());
        return error;
    };
    std::vector<std::string> one, chunked;
    const std::string oneError = run(false, one);
    const std::string chunkError = run(true, chunked);
    QCOMPARE(chunkError, oneError);
    QCOMPARE(oneError.empty(), badAt < 0 && elidedAt < 0);
    for (size_t i = 0; i < std::min(one.size(), chunked.size()); ++i)
        QCOMPARE(chunked[i], one[i]);
    QCOMPARE(chunked.size(), one.size());
    QVERIFY(!oneError.empty() || one.size() > 100);
    // The first bad row in row order is the one reported.
    if (elidedAt >= 0 && (badAt < 0 || elidedAt < badAt))
        QVERIFY2(oneError.starts_with("internal"), oneError.c_str());
    else if (badAt >= 0)
        QVERIFY2(oneError.starts_with("missing-key"), oneError.c_str());
}

void TestImportTransaction::spilledRunsStoreTheSameAggregate_data()
{
    QTest::addColumn<int>("groups"); // ImportTuning::aggregateGroups
    QTest::addColumn<bool>("priorRows");
    QTest::newRow("one group a run") << 1 << false;
    QTest::newRow("two") << 2 << false;
    QTest::newRow("seven, exact mode") << 7 << true;
    QTest::newRow("all but the last group") << 59 << false;
}

// A batch with more groups than the import keeps in memory spills them as sorted runs and
// merges them at its end: the ledger is the same, byte for byte, as when every group stayed in
// memory, even when a group's rows are spread over many runs.
void TestImportTransaction::spilledRunsStoreTheSameAggregate()
{
    QFETCH(int, groups);
    QFETCH(bool, priorRows);
    auto run = [&](size_t aggregateGroups) {
        QTemporaryDir dir;
        auto l = tunedLedger(dir, priorRows, [&](core::SqliteLedger::ImportTuning &t) {
            t.aggregateGroups = aggregateGroups;
        });
        auto txn = l->beginImport();
        if (!txn)
            qFatal("beginImport failed");
        // Two batches: the second starts with no runs of the first.
        for (int batch = 0; batch < 2; ++batch) {
            (*txn)->beginBatch(fakeMeta()).value();
            for (int i = 0; i < 300; ++i) {
                // 5 teams × 6 days × 2 currencies = 60 groups, each met again and again.
                core::CostRow r = makeRow("b" + std::to_string(batch) + "-" + std::to_string(i),
                                          "0.00" + std::to_string(i % 9 + 1), i % 6,
                                          "team-" + std::to_string(i % 5));
                if (i % 4 == 0)
                    r.amount.currency = core::Currency::parse("EUR").value();
                (*txn)->addRow(r).value();
            }
            (*txn)->endBatch(fakeMeta()).value();
        }
        (*txn)->commit().value();
        txn->reset();
        l.reset();
        return dumpContent(dir.filePath(QStringLiteral("l.unalloc")).toStdString());
    };
    const std::vector<std::string> inMemory = run(1000);
    const std::vector<std::string> spilled = run(static_cast<size_t>(groups));
    QVERIFY(std::count_if(inMemory.begin(), inMemory.end(), [](const std::string &line) {
                return line.starts_with("agg_segments|");
            }) == (priorRows ? 3 : 2));
    for (size_t i = 0; i < std::min(inMemory.size(), spilled.size()); ++i)
        QCOMPARE(spilled[i], inMemory[i]);
    QCOMPARE(spilled.size(), inMemory.size());
}

// settle() ends bulk mode there and then: rows_fp exists inside the transaction, and a row
// that repeats a stored key is found by it.
void TestImportTransaction::settleBuildsTheIndexAtOnce()
{
    QTemporaryDir dir;
    auto l = createLedger(dir);
    auto &db = dynamic_cast<core::SqliteLedger &>(*l).db();
    auto hasIndex = [&db] {
        return db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'rows_fp'").value();
    };
    auto txn = openBatch(*l);
    const core::ImportBatch meta = fakeMeta();
    for (const core::CostRow &r : keyedRows("k", 0, 30))
        QVERIFY(txn->addRow(r).value());
    QCOMPARE(hasIndex(), 0); // bulk: dropped until commit
    QVERIFY(txn->settle().has_value());
    QCOMPARE(hasIndex(), 1);
    QVERIFY(txn->settle().has_value()); // once is enough; again does nothing
    QVERIFY(!txn->addRow(keyedRows("k", 7, 1).front()).value()); // a duplicate
    QVERIFY(txn->addRow(keyedRows("k", 30, 1).front()).value());
    QVERIFY(txn->endBatch(meta).has_value());
    QCOMPARE(txn->counts().duplicates, std::int64_t(1));
    QVERIFY(txn->commit().has_value());
    QCOMPARE(l->rowCount({}).value(), 31);
    QVERIFY(!txn->settle().has_value()); // the import has ended
    QVERIFY(l->checkIntegrity().has_value());
}

QTEST_GUILESS_MAIN(TestImportTransaction)
#include "tst_importtransaction.moc"
