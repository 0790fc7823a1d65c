// The ledger's U budget (issue 17 item 4): where a slice's U stands against the target and the
// critical share — exactly, as `report --budget` compares — and which budgets are refused.
#include "coretest.h"

#include "core/budget.h"

using namespace unalloc;

namespace {

core::Decimal dec(const char *text)
{
    return *core::Decimal::parse(text);
}

} // namespace

class TstBudget final : public QObject
{
    Q_OBJECT

private slots:
    void standing_data();
    void standing();
    void checked_data();
    void checked();
    void parsePct_data();
    void parsePct();
};

void TstBudget::standing_data()
{
    QTest::addColumn<QByteArray>("unallocated");
    QTest::addColumn<QByteArray>("total");
    QTest::addColumn<int>("expected");
    using S = core::BudgetStanding;
    QTest::newRow("no spend") << QByteArray("0") << QByteArray("0") << int(S::NoSpend);
    QTest::newRow("nothing unallocated") << QByteArray("0") << QByteArray("50") << int(S::Within);
    QTest::newRow("exactly the target is within")
        << QByteArray("10") << QByteArray("100") << int(S::Within);
    QTest::newRow("a cent over the target")
        << QByteArray("10.01") << QByteArray("100") << int(S::Over);
    // 10.00001 % shows as 10.0 % but is over: no rounding before comparing.
    QTest::newRow("over by less than the shown digit")
        << QByteArray("100.0001") << QByteArray("1000") << int(S::Over);
    QTest::newRow("just below critical")
        << QByteArray("24.99") << QByteArray("100") << int(S::Over);
    QTest::newRow("exactly critical") << QByteArray("25") << QByteArray("100") << int(S::Critical);
    QTest::newRow("everything unallocated")
        << QByteArray("7") << QByteArray("7") << int(S::Critical);
}

void TstBudget::standing()
{
    QFETCH(QByteArray, unallocated);
    QFETCH(QByteArray, total);
    QFETCH(int, expected);
    core::AttributionReport r;
    r.unallocated = dec(unallocated.constData());
    r.total = dec(total.constData());
    QCOMPARE(int(core::budgetStanding(r, core::UBudget{})), expected);
}

void TstBudget::checked_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("critical");
    QTest::addColumn<QByteArray>("error"); // a word of the message; empty = accepted
    QTest::newRow("defaults") << QByteArray("10") << QByteArray("25") << QByteArray();
    QTest::newRow("equal") << QByteArray("7.5") << QByteArray("7.5") << QByteArray();
    QTest::newRow("zero target") << QByteArray("0") << QByteArray("0") << QByteArray();
    QTest::newRow("critical below target")
        << QByteArray("30") << QByteArray("25") << QByteArray("below the U target 30");
    QTest::newRow("target over 100")
        << QByteArray("100.5") << QByteArray("100.5") << QByteArray("U target 100.5");
    QTest::newRow("negative critical")
        << QByteArray("0") << QByteArray("-1") << QByteArray("critical U -1");
}

void TstBudget::checked()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, critical);
    QFETCH(QByteArray, error);
    const core::UBudget b{dec(target.constData()), dec(critical.constData())};
    auto result = b.checked();
    QCOMPARE(bool(result), error.isEmpty());
    if (!result) {
        QCOMPARE(result.error().code, std::string("bad-budget"));
        QVERIFY2(result.error().detail.find(error.toStdString()) != std::string::npos,
                 result.error().detail.c_str());
    } else {
        QVERIFY(*result == b);
    }
}

void TstBudget::parsePct_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected"); // empty = refused
    QTest::newRow("whole") << QByteArray("10") << QByteArray("10");
    QTest::newRow("decimal") << QByteArray("7.5") << QByteArray("7.5");
    QTest::newRow("percent sign") << QByteArray(" 12.25 % ") << QByteArray("12.25");
    QTest::newRow("hundred") << QByteArray("100") << QByteArray("100");
    QTest::newRow("over a hundred") << QByteArray("100.01") << QByteArray();
    QTest::newRow("negative") << QByteArray("-3") << QByteArray();
    QTest::newRow("words") << QByteArray("ten") << QByteArray();
    QTest::newRow("empty") << QByteArray("") << QByteArray();
}

void TstBudget::parsePct()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    auto pct = core::parseBudgetPct(text.toStdString());
    QCOMPARE(bool(pct), !expected.isEmpty());
    if (pct)
        QVERIFY2(*pct == dec(expected.constData()), pct->toString().c_str());
    else
        QVERIFY(pct.error().detail.find(text.toStdString()) != std::string::npos);
}

QTEST_APPLESS_MAIN(TstBudget)
#include "tst_budget.moc"
