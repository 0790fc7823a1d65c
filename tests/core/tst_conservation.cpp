// Property test for attribution (DESIGN §6): on thousands of random rows, conservation holds
// exactly, buckets agree with a naive per-row oracle, and row order never matters.
#include "reportdump.h"
#include "rowbuilder.h"

#include <algorithm>
#include <map>
#include <random>

using namespace unalloc::core;

namespace {

/// Deterministic everywhere: only the engine's raw output is used (no std distributions).
class Rng
{
public:
    explicit Rng(std::uint64_t seed)
        : m_engine(seed)
    {}
    std::uint64_t below(std::uint64_t n) { return m_engine() % n; }
    bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }
    std::mt19937_64 &engine() { return m_engine; }

private:
    std::mt19937_64 m_engine;
};

/// An amount with up to 18 fractional digits, sometimes a credit.
std::string randomAmount(Rng &rng)
{
    std::string text = rng.chance(5) ? "-" : "";
    text += std::to_string(rng.below(rng.chance(10) ? 10'000'000 : 1000));
    const auto places = rng.below(19);
    if (places > 0) {
        text += '.';
        for (std::uint64_t i = 0; i < places; ++i)
            text += static_cast<char>('0' + rng.below(10));
    }
    return text;
}

RawLabels randomLabels(Rng &rng)
{
    static const char *kKeys[] = {"team",
                                  "Team",
                                  "owner",
                                  "squad",
                                  "label_team",
                                  "teamID",
                                  "project",
                                  "project_id",
                                  "workspace",
                                  "app.kubernetes.io/name",
                                  "leaderworkerset.sigs.k8s.io/name",
                                  "namespace",
                                  "env",
                                  "costCenter",
                                  "label_tag_team"};
    static const char *kValues[] = {"alpha", "beta", "gamma", "delta", "search", "ml", "  ", ""};
    RawLabels out;
    for (const char *k : kKeys) {
        if (rng.chance(18))
            out.push_back({k, kValues[rng.below(std::size(kValues))]});
    }
    return out;
}

std::vector<CostRow> randomRows(std::uint64_t seed, int count)
{
    static const char *kSources[] = {"opencost", "litellm", "openai", "anthropic", "focus"};
    Rng rng(seed);
    LabelNormaliser n;
    std::vector<CostRow> rows;
    rows.reserve(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        CostRow r;
        r.source = kSources[rng.below(std::size(kSources))];
        r.name = "obj-" + std::to_string(rng.below(50));
        r.amount = Money{Decimal::parse(randomAmount(rng)).value(), Currency::usd()};
        r.start =
            static_cast<TimeUs>(rng.below(31)) * kUsPerDay + static_cast<TimeUs>(rng.below(86'400));
        r.batchId = static_cast<std::int64_t>(rng.below(3));
        r.rawLabels = randomLabels(rng);
        r.labels = n.normalise(r.rawLabels).labels;
        rows.push_back(std::move(r));
    }
    return rows;
}

/// The definition of §6, row by row: owner = first non-empty of owner key, fallbacks.
std::map<std::string, Decimal> oracle(const std::vector<CostRow> &rows, const AttributionOptions &o)
{
    std::map<std::string, Decimal> out;
    for (const CostRow &r : rows) {
        const std::int32_t day = static_cast<std::int32_t>(dayIndex(r.start));
        if ((o.fromDay && day < *o.fromDay) || (o.toDay && day >= *o.toDay))
            continue;
        const std::string *v = r.labels.find(o.ownerKey);
        for (size_t f = 0; v == nullptr && f < o.fallbacks.size(); ++f)
            v = r.labels.find(o.fallbacks[f]);
        out[v ? *v : std::string(kUnallocated)] += r.amount.amount;
    }
    return out;
}

} // namespace

class TestConservation final : public QObject
{
    Q_OBJECT

private slots:
    void randomLedgers_data();
    void randomLedgers();
};

void TestConservation::randomLedgers_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("rows");
    QTest::addColumn<QByteArray>("owner");
    QTest::addColumn<QStringList>("fallbacks");
    QTest::addColumn<int>("fromDay"); // -1 = open
    QTest::addColumn<int>("toDay");
    const QStringList none;
    const QStringList two{QStringLiteral("project"), QStringLiteral("workspace")};
    const QStringList three{QStringLiteral("name"), QStringLiteral("namespace"),
                            QStringLiteral("project")};
    QTest::newRow("seed 1, team") << quint64(1) << 4000 << QByteArray("team") << none << -1 << -1;
    QTest::newRow("seed 2, team + project, workspace")
        << quint64(2) << 4000 << QByteArray("team") << two << -1 << -1;
    QTest::newRow("seed 3, name + 3 fallbacks")
        << quint64(3) << 4000 << QByteArray("name") << three << -1 << -1;
    QTest::newRow("seed 4, cost_center, days 5..20")
        << quint64(4) << 4000 << QByteArray("cost_center") << two << 5 << 20;
    QTest::newRow("seed 5, environment, large")
        << quint64(5) << 12000 << QByteArray("environment") << three << -1 << -1;
}

void TestConservation::randomLedgers()
{
    QFETCH(quint64, seed);
    QFETCH(int, rows);
    QFETCH(QByteArray, owner);
    QFETCH(QStringList, fallbacks);
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    AttributionOptions o;
    o.ownerKey = owner.toStdString();
    for (const QString &f : fallbacks)
        o.fallbacks.push_back(f.toStdString());
    if (fromDay >= 0)
        o.fromDay = fromDay;
    if (toDay >= 0)
        o.toDay = toDay;

    std::vector<CostRow> data = randomRows(seed, rows);
    const auto r = attribute(unalloc::test::cubeOf(data), o);
    QVERIFY(r.has_value());

    Decimal buckets, viaFallback, bySource, byKey;
    std::int64_t bucketRows = 0;
    std::map<std::string, Decimal> got;
    for (const Bucket &b : r->buckets) {
        buckets += b.amount;
        viaFallback += b.viaFallback;
        bucketRows += b.rows;
        Decimal cells;
        for (const auto &s : b.bySource)
            cells += s.amount;
        QCOMPARE(cells, b.amount);
        got[b.key] = b.amount;
    }
    for (const auto &s : r->bySource)
        bySource += s.amount;
    for (const auto &f : r->fallbackByKey)
        byKey += f.amount;
    QCOMPARE(buckets, r->total);
    QCOMPARE(bySource, r->total);
    QCOMPARE(bucketRows, r->rowCount);
    QCOMPARE(r->buckets.back().unallocated, true);
    QCOMPARE(r->buckets.back().amount, r->unallocated);
    QCOMPARE(byKey, r->fallbackTotal);
    QCOMPARE(viaFallback, r->fallbackTotal);
    QCOMPARE(r->resolution.ownerLabel + r->resolution.fallback + r->resolution.none, r->total);
    QCOMPARE(r->resolution.none, r->unallocated);
    QVERIFY(got == oracle(data, o));
    for (size_t i = 0; i + 2 < r->buckets.size(); ++i)
        QVERIFY(r->buckets[i].amount >= r->buckets[i + 1].amount);

    // The backlog sums to the unallocated bucket.
    Decimal backlogSum;
    // Keep the result alive: value() returns a reference into it.
    const auto items = backlog(unalloc::test::cubeOf(data), o);
    QVERIFY(items.has_value());
    for (const auto &item : *items)
        backlogSum += item.amount;
    QCOMPARE(backlogSum, r->unallocated);

    // A shuffled ledger, each row's raw labels reversed and normalised again by a fresh
    // normaliser, gives the identical report.
    std::shuffle(data.begin(), data.end(), std::mt19937_64(seed * 7919));
    LabelNormaliser fresh;
    for (CostRow &row : data) {
        std::reverse(row.rawLabels.begin(), row.rawLabels.end());
        row.labels = fresh.normalise(row.rawLabels).labels;
    }
    const auto shuffled = attribute(unalloc::test::cubeOf(data), o);
    QCOMPARE(unalloc::test::dump(*shuffled), unalloc::test::dump(*r));
}

QTEST_APPLESS_MAIN(TestConservation)
#include "tst_conservation.moc"
