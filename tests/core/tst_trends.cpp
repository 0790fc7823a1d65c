// Spend over time (`report --by`, the Trends view's data): periods by day, ISO week and month,
// clipped to the requested window, each row in the period its charge starts in, and the
// periods adding up exactly to the attribution of the whole slice.
#include "core/analysis/trends.h"
#include "core/timeutil.h"

#include <QTest>

using namespace unalloc;
using namespace unalloc::core;
using namespace Qt::StringLiterals;

namespace {

std::int32_t day(int y, unsigned m, unsigned d)
{
    return static_cast<std::int32_t>(daysFromCivil(y, m, d));
}

/// Rows from 2026-12-28 (a Monday) to 2027-01-12: owned, via fallback and unowned.
CostCube sample()
{
    CostCube c;
    const auto add = [&c](LabelMap labels, int y, unsigned m, unsigned d, const char *amount) {
        c.addGroup(labels, "litellm", "gpt-4o", day(y, m, d), Currency::usd(), 1,
                   *Decimal::parse(amount), 1);
    };
    add(LabelMap(std::vector<LabelMap::Entry>{{"team", "search"}}), 2026, 12, 28, "10.005");
    add(LabelMap(std::vector<LabelMap::Entry>{{"project", "p1"}}), 2026, 12, 31, "2.5");
    add(LabelMap(), 2027, 1, 1, "0.125");
    add(LabelMap(std::vector<LabelMap::Entry>{{"team", "ads"}}), 2027, 1, 4, "7");
    add(LabelMap(), 2027, 1, 12, "1.000000000000000001");
    return c;
}

} // namespace

class TestTrends final : public QObject
{
    Q_OBJECT

private slots:
    void periods_data();
    void periods();
    void stepNames();
};

void TestTrends::periods_data()
{
    QTest::addColumn<QString>("step");
    QTest::addColumn<QString>("from"); // "" = no --from
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("labels");
    QTest::addColumn<QStringList>("totals");
    QTest::newRow("months across the new year")
        << u"month"_s << u""_s << u""_s << QStringList{u"2026-12"_s, u"2027-01"_s}
        << QStringList{u"12.505"_s, u"8.125000000000000001"_s};
    QTest::newRow("ISO weeks start on Monday")
        << u"week"_s << u""_s << u""_s
        << QStringList{u"2026-12-28 .. 2027-01-03"_s, u"2027-01-04 .. 2027-01-10"_s,
                       u"2027-01-11 .. 2027-01-17"_s}
        << QStringList{u"12.63"_s, u"7.00"_s, u"1.000000000000000001"_s};
    QTest::newRow("a week clipped by --from and --to")
        << u"week"_s << u"2026-12-30"_s << u"2027-01-05"_s
        << QStringList{u"2026-12-30 .. 2027-01-03"_s, u"2027-01-04 .. 2027-01-04"_s}
        << QStringList{u"2.625"_s, u"7.00"_s};
    QTest::newRow("days keep the days without rows")
        << u"day"_s << u"2027-01-01"_s << u"2027-01-05"_s
        << QStringList{u"2027-01-01"_s, u"2027-01-02"_s, u"2027-01-03"_s, u"2027-01-04"_s}
        << QStringList{u"0.125"_s, u"0.00"_s, u"0.00"_s, u"7.00"_s};
    QTest::newRow("a month clipped to its part in the window")
        << u"month"_s << u"2026-12-31"_s << u""_s
        << QStringList{u"2026-12-31 .. 2026-12-31"_s, u"2027-01"_s}
        << QStringList{u"2.50"_s, u"8.125000000000000001"_s};
}

void TestTrends::periods()
{
    QFETCH(QString, step);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QStringList, labels);
    QFETCH(QStringList, totals);
    const CostCube cube = sample();
    AttributionOptions o;
    o.ownerKey = "team";
    o.fallbacks = {"project"};
    const auto parseDay = [](const QString &t) {
        const QStringList p = t.split(QLatin1Char('-'));
        return day(p[0].toInt(), p[1].toUInt(), p[2].toUInt());
    };
    if (!from.isEmpty())
        o.fromDay = parseDay(from);
    if (!to.isEmpty())
        o.toDay = parseDay(to);
    const auto s = parseTrendStep(step.toStdString());
    QVERIFY(s.has_value());
    auto periods = spendOverTime(cube, o, *s);
    QVERIFY(periods.has_value());
    QCOMPARE(periods->size(), size_t(labels.size()));
    Decimal sum, unallocated, fallback;
    std::int64_t rows = 0;
    for (size_t i = 0; i < periods->size(); ++i) {
        const TrendPeriod &p = (*periods)[i];
        QCOMPARE(QString::fromStdString(periodLabel(p, *s)), labels[qsizetype(i)]);
        QCOMPARE(QString::fromStdString(p.report.total.toString()), totals[qsizetype(i)]);
        if (i > 0) // contiguous
            QCOMPARE(p.fromDay, (*periods)[i - 1].toDay);
        sum += p.report.total;
        unallocated += p.report.unallocated;
        fallback += p.report.fallbackTotal;
        rows += p.report.rowCount;
    }
    // The periods add up exactly to the whole slice: total, U and F in money, and rows.
    auto whole = attribute(cube, o);
    QVERIFY(whole.has_value());
    QCOMPARE(sum, whole->total);
    QCOMPARE(unallocated, whole->unallocated);
    QCOMPARE(fallback, whole->fallbackTotal);
    QCOMPARE(rows, whole->rowCount);
}

void TestTrends::stepNames()
{
    for (TrendStep s : {TrendStep::Day, TrendStep::Week, TrendStep::Month})
        QCOMPARE(parseTrendStep(toString(s)), std::optional<TrendStep>(s));
    QVERIFY(!parseTrendStep("year").has_value());
    QVERIFY(!parseTrendStep("").has_value());
}

QTEST_GUILESS_MAIN(TestTrends)
#include "tst_trends.moc"
