// Ledger vs invoice per source (DESIGN §7, original-tool.md §7), exact tolerance.
#include "coretest.h"

#include "core/reconcile.h"

using namespace unalloc::core;
using unalloc::test::bytes;
using unalloc::test::dec;
using unalloc::test::usd;

namespace {
using Amounts = QList<QByteArray>;
} // namespace

class TestReconcile final : public QObject
{
    Q_OBJECT

private slots:
    void line_data();
    void line();
    void sourcesAndTotals();
};

void TestReconcile::line_data()
{
    QTest::addColumn<QByteArray>("ledger"); // empty = no ledger rows for the source
    QTest::addColumn<Amounts>("invoices");  // several invoices add up
    QTest::addColumn<QByteArray>("tolerance");
    QTest::addColumn<QByteArray>("status");
    QTest::addColumn<QByteArray>("delta");    // empty = none
    QTest::addColumn<QByteArray>("deltaPct"); // empty = none
    QTest::addColumn<QByteArray>("coverage"); // empty = none
    const QByteArray one("1");
    QTest::newRow("matched -0.5%")
        << QByteArray("99.50") << Amounts{"100"} << one << QByteArray("matched")
        << QByteArray("-0.50") << QByteArray("-0.5") << QByteArray("99.5");
    QTest::newRow("under -8.6%") << QByteArray("91.40") << Amounts{"100"} << one
                                 << QByteArray("under") << QByteArray("-8.60") << QByteArray("-8.6")
                                 << QByteArray("91.4");
    QTest::newRow("over +2.0%") << QByteArray("102") << Amounts{"100"} << one << QByteArray("over")
                                << QByteArray("2") << QByteArray("2.0") << QByteArray("102");
    QTest::newRow("exactly +1% is matched")
        << QByteArray("101") << Amounts{"100"} << one << QByteArray("matched") << QByteArray("1")
        << QByteArray("1.0") << QByteArray("101");
    QTest::newRow("exactly -1% is matched")
        << QByteArray("99") << Amounts{"100"} << one << QByteArray("matched") << QByteArray("-1")
        << QByteArray("-1.0") << QByteArray("99");
    QTest::newRow("a hair over 1% is over though it shows 1.0")
        << QByteArray("101.00000001") << Amounts{"100"} << one << QByteArray("over")
        << QByteArray("1.00000001") << QByteArray("1.0") << QByteArray("101");
    QTest::newRow("-0.25% shows -0.2 (half-even)")
        << QByteArray("99.75") << Amounts{"100"} << one << QByteArray("matched")
        << QByteArray("-0.25") << QByteArray("-0.2") << QByteArray("99.8");
    QTest::newRow("zero tolerance")
        << QByteArray("100.01") << Amounts{"100"} << QByteArray("0") << QByteArray("over")
        << QByteArray("0.01") << QByteArray("0") << QByteArray("100");
    QTest::newRow("several invoices add up")
        << QByteArray("100") << Amounts{"60", "39.50", "0.50"} << one << QByteArray("matched")
        << QByteArray("0") << QByteArray("0") << QByteArray("100");
    QTest::newRow("no invoice") << QByteArray("42") << Amounts{} << one << QByteArray("no-invoice")
                                << QByteArray() << QByteArray() << QByteArray();
    QTest::newRow("invoice without ledger rows is under -100%")
        << QByteArray() << Amounts{"250"} << one << QByteArray("under") << QByteArray("-250")
        << QByteArray("-100") << QByteArray("0");
    QTest::newRow("zero invoice is its own status")
        << QByteArray("5") << Amounts{"0"} << one << QByteArray("zero-invoice") << QByteArray("5")
        << QByteArray() << QByteArray();
    QTest::newRow("zero invoice, zero ledger")
        << QByteArray("0") << Amounts{"0"} << one << QByteArray("matched") << QByteArray("0")
        << QByteArray() << QByteArray();
}

void TestReconcile::line()
{
    QFETCH(QByteArray, ledger);
    QFETCH(Amounts, invoices);
    QFETCH(QByteArray, tolerance);
    QFETCH(QByteArray, status);
    QFETCH(QByteArray, delta);
    QFETCH(QByteArray, deltaPct);
    QFETCH(QByteArray, coverage);
    std::vector<std::pair<std::string, Decimal>> ledgers;
    if (!ledger.isEmpty())
        ledgers.emplace_back("openai", dec(ledger.constData()));
    std::vector<Invoice> bills;
    for (const QByteArray &a : invoices)
        bills.push_back(Invoice{"openai", usd(a.constData()), {}, {}, {}});
    const Reconciliation r = reconcile(ledgers, bills, dec(tolerance.constData()));
    QCOMPARE(r.lines.size(), size_t(1));
    const ReconLine &l = r.lines.front();
    QCOMPARE(bytes(l.source), QByteArray("openai"));
    QCOMPARE(QByteArray(toString(l.status)), status);
    QCOMPARE(l.delta.has_value(), !delta.isEmpty());
    if (l.delta)
        QCOMPARE(*l.delta, dec(delta.constData()));
    QCOMPARE(l.deltaPct.has_value(), !deltaPct.isEmpty());
    if (l.deltaPct)
        QCOMPARE(*l.deltaPct, dec(deltaPct.constData()));
    QCOMPARE(l.coveragePct.has_value(), !coverage.isEmpty());
    if (l.coveragePct)
        QCOMPARE(*l.coveragePct, dec(coverage.constData()));
    QCOMPARE(r.clean(), status != "over" && status != "under" && status != "zero-invoice");
}

void TestReconcile::sourcesAndTotals()
{
    const Reconciliation r = reconcile(
        {{"opencost", dec("10")},
         {"anthropic", dec("8737.03")},
         {"litellm", dec("5")},
         {"anthropic", dec("0.97")}},
        {{"openai", usd("20"), {}, {}, {}}, {"anthropic", usd("8738.00"), {}, {}, {}}}, dec("1"));
    QStringList got;
    for (const auto &l : r.lines)
        got << QString::fromStdString(l.source + " " + toString(l.status));
    QCOMPARE(got,
             (QStringList{QStringLiteral("anthropic matched"), QStringLiteral("litellm no-invoice"),
                          QStringLiteral("openai under"), QStringLiteral("opencost no-invoice")}));
    QCOMPARE(r.ledgerTotal, dec("8753.00"));
    QCOMPARE(r.invoiceTotal, dec("8758.00"));
    QCOMPARE(r.lines.front().ledger, dec("8738.00"));
    QCOMPARE(r.clean(), false);
}

QTEST_APPLESS_MAIN(TestReconcile)
#include "tst_reconcile.moc"
