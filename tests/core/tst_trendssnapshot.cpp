// The Trends view's data: the period before a selected one (previous calendar month, else the
// same number of days), "this period vs previous" per owner against hand-computed figures,
// the owner series stacked with <unallocated> last and small owners folded, and the partial
// batches marked on the periods they cover.
#include "coretest.h"

#include "core/analysis/trendssnapshot.h"
#include "core/timeutil.h"

using namespace unalloc;
using namespace unalloc::core;
using namespace Qt::StringLiterals;
using unalloc::test::dec;

namespace {

std::int32_t day(int y, unsigned m, unsigned d)
{
    return static_cast<std::int32_t>(daysFromCivil(y, m, d));
}

std::int32_t parseDay(const QString &t)
{
    const QStringList p = t.split(QLatin1Char('-'));
    return day(p[0].toInt(), p[1].toUInt(), p[2].toUInt());
}

LabelMap team(const char *value)
{
    return LabelMap(std::vector<LabelMap::Entry>{{"team", value}});
}

/// July and August 2026: search grows, video shrinks, api is new in August, data left after
/// July, and some spend without a team. Batch 2 (August's LiteLLM rows) is partial.
CostCube sample()
{
    CostCube c;
    const auto add = [&c](LabelMap labels, std::int32_t d, const char *amount, std::int64_t batch,
                          std::int64_t rows) {
        c.addGroup(labels, "litellm", "gpt-4o", d, Currency::usd(), batch, dec(amount), rows);
    };
    add(team("search"), day(2026, 7, 3), "100", 1, 4);
    add(team("video"), day(2026, 7, 9), "50.5", 1, 2);
    add(team("data"), day(2026, 7, 30), "20", 1, 1);
    add(LabelMap(), day(2026, 7, 31), "10", 1, 1);
    add(team("search"), day(2026, 8, 1), "90", 2, 3);
    add(team("search"), day(2026, 8, 20), "60", 2, 2);
    add(team("video"), day(2026, 8, 2), "25.25", 2, 1);
    add(team("api"), day(2026, 8, 5), "25.25", 2, 1);
    add(LabelMap(), day(2026, 8, 31), "12.5", 2, 2);
    return c;
}

AttributionOptions august()
{
    AttributionOptions o;
    o.ownerKey = "team";
    o.fromDay = day(2026, 8, 1);
    o.toDay = day(2026, 9, 1);
    return o;
}

QString text(const Decimal &d)
{
    return QString::fromStdString(d.toString());
}

QString pctText(const std::optional<Decimal> &d)
{
    return d ? QString::fromStdString(d->toFixed(1)) : u"—"_s;
}

} // namespace

class TestTrendsSnapshot final : public QObject
{
    Q_OBJECT

private slots:
    void previousPeriod_data();
    void previousPeriod();
    void comparison();
    void comparisonWithoutPreviousSpend();
    void seriesStackOwnersWithUnallocatedLast_data();
    void seriesStackOwnersWithUnallocatedLast();
    void partialBatchesMarkTheirPeriods();
};

void TestTrendsSnapshot::previousPeriod_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to"); // exclusive
    QTest::addColumn<QString>("previousFrom");
    QTest::addColumn<QString>("previousTo");
    QTest::newRow("a whole month: the previous month (31 after 31 days)")
        << u"2026-08-01"_s << u"2026-09-01"_s << u"2026-07-01"_s << u"2026-08-01"_s;
    QTest::newRow("March: February, 28 days")
        << u"2026-03-01"_s << u"2026-04-01"_s << u"2026-02-01"_s << u"2026-03-01"_s;
    QTest::newRow("January: December of the year before")
        << u"2027-01-01"_s << u"2027-02-01"_s << u"2026-12-01"_s << u"2027-01-01"_s;
    QTest::newRow("a week: the seven days before")
        << u"2026-08-10"_s << u"2026-08-17"_s << u"2026-08-03"_s << u"2026-08-10"_s;
    QTest::newRow("part of a month: as many days before")
        << u"2026-08-01"_s << u"2026-08-11"_s << u"2026-07-22"_s << u"2026-08-01"_s;
    QTest::newRow("a quarter: the quarter before, not 92 days")
        << u"2026-07-01"_s << u"2026-10-01"_s << u"2026-04-01"_s << u"2026-07-01"_s;
    QTest::newRow("two months across the new year")
        << u"2027-01-01"_s << u"2027-03-01"_s << u"2026-11-01"_s << u"2027-01-01"_s;
    QTest::newRow("from the 1st to mid-month: as many days")
        << u"2026-03-01"_s << u"2026-03-16"_s << u"2026-02-14"_s << u"2026-03-01"_s;
    QTest::newRow("one day: the day before")
        << u"2026-03-01"_s << u"2026-03-02"_s << u"2026-02-28"_s << u"2026-03-01"_s;
}

void TestTrendsSnapshot::previousPeriod()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, previousFrom);
    QFETCH(QString, previousTo);
    const DayWindow p = core::previousPeriod({parseDay(from), parseDay(to)});
    QCOMPARE(QString::fromStdString(dayText(p.fromDay)), previousFrom);
    QCOMPARE(QString::fromStdString(dayText(p.toDay)), previousTo);
}

void TestTrendsSnapshot::comparison()
{
    const CostCube cube = sample();
    auto c = comparePeriods(cube, august(), {day(2026, 8, 1), day(2026, 9, 1)});
    QVERIFY(c.has_value());
    QCOMPARE(c->previous, (DayWindow{day(2026, 7, 1), day(2026, 8, 1)}));
    // Hand-computed: August 213.00 against July 180.50.
    QCOMPARE(text(c->total), u"213.00"_s);
    QCOMPARE(text(c->previousTotal), u"180.50"_s);
    QCOMPARE(text(c->change), u"32.50"_s);
    QCOMPARE(pctText(c->changePct), u"18.0"_s); // 32.5 ÷ 180.5 = 18.005…
    struct Row
    {
        QString key, amount, previous, change, pct;
        std::int64_t rows, previousRows;
    };
    // By amount; video and api tie at 25.25: video had more before, so it comes first (the
    // key would put api first); data only before; <unallocated> last.
    const std::vector<Row> expected{
        {u"search"_s, u"150.00"_s, u"100.00"_s, u"50.00"_s, u"50.0"_s, 5, 4},
        {u"video"_s, u"25.25"_s, u"50.50"_s, u"-25.25"_s, u"-50.0"_s, 1, 2},
        {u"api"_s, u"25.25"_s, u"0.00"_s, u"25.25"_s, u"—"_s, 1, 0},
        {u"data"_s, u"0.00"_s, u"20.00"_s, u"-20.00"_s, u"-100.0"_s, 0, 1},
        {u"<unallocated>"_s, u"12.50"_s, u"10.00"_s, u"2.50"_s, u"25.0"_s, 2, 1},
    };
    QCOMPARE(c->owners.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i) {
        const OwnerChange &o = c->owners[i];
        const Row &e = expected[i];
        QCOMPARE(QString::fromStdString(o.key), e.key);
        QCOMPARE(text(o.amount), e.amount);
        QCOMPARE(text(o.previous), e.previous);
        QCOMPARE(text(o.change), e.change);
        QCOMPARE(pctText(o.changePct), e.pct);
        QCOMPARE(o.rows, e.rows);
        QCOMPARE(o.previousRows, e.previousRows);
        QCOMPARE(o.unallocated, e.key == u"<unallocated>"_s);
    }
}

void TestTrendsSnapshot::comparisonWithoutPreviousSpend()
{
    const CostCube cube = sample();
    AttributionOptions o = august();
    o.fromDay = day(2026, 7, 1);
    o.toDay = day(2026, 8, 1);
    auto c = comparePeriods(cube, o, {day(2026, 7, 1), day(2026, 8, 1)}); // June has no rows
    QVERIFY(c.has_value());
    QCOMPARE(text(c->previousTotal), u"0.00"_s);
    QVERIFY(!c->changePct.has_value());
    for (const OwnerChange &owner : c->owners) {
        QVERIFY(!owner.changePct.has_value());
        QCOMPARE(owner.change, owner.amount);
    }
}

void TestTrendsSnapshot::seriesStackOwnersWithUnallocatedLast_data()
{
    QTest::addColumn<int>("top");
    QTest::addColumn<QStringList>("keys"); // "+N" = Others folding N owners
    QTest::newRow("every owner") << 8
                                 << QStringList{u"search"_s, u"api"_s, u"video"_s,
                                                u"<unallocated>"_s};
    QTest::newRow("one fold of a single owner is not made")
        << 2 << QStringList{u"search"_s, u"api"_s, u"video"_s, u"<unallocated>"_s};
    QTest::newRow("two owners folded")
        << 1 << QStringList{u"search"_s, u"+2"_s, u"<unallocated>"_s};
}

void TestTrendsSnapshot::seriesStackOwnersWithUnallocatedLast()
{
    QFETCH(int, top);
    QFETCH(QStringList, keys);
    const CostCube cube = sample();
    auto s = trendsSnapshot(cube, august(), TrendStep::Week, {}, {}, size_t(top));
    QVERIFY(s.has_value());
    QVERIFY(!s->error);
    QCOMPARE(s->labels.front(), std::string("2026-08-01 .. 2026-08-02"));
    QCOMPARE(s->labels.back(), std::string("2026-08-31 .. 2026-08-31"));
    QStringList got;
    for (const TrendSeries &series : s->series)
        got << (series.kind == TrendSeries::Kind::Others ? u"+%1"_s.arg(series.folded)
                                                         : QString::fromStdString(series.key));
    QCOMPARE(got, keys);
    // Every period's stack adds up exactly to its report: amounts and rows.
    for (size_t i = 0; i < s->periods.size(); ++i) {
        Decimal sum;
        std::int64_t rows = 0;
        for (const TrendSeries &series : s->series) {
            sum += series.amounts[i];
            rows += series.rows[i];
        }
        QCOMPARE(sum, s->periods[i].report.total);
        QCOMPARE(rows, s->periods[i].report.rowCount);
    }
    // The tallest week is Aug 1-2 (search 90 + video 25.25); without search it is Aug 3-9
    // (api).
    QCOMPARE(text(s->largestStack()), u"115.25"_s);
    std::vector<bool> hidden(s->series.size(), false);
    hidden[0] = true;
    QCOMPARE(text(s->largestStack(hidden)), u"25.25"_s);
}

void TestTrendsSnapshot::partialBatchesMarkTheirPeriods()
{
    const CostCube cube = sample();
    ImportBatch windowed;
    windowed.id = 2;
    windowed.source = "litellm";
    windowed.windowStart = TimeUs(day(2026, 8, 10)) * kUsPerDay;
    windowed.windowEnd = TimeUs(day(2026, 8, 18)) * kUsPerDay;
    SliceCompleteness partial;
    partial.partial.push_back({2, "litellm", "spend.json", BatchStatus::Partial, "has_more"});
    // With a window: the weeks of Aug 10-17 (two weeks), whatever the rows say.
    auto s = trendsSnapshot(cube, august(), TrendStep::Week, partial, {windowed});
    QVERIFY(s.has_value());
    std::vector<int> marked;
    for (size_t i = 0; i < s->partial.size(); ++i)
        if (!s->partial[i].empty())
            marked.push_back(int(i));
    QCOMPARE(marked, (std::vector<int>{2, 3}));
    QCOMPARE(s->partial[2].front().id, std::int64_t(2));
    // Without a window: the periods of its rows in the slice (Aug 1, 2, 5, 20, 31).
    ImportBatch bare = windowed;
    bare.windowStart.reset();
    bare.windowEnd.reset();
    s = trendsSnapshot(cube, august(), TrendStep::Week, partial, {bare});
    QVERIFY(s.has_value());
    marked.clear();
    for (size_t i = 0; i < s->partial.size(); ++i)
        if (!s->partial[i].empty())
            marked.push_back(int(i));
    QCOMPARE(marked, (std::vector<int>{0, 1, 3, 5}));
}

QTEST_GUILESS_MAIN(TestTrendsSnapshot)
#include "tst_trendssnapshot.moc"
