// Exact money: parsing source text, rounding, overflow, percentages (DESIGN §3).
#include "coretest.h"

#include "core/money.h"

#include <limits>

using namespace unalloc::core;
using unalloc::test::bytes;
using unalloc::test::dec;

class TestDecimal final : public QObject
{
    Q_OBJECT

private slots:
    void parseAccepts_data();
    void parseAccepts();
    void parseRejects_data();
    void parseRejects();
    void parseRounding_data();
    void parseRounding();
    void additionIsExact();
    void overflowIsAnError_data();
    void overflowIsAnError();
    void arithmeticOverflowThrows();
    void toString_data();
    void toString();
    void toFixed_data();
    void toFixed();
    void dividedByPow10_data();
    void dividedByPow10();
    void percent_data();
    void percent();
    void comparePercent_data();
    void comparePercent();
    void mulDiv_data();
    void mulDiv();
    void currency_data();
    void currency();
    void moneyAdd();
};

void TestDecimal::parseAccepts_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("canonical");
    QTest::newRow("json integer") << QByteArray("2641") << QByteArray("2641.00");
    QTest::newRow("json float with .0") << QByteArray("2641.0") << QByteArray("2641.00");
    QTest::newRow("json float trailing zero kept")
        << QByteArray("19147.10") << QByteArray("19147.10");
    QTest::newRow("json string content") << QByteArray("3204.90") << QByteArray("3204.90");
    QTest::newRow("exponent 1e-07") << QByteArray("1e-07") << QByteArray("0.0000001");
    QTest::newRow("exponent 1E+3") << QByteArray("1E+3") << QByteArray("1000.00");
    QTest::newRow("exponent with fraction") << QByteArray("1.5e2") << QByteArray("150.00");
    QTest::newRow("negative exponent on integer") << QByteArray("12345e-4") << QByteArray("1.2345");
    QTest::newRow("negative") << QByteArray("-0.5") << QByteArray("-0.50");
    QTest::newRow("leading point") << QByteArray(".5") << QByteArray("0.50");
    QTest::newRow("trailing point") << QByteArray("5.") << QByteArray("5.00");
    QTest::newRow("leading plus") << QByteArray("+7.25") << QByteArray("7.25");
    QTest::newRow("zero") << QByteArray("0") << QByteArray("0.00");
    QTest::newRow("negative zero") << QByteArray("-0.000") << QByteArray("0.00");
    QTest::newRow("zero with huge exponent") << QByteArray("0e999999") << QByteArray("0.00");
    QTest::newRow("leading zeros") << QByteArray("000123.4500") << QByteArray("123.45");
    QTest::newRow("smallest unit")
        << QByteArray("0.000000000000000001") << QByteArray("0.000000000000000001");
    QTest::newRow("1e20 fits") << QByteArray("1e20") << QByteArray("100000000000000000000.00");
    QTest::newRow("largest representable")
        << QByteArray("170141183460469231731.687303715884105727")
        << QByteArray("170141183460469231731.687303715884105727");
    QTest::newRow("large negative")
        << QByteArray("-170141183460469231731.5") << QByteArray("-170141183460469231731.50");
}

void TestDecimal::parseAccepts()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, canonical);
    bool rounded = true;
    const auto d = Decimal::parse(text.toStdString(), &rounded);
    QVERIFY2(d.has_value(), d ? "" : d.error().detail.c_str());
    QCOMPARE(bytes(d->toString()), canonical);
    QCOMPARE(rounded, false);
    // The canonical text parses back to the same value.
    QCOMPARE(Decimal::parse(d->toString()).value(), *d);
}

void TestDecimal::parseRejects_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("code");
    const QByteArray bad("bad-number");
    QTest::newRow("NaN") << QByteArray("NaN") << bad;
    QTest::newRow("nan lower") << QByteArray("nan") << bad;
    QTest::newRow("Infinity") << QByteArray("Infinity") << bad;
    QTest::newRow("-Infinity") << QByteArray("-Infinity") << bad;
    QTest::newRow("inf") << QByteArray("inf") << bad;
    QTest::newRow("empty") << QByteArray("") << bad;
    QTest::newRow("blank") << QByteArray(" ") << bad;
    QTest::newRow("two points") << QByteArray("1.2.3") << bad;
    QTest::newRow("trailing letters") << QByteArray("12abc") << bad;
    QTest::newRow("double minus") << QByteArray("--1") << bad;
    QTest::newRow("plus minus") << QByteArray("+-1") << bad;
    QTest::newRow("empty exponent") << QByteArray("1e") << bad;
    QTest::newRow("signed empty exponent") << QByteArray("1e+") << bad;
    QTest::newRow("exponent only") << QByteArray("e5") << bad;
    QTest::newRow("sign only") << QByteArray("-") << bad;
    QTest::newRow("point only") << QByteArray(".") << bad;
    QTest::newRow("leading space") << QByteArray(" 1") << bad;
    QTest::newRow("trailing space") << QByteArray("1 ") << bad;
    QTest::newRow("hex") << QByteArray("0x10") << bad;
    QTest::newRow("comma decimal") << QByteArray("1,5") << bad;
    QTest::newRow("quoted") << QByteArray("\"1.5\"") << bad;
    QTest::newRow("python bool") << QByteArray("True") << bad;
    QTest::newRow("one past the largest")
        << QByteArray("170141183460469231731.687303715884105728") << QByteArray("overflow");
    QTest::newRow("1e21") << QByteArray("1e21") << QByteArray("overflow");
    QTest::newRow("huge exponent") << QByteArray("1e99999999999") << QByteArray("overflow");
    QTest::newRow("many integer digits")
        << QByteArray("1234567890123456789012345678901234567890") << QByteArray("overflow");
}

void TestDecimal::parseRejects()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, code);
    const auto d = Decimal::parse(text.toStdString());
    QVERIFY2(!d.has_value(), d ? d->toString().c_str() : "");
    QCOMPARE(bytes(d.error().code), code);
}

void TestDecimal::parseRounding_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("canonical");
    QTest::addColumn<bool>("rounded");
    QTest::newRow("18 digits exact")
        << QByteArray("0.123456789012345678") << QByteArray("0.123456789012345678") << false;
    QTest::newRow("19 digits, trailing zero")
        << QByteArray("0.1234567890123456780") << QByteArray("0.123456789012345678") << false;
    QTest::newRow("19 digits round up")
        << QByteArray("0.1234567890123456789") << QByteArray("0.123456789012345679") << true;
    QTest::newRow("19 digits round down")
        << QByteArray("0.1234567890123456781") << QByteArray("0.123456789012345678") << true;
    QTest::newRow("half to even (down)")
        << QByteArray("0.0000000000000000025") << QByteArray("0.000000000000000002") << true;
    QTest::newRow("half to even (up)")
        << QByteArray("0.0000000000000000035") << QByteArray("0.000000000000000004") << true;
    QTest::newRow("above half") << QByteArray("0.00000000000000000250001")
                                << QByteArray("0.000000000000000003") << true;
    QTest::newRow("negative half to even")
        << QByteArray("-0.0000000000000000025") << QByteArray("-0.000000000000000002") << true;
    QTest::newRow("half of the smallest unit is zero")
        << QByteArray("5e-19") << QByteArray("0.00") << true;
    QTest::newRow("just above half a unit")
        << QByteArray("5.1e-19") << QByteArray("0.000000000000000001") << true;
    QTest::newRow("1.5 units via exponent")
        << QByteArray("1.5e-18") << QByteArray("0.000000000000000002") << true;
    QTest::newRow("far below a unit") << QByteArray("1e-40") << QByteArray("0.00") << true;
    QTest::newRow("extreme negative exponent")
        << QByteArray("7e-99999") << QByteArray("0.00") << true;
    QTest::newRow("carry into integer")
        << QByteArray("0.9999999999999999999") << QByteArray("1.00") << true;
}

void TestDecimal::parseRounding()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, canonical);
    QFETCH(bool, rounded);
    bool flag = !rounded;
    const auto d = Decimal::parse(text.toStdString(), &flag);
    QVERIFY(d.has_value());
    QCOMPARE(bytes(d->toString()), canonical);
    QCOMPARE(flag, rounded);
}

void TestDecimal::additionIsExact()
{
    QCOMPARE(dec("0.1") + dec("0.2"), dec("0.3"));
    QCOMPARE(dec("9961.12") + dec("2641.0"), dec("12602.12"));
    QCOMPARE(dec("19147.1") + dec("4598.5") + dec("6070.0"), dec("29815.6"));
    Decimal tenth;
    for (int i = 0; i < 10; ++i)
        tenth += dec("0.1");
    QCOMPARE(tenth, Decimal::fromInt(1));
    QCOMPARE(dec("0.3") - dec("0.1"), dec("0.2"));
    QCOMPARE(dec("1.25").times(-4), dec("-5"));
}

void TestDecimal::overflowIsAnError_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::newRow("max + 1 unit") << QByteArray("170141183460469231731.687303715884105727")
                                  << QByteArray("0.000000000000000001");
    QTest::newRow("two large halves")
        << QByteArray("100000000000000000000") << QByteArray("80000000000000000000");
    QTest::newRow("large negatives")
        << QByteArray("-100000000000000000000") << QByteArray("-80000000000000000000");
}

void TestDecimal::overflowIsAnError()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    const Decimal x = dec(a.constData());
    const Decimal y = dec(b.constData());
    QCOMPARE(x.checkedAdd(y).has_value(), false);
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, x + y);
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, x - (-y));
    const auto sum = add(Money{x, Currency::usd()}, Money{y, Currency::usd()});
    QVERIFY(!sum.has_value());
    QCOMPARE(bytes(sum.error().code), QByteArray("overflow"));
}

void TestDecimal::arithmeticOverflowThrows()
{
    const Decimal max = Decimal::fromUnits(std::numeric_limits<Decimal::Units>::max());
    const Decimal min = Decimal::fromUnits(std::numeric_limits<Decimal::Units>::min());
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, -min);
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, max.times(2));
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, min - dec("0.000000000000000001"));
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, Decimal::mulDiv(max, max, dec("1")));
    QVERIFY_THROWS_EXCEPTION(DecimalOverflow, Decimal::mulDiv(dec("1"), dec("1"), Decimal()));
    QCOMPARE(max.checkedAdd(min).value(), dec("-0.000000000000000001"));
}

void TestDecimal::toString_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("zero") << QByteArray("0") << QByteArray("0.00");
    QTest::newRow("two places") << QByteArray("66630.38") << QByteArray("66630.38");
    QTest::newRow("one place padded") << QByteArray("73.5") << QByteArray("73.50");
    QTest::newRow("more places kept") << QByteArray("0.0000001") << QByteArray("0.0000001");
    QTest::newRow("trailing zeros trimmed") << QByteArray("1.2300") << QByteArray("1.23");
    QTest::newRow("negative below one") << QByteArray("-0.07") << QByteArray("-0.07");
    QTest::newRow("negative integer") << QByteArray("-42") << QByteArray("-42.00");
}

void TestDecimal::toString()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(dec(text.constData()).toString()), expected);
}

void TestDecimal::toFixed_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("places");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("0.125 half-even down") << QByteArray("0.125") << 2 << QByteArray("0.12");
    QTest::newRow("0.135 half-even up") << QByteArray("0.135") << 2 << QByteArray("0.14");
    QTest::newRow("0.1251 above half") << QByteArray("0.1251") << 2 << QByteArray("0.13");
    QTest::newRow("-0.125") << QByteArray("-0.125") << 2 << QByteArray("-0.12");
    QTest::newRow("-0.004 is 0.00, no minus") << QByteArray("-0.004") << 2 << QByteArray("0.00");
    QTest::newRow("-0.005 is 0.00, no minus") << QByteArray("-0.005") << 2 << QByteArray("0.00");
    QTest::newRow("9.995 carries") << QByteArray("9.995") << 2 << QByteArray("10.00");
    QTest::newRow("2.5 to integer") << QByteArray("2.5") << 0 << QByteArray("2");
    QTest::newRow("3.5 to integer") << QByteArray("3.5") << 0 << QByteArray("4");
    QTest::newRow("-2.5 to integer") << QByteArray("-2.5") << 0 << QByteArray("-2");
    QTest::newRow("one place") << QByteArray("12.25") << 1 << QByteArray("12.2");
    QTest::newRow("pads with zeros") << QByteArray("7") << 3 << QByteArray("7.000");
    QTest::newRow("18 places") << QByteArray("0.00000001") << 18
                               << QByteArray("0.000000010000000000");
    QTest::newRow("places clamped to 18")
        << QByteArray("1") << 25 << QByteArray("1.000000000000000000");
    // Fuzz finding (tests/data/fuzz/decimal/finding-largest-rounds-up): rounding the largest
    // amounts up left the signed range and threw instead of printing.
    QTest::newRow("largest rounds up past the range")
        << QByteArray("170141183460469231731.687303715884105727") << 2
        << QByteArray("170141183460469231731.69");
    QTest::newRow("smallest rounds down past the range")
        << QByteArray("-170141183460469231731.687303715884105727") << 0
        << QByteArray("-170141183460469231732");
}

void TestDecimal::toFixed()
{
    QFETCH(QByteArray, text);
    QFETCH(int, places);
    QFETCH(QByteArray, expected);
    QCOMPARE(bytes(dec(text.constData()).toFixed(places)), expected);
}

void TestDecimal::dividedByPow10_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("power");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<bool>("rounded");
    QTest::newRow("cents to dollars") << QByteArray("12345") << 2 << QByteArray("123.45") << false;
    QTest::newRow("fractional cents") << QByteArray("123.45") << 2 << QByteArray("1.2345") << false;
    QTest::newRow("loses a digit, half-even")
        << QByteArray("0.000000000000000025") << 1 << QByteArray("0.000000000000000002") << true;
    QTest::newRow("negative power multiplies")
        << QByteArray("1.5") << -2 << QByteArray("150.00") << false;
}

void TestDecimal::dividedByPow10()
{
    QFETCH(QByteArray, text);
    QFETCH(int, power);
    QFETCH(QByteArray, expected);
    QFETCH(bool, rounded);
    bool flag = !rounded;
    QCOMPARE(bytes(dec(text.constData()).dividedByPow10(power, &flag).toString()), expected);
    QCOMPARE(flag, rounded);
}

void TestDecimal::percent_data()
{
    QTest::addColumn<QByteArray>("num");
    QTest::addColumn<QByteArray>("den");
    QTest::addColumn<int>("places");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("12.25 -> 12.2")
        << QByteArray("12.25") << QByteArray("100") << 1 << QByteArray("12.2");
    QTest::newRow("12.35 -> 12.4")
        << QByteArray("12.35") << QByteArray("100") << 1 << QByteArray("12.4");
    QTest::newRow("-0.25 -> -0.2")
        << QByteArray("-0.25") << QByteArray("100") << 1 << QByteArray("-0.2");
    QTest::newRow("-0.35 -> -0.4")
        << QByteArray("-0.35") << QByteArray("100") << 1 << QByteArray("-0.4");
    QTest::newRow("0.05 -> 0.0") << QByteArray("0.05") << QByteArray("100") << 1 << QByteArray("0");
    QTest::newRow("one third") << QByteArray("1") << QByteArray("3") << 1 << QByteArray("33.3");
    QTest::newRow("two thirds") << QByteArray("2") << QByteArray("3") << 1 << QByteArray("66.7");
    QTest::newRow("demo U") << QByteArray("48983.14") << QByteArray("66630.38") << 1
                            << QByteArray("73.5");
    QTest::newRow("zero denominator") << QByteArray("5") << QByteArray("0") << 1 << QByteArray("0");
    QTest::newRow("zero numerator") << QByteArray("0") << QByteArray("5") << 1 << QByteArray("0");
    QTest::newRow("both negative") << QByteArray("-1") << QByteArray("-4") << 1 << QByteArray("25");
    QTest::newRow("negative denominator")
        << QByteArray("1") << QByteArray("-8") << 1 << QByteArray("-12.5");
    QTest::newRow("12.5 to integer") << QByteArray("1") << QByteArray("8") << 0 << QByteArray("12");
    QTest::newRow("37.5 to integer") << QByteArray("3") << QByteArray("8") << 0 << QByteArray("38");
    QTest::newRow("two places") << QByteArray("1") << QByteArray("7") << 2 << QByteArray("14.29");
    QTest::newRow("tiny over huge") << QByteArray("0.000000000000000001")
                                    << QByteArray("100000000000000000000") << 1 << QByteArray("0");
}

void TestDecimal::percent()
{
    QFETCH(QByteArray, num);
    QFETCH(QByteArray, den);
    QFETCH(int, places);
    QFETCH(QByteArray, expected);
    QCOMPARE(Decimal::percent(dec(num.constData()), dec(den.constData()), places),
             dec(expected.constData()));
}

void TestDecimal::comparePercent_data()
{
    QTest::addColumn<QByteArray>("num");
    QTest::addColumn<QByteArray>("den");
    QTest::addColumn<QByteArray>("pct");
    QTest::addColumn<int>("expected");
    QTest::newRow("exactly 50 is not greater")
        << QByteArray("50") << QByteArray("100") << QByteArray("50") << 0;
    QTest::newRow("50.00000000001 is greater")
        << QByteArray("50.00000000001") << QByteArray("100") << QByteArray("50") << 1;
    QTest::newRow("49.99999999999 is less")
        << QByteArray("49.99999999999") << QByteArray("100") << QByteArray("50") << -1;
    QTest::newRow("one third above its 18-digit cut")
        << QByteArray("1") << QByteArray("3") << QByteArray("33.333333333333333333") << 1;
    QTest::newRow("two thirds below its rounded cut")
        << QByteArray("2") << QByteArray("3") << QByteArray("66.666666666666666667") << -1;
    QTest::newRow("demo U 73.51 exceeds 73.5 though it shows 73.5")
        << QByteArray("48983.14") << QByteArray("66630.38") << QByteArray("73.5") << 1;
    QTest::newRow("negative denominator")
        << QByteArray("-1") << QByteArray("-2") << QByteArray("50") << 0;
    QTest::newRow("huge values") << QByteArray("100000000000000000000")
                                 << QByteArray("100000000000000000000") << QByteArray("100") << 0;
}

void TestDecimal::comparePercent()
{
    QFETCH(QByteArray, num);
    QFETCH(QByteArray, den);
    QFETCH(QByteArray, pct);
    QFETCH(int, expected);
    const int got =
        Decimal::comparePercent(dec(num.constData()), dec(den.constData()), dec(pct.constData()));
    QCOMPARE(got < 0 ? -1 : (got > 0 ? 1 : 0), expected);
}

void TestDecimal::mulDiv_data()
{
    QTest::addColumn<QByteArray>("a");
    QTest::addColumn<QByteArray>("b");
    QTest::addColumn<QByteArray>("c");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("ten thirds") << QByteArray("10") << QByteArray("1") << QByteArray("3")
                                << QByteArray("3.333333333333333333");
    QTest::newRow("two thirds rounds up") << QByteArray("2") << QByteArray("1") << QByteArray("3")
                                          << QByteArray("0.666666666666666667");
    QTest::newRow("half unit to even 0") << QByteArray("0.000000000000000001") << QByteArray("0.5")
                                         << QByteArray("1") << QByteArray("0");
    QTest::newRow("1.5 units to 2") << QByteArray("0.000000000000000003") << QByteArray("0.5")
                                    << QByteArray("1") << QByteArray("0.000000000000000002");
    QTest::newRow("2.5 units to 2") << QByteArray("0.000000000000000005") << QByteArray("0.5")
                                    << QByteArray("1") << QByteArray("0.000000000000000002");
    QTest::newRow("wide intermediate")
        << QByteArray("100000000000000000000") << QByteArray("10000000000")
        << QByteArray("10000000000") << QByteArray("100000000000000000000");
    QTest::newRow("negative divisor")
        << QByteArray("3") << QByteArray("2") << QByteArray("-4") << QByteArray("-1.5");
}

void TestDecimal::mulDiv()
{
    QFETCH(QByteArray, a);
    QFETCH(QByteArray, b);
    QFETCH(QByteArray, c);
    QFETCH(QByteArray, expected);
    QCOMPARE(Decimal::mulDiv(dec(a.constData()), dec(b.constData()), dec(c.constData())),
             dec(expected.constData()));
}

void TestDecimal::currency_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("code"); // empty = rejected
    QTest::newRow("USD") << QByteArray("USD") << QByteArray("USD");
    QTest::newRow("lower-case eur") << QByteArray("eur") << QByteArray("EUR");
    QTest::newRow("padded") << QByteArray(" JPY ") << QByteArray("JPY");
    QTest::newRow("unknown code") << QByteArray("XYZ") << QByteArray();
    QTest::newRow("too long") << QByteArray("USDT") << QByteArray();
    QTest::newRow("empty") << QByteArray("") << QByteArray();
    QTest::newRow("symbol") << QByteArray("$") << QByteArray();
}

void TestDecimal::currency()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, code);
    const auto c = Currency::parse(text.toStdString());
    QCOMPARE(c.has_value(), !code.isEmpty());
    if (c)
        QCOMPARE(bytes(c->code()), code);
    else
        QCOMPARE(bytes(c.error().code), QByteArray("unknown-currency"));
}

void TestDecimal::moneyAdd()
{
    const Money a = unalloc::test::usd("1.10");
    const Money b = unalloc::test::usd("2.20");
    QCOMPARE(add(a, b).value().amount, dec("3.30"));
    const Money eur{dec("1"), Currency::parse("EUR").value()};
    const auto mixed = add(a, eur);
    QVERIFY(!mixed.has_value());
    QCOMPARE(bytes(mixed.error().code), QByteArray("currency-mismatch"));
    QCOMPARE(bytes(a.toString()), QByteArray("1.10 USD"));
}

QTEST_APPLESS_MAIN(TestDecimal)
#include "tst_decimal.moc"
