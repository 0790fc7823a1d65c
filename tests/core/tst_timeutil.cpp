// ISO-8601 timestamps into UTC microseconds; bad text is an error, never "now".
#include "coretest.h"

#include "core/timeutil.h"

using namespace unalloc::core;
using unalloc::test::bytes;

namespace {
/// 2026-08-01T00:00:00Z
constexpr TimeUs kAug1 = 20'666LL * kUsPerDay;
constexpr TimeUs kHour = 3600 * kUsPerSecond;
} // namespace

class TestTimeUtil final : public QObject
{
    Q_OBJECT

private slots:
    void parses_data();
    void parses();
    void rejects_data();
    void rejects();
    void unixSeconds_data();
    void unixSeconds();
    void formats_data();
    void formats();
    void dayIndexFloors();
};

void TestTimeUtil::parses_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("expected");
    const auto row = [](const char *name, const char *text, TimeUs t) {
        QTest::newRow(name) << QByteArray(text) << qint64(t);
    };
    row("date only", "2026-08-01", kAug1);
    row("Z", "2026-08-01T00:00:00Z", kAug1);
    row("lower-case t and z", "2026-08-01t01:00:00z", kAug1 + kHour);
    row("no zone is UTC", "2026-08-01T12:34:56",
        kAug1 + 12 * kHour + (34 * 60 + 56) * kUsPerSecond);
    row("space separator", "2026-08-01 12:00:00", kAug1 + 12 * kHour);
    row("no seconds", "2026-08-01T12:30Z", kAug1 + 12 * kHour + 30 * 60 * kUsPerSecond);
    row("microseconds", "2026-08-01T00:00:00.123456Z", kAug1 + 123'456);
    row("tenths", "2026-08-01T00:00:00.5Z", kAug1 + 500'000);
    row("nanoseconds truncate", "2026-08-01T00:00:00.123456789Z", kAug1 + 123'456);
    row("offset +02:00", "2026-08-01T12:00:00+02:00", kAug1 + 10 * kHour);
    row("offset -05:30", "2026-08-01T12:00:00-05:30", kAug1 + 17 * kHour + 30 * 60 * kUsPerSecond);
    row("offset +0200", "2026-08-01T12:00:00+0200", kAug1 + 10 * kHour);
    row("offset +02", "2026-08-01T12:00:00+02", kAug1 + 10 * kHour);
    row("offset +00:00", "2026-08-01T12:00:00+00:00", kAug1 + 12 * kHour);
    row("fraction and offset", "2026-08-01T02:00:00.25+02:00", kAug1 + 250'000);
    row("offset crosses the day", "2026-08-01T01:00:00+03:00", kAug1 - 2 * kHour);
    row("leap day", "2024-02-29", 19'782LL * kUsPerDay);
    row("epoch", "1970-01-01T00:00:00Z", 0);
    row("before the epoch", "1969-12-31T23:00:00Z", -kHour);
}

void TestTimeUtil::parses()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, expected);
    const auto t = parseTimestamp(text.toStdString());
    QVERIFY2(t.has_value(), t ? "" : t.error().detail.c_str());
    QCOMPARE(qint64(*t), expected);
}

void TestTimeUtil::rejects_data()
{
    QTest::addColumn<QByteArray>("text");
    for (const char *bad : {"",
                            "now",
                            "2026",
                            "2026-08",
                            "2026-8-1",
                            "20260801",
                            "2026-13-01",
                            "2026-00-10",
                            "2026-02-29",
                            "2026-08-32",
                            "2026-08-01T",
                            "2026-08-01X12:00",
                            "2026-08-01T12",
                            "2026-08-01T25:00:00Z",
                            "2026-08-01T12:60:00Z",
                            "2026-08-01T12:00:61Z",
                            "2026-08-01T12:00:00.Z",
                            "2026-08-01T12:00:00Zjunk",
                            "2026-08-01T12:00:00+24:00",
                            "2026-08-01T12:00:00+02:0",
                            "2026-08-01T12:00:00+2",
                            "2026-08-01T12:00:00 +02:00",
                            " 2026-08-01",
                            "2026-08-01 ",
                            "1754006400"}) {
        QTest::addRow("'%s'", bad) << QByteArray(bad);
    }
}

void TestTimeUtil::rejects()
{
    QFETCH(QByteArray, text);
    const auto t = parseTimestamp(text.toStdString());
    QVERIFY2(!t.has_value(), t ? formatTimestamp(*t).c_str() : "");
    QCOMPARE(bytes(t.error().code), QByteArray("bad-timestamp"));
}

void TestTimeUtil::unixSeconds_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qint64>("expected");
    QTest::newRow("integer") << QByteArray("1785542400") << true << qint64(kAug1);
    QTest::newRow("fraction") << QByteArray("1785542400.25") << true << qint64(kAug1 + 250'000);
    QTest::newRow("negative") << QByteArray("-1") << true << qint64(-kUsPerSecond);
    QTest::newRow("empty") << QByteArray("") << false << qint64(0);
    QTest::newRow("letters") << QByteArray("abc") << false << qint64(0);
    QTest::newRow("exponent") << QByteArray("1.7e9") << false << qint64(0);
    QTest::newRow("huge") << QByteArray("99999999999999999999") << false << qint64(0);
}

void TestTimeUtil::unixSeconds()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, ok);
    QFETCH(qint64, expected);
    const auto t = parseUnixSeconds(text.toStdString());
    QCOMPARE(t.has_value(), ok);
    if (ok)
        QCOMPARE(qint64(*t), expected);
}

void TestTimeUtil::formats_data()
{
    QTest::addColumn<qint64>("t");
    QTest::addColumn<QByteArray>("timestamp");
    QTest::addColumn<QByteArray>("date");
    QTest::newRow("midnight") << qint64(kAug1) << QByteArray("2026-08-01T00:00:00Z")
                              << QByteArray("2026-08-01");
    QTest::newRow("fraction shown")
        << qint64(kAug1 + 1) << QByteArray("2026-08-01T00:00:00.000001Z")
        << QByteArray("2026-08-01");
    QTest::newRow("last microsecond of a day")
        << qint64(kAug1 - 1) << QByteArray("2026-07-31T23:59:59.999999Z")
        << QByteArray("2026-07-31");
    QTest::newRow("before the epoch")
        << qint64(-kHour) << QByteArray("1969-12-31T23:00:00Z") << QByteArray("1969-12-31");
    QTest::newRow("every field two digits")
        << qint64(kAug1 + 13 * kHour + (7 * 60 + 9) * qint64(1'000'000) + 123'456)
        << QByteArray("2026-08-01T13:07:09.123456Z") << QByteArray("2026-08-01");
    QTest::newRow("year one") << qint64(-719'162LL * 86'400'000'000LL)
                              << QByteArray("0001-01-01T00:00:00Z") << QByteArray("0001-01-01");
    QTest::newRow("last second of 9999")
        << qint64(2'932'897LL * 86'400'000'000LL - 1'000'000) << QByteArray("9999-12-31T23:59:59Z")
        << QByteArray("9999-12-31");
}

void TestTimeUtil::formats()
{
    QFETCH(qint64, t);
    QFETCH(QByteArray, timestamp);
    QFETCH(QByteArray, date);
    QCOMPARE(bytes(formatTimestamp(t)), timestamp);
    QCOMPARE(bytes(formatDate(t)), date);
    QCOMPARE(qint64(parseTimestamp(formatTimestamp(t)).value()), t);
}

void TestTimeUtil::dayIndexFloors()
{
    QCOMPARE(dayIndex(0), std::int64_t(0));
    QCOMPARE(dayIndex(kUsPerDay - 1), std::int64_t(0));
    QCOMPARE(dayIndex(-1), std::int64_t(-1));
    QCOMPARE(dayIndex(-kUsPerDay), std::int64_t(-1));
    QCOMPARE(dayIndex(-kUsPerDay - 1), std::int64_t(-2));
    QCOMPARE(daysFromCivil(2026, 8, 1), std::int64_t(20'666));
}

QTEST_APPLESS_MAIN(TestTimeUtil)
#include "tst_timeutil.moc"
