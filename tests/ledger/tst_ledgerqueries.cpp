// The ledger's read side: lazy row windows, the aggregate cube, and meter splits.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

#include <algorithm>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

const char *const kTeams[] = {"search", "ads", "", "Platform"};

/// A record key of one of the forms schema v9 stores (rowcodes::packKey): packed response ids
/// and uuids, and texts that sort among them ("Chatcmpl-", "req_", an upper-case uuid).
std::string recordKey(int i)
{
    char uuid[40];
    std::snprintf(uuid, sizeof uuid, "%08x-%04x-4%03x-a%03x-%012x", 0x9e3779b9u * unsigned(i),
                  i * 7 % 65536, i % 4096, (i * 13) % 4096, i * 977);
    const std::string n = std::to_string(i);
    switch (i % 7) {
    case 0:
        return "k" + n;
    case 1:
        return "chatcmpl-" + n;
    case 2:
        return "msg_" + n;
    case 3:
        return uuid;
    case 4:
        return "req_" + n;
    case 5:
        return QString::fromLatin1(uuid).toUpper().toStdString();
    default:
        return "Chatcmpl-" + n;
    }
}

/// 300 rows over three sources, ten days, four label sets; amounts with ties; record keys of
/// every stored form.
std::vector<core::CostRow> sampleRows()
{
    std::vector<core::CostRow> rows;
    const char *sources[] = {"litellm", "opencost", "openai"};
    for (int i = 0; i < 300; ++i) {
        const std::string amount =
            std::to_string((i * 37) % 101 - 20) + ".0" + std::to_string(i % 10);
        core::CostRow r = makeRow(recordKey(i), amount, i % 10, kTeams[i % 4], sources[i % 3]);
        r.name = "object-" + std::to_string(i % 7);
        rows.push_back(r);
    }
    return rows;
}

std::unique_ptr<core::LedgerStore> sampleLedger(const QTemporaryDir &dir)
{
    auto l = core::LedgerStore::create(dir.filePath(QStringLiteral("q.unalloc")).toStdString());
    auto txn = (*l)->beginImport();
    core::ImportBatch meta;
    meta.source = "mixed";
    (*txn)->beginBatch(meta).value();
    for (const core::CostRow &r : sampleRows())
        (*txn)->addRow(r).value();
    (*txn)->endBatch(meta).value();
    (*txn)->commit().value();
    return std::move(*l);
}

std::vector<std::string> keys(const std::vector<core::LedgerRow> &rows)
{
    std::vector<std::string> out;
    for (const auto &r : rows)
        out.push_back(r.row.recordKey);
    return out;
}

} // namespace

class TestLedgerQueries final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void windows_data();
    void windows();
    void counts_data();
    void counts();
    void keysetPages_data();
    void keysetPages();
    void pageIndexCancels();
    void cubeMatchesRows();
    void rawSpellingsMeetInTheCube_data();
    void rawSpellingsMeetInTheCube();
    void splitAndRestore();
    void badSplits();
    void labelSetsWithKey_data();
    void labelSetsWithKey();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<core::LedgerStore> m_ledger;
    std::vector<core::LedgerRow> m_all; ///< every row, by id
};

void TestLedgerQueries::initTestCase()
{
    m_ledger = sampleLedger(m_dir);
    m_all = m_ledger->rows({}, core::LedgerSort::Batch, true, 0, 1000).value();
    QCOMPARE(m_all.size(), size_t(300));
    for (size_t i = 0; i < m_all.size(); ++i)
        QCOMPARE(m_all[i].row.recordKey, recordKey(int(i)));
}

void TestLedgerQueries::windows_data()
{
    QTest::addColumn<int>("sort");
    QTest::addColumn<bool>("ascending");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("limit");
    for (int s = 0; s <= int(core::LedgerSort::Batch); ++s)
        for (bool asc : {true, false})
            for (auto [off, lim] : {std::pair{0, 25}, std::pair{137, 40}, std::pair{290, 50}}) {
                const std::string name = "sort " + std::to_string(s) + (asc ? " asc" : " desc") +
                                         " @" + std::to_string(off);
                QTest::newRow(name.c_str()) << s << asc << off << lim;
            }
}

void TestLedgerQueries::windows()
{
    QFETCH(int, sort);
    QFETCH(bool, ascending);
    QFETCH(int, offset);
    QFETCH(int, limit);
    // Reference: the same order computed in memory, ties broken by id.
    std::vector<core::LedgerRow> ref = m_all;
    auto key = [sort](const core::LedgerRow &r) {
        switch (core::LedgerSort(sort)) {
        case core::LedgerSort::Start:
            return std::to_string(r.row.start + 1'000'000'000'000'000'000LL);
        case core::LedgerSort::Source:
            return r.row.source + "\x01" + r.row.recordKey;
        case core::LedgerSort::Name:
            return r.row.name;
        case core::LedgerSort::Amount:
            return std::string();
        case core::LedgerSort::Batch:
            return std::to_string(r.row.batchId);
        }
        return std::string();
    };
    std::stable_sort(ref.begin(), ref.end(),
                     [&](const core::LedgerRow &a, const core::LedgerRow &b) {
                         if (core::LedgerSort(sort) == core::LedgerSort::Amount &&
                             a.row.amount.amount != b.row.amount.amount)
                             return ascending ? a.row.amount.amount < b.row.amount.amount
                                              : b.row.amount.amount < a.row.amount.amount;
                         const auto ka = key(a), kb = key(b);
                         if (ka != kb)
                             return ascending ? ka < kb : kb < ka;
                         return ascending ? a.id < b.id : b.id < a.id;
                     });
    const size_t end = std::min(ref.size(), size_t(offset + limit));
    const std::vector<core::LedgerRow> expected(ref.begin() + offset, ref.begin() + end);
    auto got = m_ledger->rows({}, core::LedgerSort(sort), ascending, offset, limit);
    QVERIFY(got.has_value());
    QCOMPARE(keys(*got), keys(expected));
}

void TestLedgerQueries::counts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<int>("toDay");
    QTest::newRow("everything") << QString() << QStringList() << -1 << -1;
    QTest::newRow("one source") << QString() << QStringList{QStringLiteral("opencost")} << -1 << -1;
    QTest::newRow("days 2..5") << QString() << QStringList() << 2 << 5;
    QTest::newRow("label value, any case") << QStringLiteral("PLAT") << QStringList() << -1 << -1;
    QTest::newRow("name text") << QStringLiteral("object-3") << QStringList() << -1 << -1;
    QTest::newRow("combined") << QStringLiteral("search") << QStringList{QStringLiteral("litellm")}
                              << 0 << 7;
}

void TestLedgerQueries::counts()
{
    QFETCH(QString, text);
    QFETCH(QStringList, sources);
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    const core::TimeUs base = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    core::LedgerRowFilter f;
    f.text = text.toStdString();
    for (const QString &s : sources)
        f.sources.insert(s.toStdString());
    if (fromDay >= 0)
        f.from = base + fromDay * core::kUsPerDay;
    if (toDay >= 0)
        f.to = base + toDay * core::kUsPerDay;
    std::vector<std::string> expected;
    const std::string needle = text.toLower().toStdString();
    for (const auto &r : m_all) {
        if (f.from && r.row.start < *f.from)
            continue;
        if (f.to && r.row.start >= *f.to)
            continue;
        if (!f.sources.empty() && !f.sources.contains(r.row.source))
            continue;
        bool match = needle.empty() || r.row.name.find(needle) != std::string::npos ||
                     r.row.source.find(needle) != std::string::npos;
        for (const auto &[k, v] : r.row.labels.entries())
            match = match || QString::fromStdString(v).toLower().toStdString().find(needle) !=
                                 std::string::npos;
        if (match)
            expected.push_back(r.row.recordKey);
    }
    QCOMPARE(m_ledger->rowCount(f).value(), std::int64_t(expected.size()));
    auto got = m_ledger->rows(f, core::LedgerSort::Batch, true, 0, 1000);
    QVERIFY(got.has_value());
    QCOMPARE(keys(*got), expected);
}

void TestLedgerQueries::keysetPages_data()
{
    QTest::addColumn<int>("sort");
    QTest::addColumn<bool>("ascending");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<int>("pageRows");
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<int>("toDay");
    const char *names[] = {"start", "source", "name", "amount", "batch"};
    for (int s = 0; s <= int(core::LedgerSort::Batch); ++s) {
        for (bool asc : {true, false}) {
            const std::string base = std::string(names[s]) + (asc ? " asc" : " desc");
            // Every row is in one batch and there are 7 names, 10 days: long runs of ties.
            QTest::newRow((base + ", all rows").c_str())
                << s << asc << QString() << QStringList() << 16 << -1 << -1;
            QTest::newRow((base + ", one row a page").c_str())
                << s << asc << QString() << QStringList() << 1 << -1 << -1;
            QTest::newRow((base + ", text and source filter").c_str())
                << s << asc << QStringLiteral("search") << QStringList{QStringLiteral("litellm")}
                << 7 << -1 << -1;
            QTest::newRow((base + ", label filter, one page").c_str())
                << s << asc << QStringLiteral("PLAT") << QStringList() << 500 << -1 << -1;
            QTest::newRow((base + ", nothing matches").c_str())
                << s << asc << QStringLiteral("no such text") << QStringList() << 16 << -1 << -1;
            QTest::newRow((base + ", days 2..5").c_str())
                << s << asc << QString() << QStringList() << 16 << 2 << 5;
            // A period around every row leaves the pass unfiltered.
            QTest::newRow((base + ", period covers the ledger").c_str())
                << s << asc << QString() << QStringList() << 32 << -3 << 40;
        }
    }
}

void TestLedgerQueries::keysetPages()
{
    QFETCH(int, sort);
    QFETCH(bool, ascending);
    QFETCH(QString, text);
    QFETCH(QStringList, sources);
    QFETCH(int, pageRows);
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    core::LedgerRowFilter f;
    f.text = text.toStdString();
    const core::TimeUs base = core::daysFromCivil(2026, 8, 1) * core::kUsPerDay;
    if (fromDay != -1)
        f.from = base + fromDay * core::kUsPerDay;
    if (toDay != -1)
        f.to = base + toDay * core::kUsPerDay;
    for (const QString &source : sources)
        f.sources.insert(source.toStdString());
    const auto order = core::LedgerSort(sort);
    // The OFFSET windows are the reference.
    const auto all = m_ledger->rows(f, order, ascending, 0, 1000).value();
    QCOMPARE(m_ledger->rowCount(f).value(), std::int64_t(all.size()));
    auto index = m_ledger->pageIndex(f, order, ascending, pageRows);
    QVERIFY2(index, index ? "" : index.error().message().c_str());
    QCOMPARE(index->rows, std::int64_t(all.size()));
    QCOMPARE(index->pageStarts.size(), (all.size() + size_t(pageRows) - 1) / size_t(pageRows));
    for (size_t p = 0; p < index->pageStarts.size(); ++p) {
        const core::LedgerRow &first = all[p * size_t(pageRows)];
        QCOMPARE(index->pageStarts[p], core::ledgerRowKey(first, order, ascending, false));
        const auto window =
            m_ledger->rows(f, order, ascending, std::int64_t(p) * pageRows, pageRows).value();
        auto page = m_ledger->rowsFrom(f, order, ascending, index->pageStarts[p], pageRows);
        QVERIFY2(page, page ? "" : page.error().message().c_str());
        QCOMPARE(keys(*page), keys(window));
        // Continuing after a page's last row gives the next page.
        const auto next =
            m_ledger->rowsFrom(f, order, ascending,
                               core::ledgerRowKey(page->back(), order, ascending, true), pageRows);
        QVERIFY(next.has_value());
        QCOMPARE(keys(*next),
                 keys(m_ledger->rows(f, order, ascending, std::int64_t(p + 1) * pageRows, pageRows)
                          .value()));
    }
    // No key: the first rows.
    QCOMPARE(keys(m_ledger->rowsFrom(f, order, ascending, {}, 5).value()),
             keys(m_ledger->rows(f, order, ascending, 0, 5).value()));
    // The first rows of each order ran without its index (a new ledger has none); the rest
    // run with it, as the ledger table does.
    QVERIFY(m_ledger->ensureSortIndex(order).has_value());
    QVERIFY(m_ledger->ensureSortIndex(core::LedgerSort::Start).has_value());
}

void TestLedgerQueries::pageIndexCancels()
{
    int asked = 0;
    auto index = m_ledger->pageIndex({}, core::LedgerSort::Amount, false, 10,
                                     [&asked] { return ++asked < 1; });
    QVERIFY(!index.has_value());
    QCOMPARE(index.error().code, std::string("cancelled"));
    // A key of another order is an error, not a wrong window.
    core::LedgerRowKey key;
    key.values.emplace_back(std::int64_t(3));
    QVERIFY(!m_ledger->rowsFrom({}, core::LedgerSort::Name, true, key, 5).has_value());
}

void TestLedgerQueries::cubeMatchesRows()
{
    auto cube = m_ledger->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->rowCount(), std::int64_t(300));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(*m_ledger)));
    QVERIFY(m_ledger->checkIntegrity().has_value());
}

void TestLedgerQueries::rawSpellingsMeetInTheCube_data()
{
    // Rows as "team raw-key" in import order: sets of one team are equal in the cube whatever
    // raw key spelled them (stored apart: a stored set keeps its raw labels). The load appends
    // a key sequence's sets unsought until a second spelling shows; from then on each is looked
    // up, the earlier ones included.
    QTest::addColumn<QStringList>("rows");
    QTest::addColumn<int>("sets");
    QTest::newRow("one spelling") << QStringList{QStringLiteral("a team"), QStringLiteral("b team"),
                                                 QStringLiteral("c team")}
                                  << 3;
    QTest::newRow("second spelling meets the first")
        << QStringList{QStringLiteral("a team"), QStringLiteral("b team"), QStringLiteral("b Team")}
        << 2;
    QTest::newRow("first spelling meets the second")
        << QStringList{QStringLiteral("a team"), QStringLiteral("b Team"), QStringLiteral("c Team"),
                       QStringLiteral("c team"), QStringLiteral("a Team")}
        << 3;
    QTest::newRow("three spellings")
        << QStringList{QStringLiteral("a team"), QStringLiteral("a squad"),
                       QStringLiteral("b owner"), QStringLiteral("b team"),
                       QStringLiteral("a owner")}
        << 2;
    QTest::newRow("other keys stay apart")
        << QStringList{QStringLiteral("a team"), QStringLiteral("a env"), QStringLiteral("a Team"),
                       QStringLiteral("a Env")}
        << 2;
}

void TestLedgerQueries::rawSpellingsMeetInTheCube()
{
    QFETCH(QStringList, rows);
    QFETCH(int, sets);
    QTemporaryDir dir;
    auto l = createLedger(dir);
    std::vector<core::CostRow> in;
    for (const QString &spec : rows) {
        const QStringList parts = spec.split(QLatin1Char(' '));
        const std::string value = parts[0].toStdString(), raw = parts[1].toStdString();
        core::CostRow r = makeRow("k" + std::to_string(in.size()), "1.25", 0, value);
        const std::string key = raw == "env" || raw == "Env" ? "env" : "team";
        r.labels = core::LabelMap({{key, value}});
        r.rawLabels = {{raw, value}};
        in.push_back(r);
    }
    importRows(*l, in);
    QCOMPARE(sqlCount(l->path(), "SELECT sum(sets) FROM label_chunks"), std::int64_t(rows.size()));
    auto cube = l->loadCube();
    QVERIFY(cube.has_value());
    QCOMPARE(cube->labelSets().size(), size_t(sets));
    QCOMPARE(dumpCube(*cube), dumpCube(cubeFromRows(*l)));
}

void TestLedgerQueries::splitAndRestore()
{
    QTemporaryDir dir;
    auto l = sampleLedger(dir);
    const auto before = dumpCube(l->loadCube().value());
    const auto contentBefore = l->rowCount({}).value();
    const core::LedgerRow pod = l->rows({}, core::LedgerSort::Batch, true, 5, 1).value().front();
    std::vector<core::CostRow> parts;
    for (const char *team : {"search", "ads"}) {
        core::CostRow p = pod.row;
        p.recordKey.clear();
        p.labels = core::LabelMap(std::vector<core::LabelMap::Entry>{{"team", team}});
        p.rawLabels = {{"team", team}};
        p.amount.amount = core::Decimal();
        parts.push_back(p);
    }
    // All of it to search, nothing to ads: parts must sum exactly to the pod row.
    parts[0].amount.amount = pod.row.amount.amount;
    auto id = l->applySplit(pod.id, "tokens", parts);
    QVERIFY2(id.has_value(), id ? "" : id.error().message().c_str());
    QCOMPARE(l->rowCount({}).value(), contentBefore + 2);
    const auto original = l->rowById(pod.id).value();
    QVERIFY(original->superseded);
    auto cube = l->loadCube().value();
    QCOMPARE(dumpCube(cube), dumpCube(cubeFromRows(*l)));
    QVERIFY(dumpCube(cube) != before);
    QVERIFY(l->checkIntegrity().has_value());
    const auto all = l->rows({}, core::LedgerSort::Batch, true, 0, 1000).value();
    QCOMPARE(std::count_if(all.begin(), all.end(),
                           [](const auto &r) { return r.derivedFrom == "tokens"; }),
             2);
    QCOMPARE(l->splits()->size(), size_t(1));
    QCOMPARE(l->splits()->front().parts, 2);

    QVERIFY(!l->applySplit(pod.id, "tokens", parts).has_value()); // already split
    QVERIFY(l->removeSplit(*id).has_value());
    QCOMPARE(dumpCube(l->loadCube().value()), before);
    QCOMPARE(l->rowCount({}).value(), contentBefore);
    QVERIFY(!l->rowById(pod.id).value()->superseded);
    QVERIFY(l->splits()->empty());
    QVERIFY(l->checkIntegrity().has_value());
}

void TestLedgerQueries::badSplits()
{
    QTemporaryDir dir;
    auto l = sampleLedger(dir);
    const auto content = dumpContent(l->path());
    const core::LedgerRow pod = l->rows({}, core::LedgerSort::Batch, true, 0, 1).value().front();
    core::CostRow wrong = pod.row;
    wrong.amount.amount += core::Decimal::parse("0.000000000000000001").value();
    wrong.recordKey.clear();
    auto r = l->applySplit(pod.id, "tokens", {wrong});
    QVERIFY(!r.has_value());
    QCOMPARE(r.error().code, std::string("bad-split"));
    QVERIFY(!l->applySplit(999999, "tokens", {pod.row}).has_value());
    QVERIFY(!l->removeSplit(42).has_value());
    QCOMPARE(dumpContent(l->path()), content);
}

void TestLedgerQueries::labelSetsWithKey_data()
{
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<int>("expected"); // sets visited
    // Four label sets: three teams and one without a team label; no row has a pod label.
    QTest::newRow("a key three sets hold") << QStringList{u"team"_qs} << 3;
    QTest::newRow("one of several keys") << QStringList{u"pod"_qs, u"team"_qs} << 3;
    QTest::newRow("a key no set holds") << QStringList{u"pod"_qs} << 0;
    QTest::newRow("a value is not a key") << QStringList{u"search"_qs} << 0;
    QTest::newRow("no keys") << QStringList{} << 0;
}

void TestLedgerQueries::labelSetsWithKey()
{
    QFETCH(QStringList, keys);
    QFETCH(int, expected);
    std::vector<std::string> wanted;
    for (const QString &k : keys)
        wanted.push_back(k.toStdString());
    std::vector<std::int64_t> ids;
    auto r =
        m_ledger->forEachLabelSetWithKey(wanted, [&](std::int64_t id, const core::LabelMap &l) {
            ids.push_back(id);
            QVERIFY(std::any_of(wanted.begin(), wanted.end(),
                                [&l](const std::string &k) { return l.find(k) != nullptr; }));
        });
    QVERIFY(r.has_value());
    QCOMPARE(static_cast<int>(ids.size()), expected);
    QVERIFY(std::is_sorted(ids.begin(), ids.end()));
    // The same sets as filtering every set by hand.
    std::vector<std::int64_t> all;
    QVERIFY(m_ledger
                ->forEachLabelSet([&](std::int64_t id, const core::LabelMap &l) {
                    if (std::any_of(wanted.begin(), wanted.end(),
                                    [&l](const std::string &k) { return l.find(k) != nullptr; }))
                        all.push_back(id);
                })
                .has_value());
    QCOMPARE(ids, all);
}

QTEST_GUILESS_MAIN(TestLedgerQueries)
#include "tst_ledgerqueries.moc"
