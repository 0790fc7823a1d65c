// Issue 19 item 6: a file mixing currencies is imported with a warning, and every report of
// the ledger then works per currency (--currency CODE) instead of failing or summing two
// currencies. Runs the real `unalloc` binary in a temporary directory.
#include "clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;
using clitest::run;

// One FOCUS file with two USD charges and one EUR charge, on one day.
const QByteArray kMixed = "BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,"
                          "SubAccountName\n"
                          "USD,1.50,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,search\n"
                          "EUR,2.25,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,ads\n"
                          "USD,0.50,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,ads\n";

QStringList args(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *a : list)
        out << QString::fromUtf8(a);
    return out;
}

} // namespace

class TestCliCurrency final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importWarnsAboutTheMix();
    void withoutCurrencyEveryReportListsTheCurrencies_data();
    void withoutCurrencyEveryReportListsTheCurrencies();
    void currencySelectsItsRows_data();
    void currencySelectsItsRows();
    void badCurrencyIsAUsageError_data();
    void badCurrencyIsAUsageError();
    void reconcileListsOtherCurrencyInvoices_data();
    void reconcileListsOtherCurrencyInvoices();

private:
    QTemporaryDir m_dir;
    Run m_import;
};

void TestCliCurrency::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile f(m_dir.filePath(QStringLiteral("mixed.csv")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kMixed);
    f.close();
    m_import = run(m_dir.path(), args({"import", "--ledger", "l.unalloc", "mixed.csv"}));
    QVERIFY2(m_import.exitCode == 0, m_import.err.constData());
}

void TestCliCurrency::importWarnsAboutTheMix()
{
    QVERIFY2(m_import.out.contains("warning:  mixed.csv: the file mixes 2 "
                                   "currencies: EUR 1 row (first: line 3), USD 2 rows (first: "
                                   "line 2); reports show one currency at a time "
                                   "(--currency CODE)"),
             m_import.out.constData());
}

void TestCliCurrency::withoutCurrencyEveryReportListsTheCurrencies_data()
{
    QTest::addColumn<QStringList>("command");
    QTest::newRow("report") << args({"report", "--ledger", "l.unalloc"});
    QTest::newRow("report --json") << args({"report", "--ledger", "l.unalloc", "--json"});
    QTest::newRow("labels") << args({"labels", "--ledger", "l.unalloc"});
    QTest::newRow("reconcile") << args({"reconcile", "--ledger", "l.unalloc"});
    QTest::newRow("economics") << args({"economics", "--ledger", "l.unalloc"});
}

void TestCliCurrency::withoutCurrencyEveryReportListsTheCurrencies()
{
    QFETCH(QStringList, command);
    const Run r = run(m_dir.path(), command);
    QCOMPARE(r.exitCode, 64);
    QVERIFY2(r.err.contains("the selection holds 2 currencies: EUR (1 row), USD (2 rows). "
                            "Amounts in different currencies are never summed: pass "
                            "--currency CODE to report one of them"),
             r.err.constData());
    QVERIFY(r.out.isEmpty());
}

void TestCliCurrency::currencySelectsItsRows_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("total");
    QTest::newRow("EUR") << QStringLiteral("EUR") << QStringLiteral("2.25");
    QTest::newRow("USD") << QStringLiteral("USD") << QStringLiteral("2.00");
    QTest::newRow("lower-case usd") << QStringLiteral("usd") << QStringLiteral("2.00");
}

void TestCliCurrency::currencySelectsItsRows()
{
    QFETCH(QString, currency);
    QFETCH(QString, total);
    const Run r =
        run(m_dir.path(), args({"report", "--ledger", "l.unalloc", "--json", "--currency"})
                              << currency);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(r.out).object();
    const QJsonObject body = result.contains(QStringLiteral("result"))
                                 ? result.value(QStringLiteral("result")).toObject()
                                 : result;
    QCOMPARE(body.value(QStringLiteral("currency")).toString(), currency.toUpper());
    QCOMPARE(body.value(QStringLiteral("total_usd")).toString(), total);

    for (const char *cmd : {"labels", "reconcile", "economics"}) {
        const Run other =
            run(m_dir.path(), args({cmd, "--ledger", "l.unalloc", "--currency"}) << currency);
        QVERIFY2(other.exitCode == 0, other.err.constData());
    }
}

void TestCliCurrency::badCurrencyIsAUsageError_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("says");
    QTest::newRow("not a code") << QStringLiteral("XYZ")
                                << QStringLiteral("--currency XYZ: not an ISO 4217 currency code");
    QTest::newRow("none of its rows")
        << QStringLiteral("GBP")
        << QStringLiteral("no cost row in GBP; the selection holds EUR (1 row), USD (2 rows)");
}

void TestCliCurrency::badCurrencyIsAUsageError()
{
    QFETCH(QString, currency);
    QFETCH(QString, says);
    const Run r =
        run(m_dir.path(), args({"report", "--ledger", "l.unalloc", "--currency"}) << currency);
    QCOMPARE(r.exitCode, 64);
    QVERIFY2(r.err.contains(says.toUtf8()), r.err.constData());
}

void TestCliCurrency::reconcileListsOtherCurrencyInvoices_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QStringList>("sources");
    QTest::addColumn<QString>("otherSource");
    QTest::addColumn<QString>("other");
    QTest::newRow("EUR") << QStringLiteral("EUR") << QStringList{QStringLiteral("focus")}
                         << QStringLiteral("openai")
                         << QStringLiteral("other currency (USD), not reconciled against EUR rows");
    QTest::newRow("USD") << QStringLiteral("USD")
                         << QStringList{QStringLiteral("litellm"), QStringLiteral("openai")}
                         << QStringLiteral("focus")
                         << QStringLiteral("other currency (EUR), not reconciled against USD rows");
}

void TestCliCurrency::reconcileListsOtherCurrencyInvoices()
{
    // tests/data/seams-ui/currency: USD gateway and OpenAI rows, EUR FOCUS rows, and one
    // invoice file with a USD and a EUR invoice (hand-computed in tests/data/seams-ui/README.md)
    QFETCH(QString, currency);
    QFETCH(QStringList, sources);
    QFETCH(QString, otherSource);
    QFETCH(QString, other);
    const QString ledger = QStringLiteral("seams-") + currency + QStringLiteral(".unalloc");
    QStringList import = args({"import", "--ledger"}) << ledger;
    for (const char *f :
         {"litellm_spend_logs.json", "openai_costs.json", "focus_eur.csv", "invoices.json"})
        import << QStringLiteral(UNALLOC_TEST_DATA "/seams-ui/currency/") + QString::fromUtf8(f);
    const Run imported = run(m_dir.path(), import);
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const Run r =
        run(m_dir.path(),
            args({"reconcile", "--json", "--currency", currency.toUtf8().constData(), "--ledger"})
                << ledger);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
    QStringList shown;
    for (const QJsonValue &line : doc.value(QStringLiteral("sources")).toArray()) {
        QCOMPARE(line.toObject().value(QStringLiteral("currency")).toString(), currency);
        shown << line.toObject().value(QStringLiteral("source")).toString();
        QVERIFY(line.toObject().value(QStringLiteral("status")).toString() !=
                QStringLiteral("over"));
    }
    QCOMPARE(shown, sources);
    const QJsonArray listed = doc.value(QStringLiteral("other_currency_invoices")).toArray();
    QCOMPARE(listed.size(), 1);
    QCOMPARE(listed[0].toObject().value(QStringLiteral("source")).toString(), otherSource);
    QCOMPARE(listed[0].toObject().value(QStringLiteral("note")).toString(), other);
    QVERIFY(doc.value(QStringLiteral("clean")).toBool());

    const Run text =
        run(m_dir.path(),
            args({"reconcile", "--currency", currency.toUtf8().constData(), "--ledger"}) << ledger);
    QVERIFY2(text.exitCode == 0, text.err.constData());
    QVERIFY2(text.out.contains(other.toUtf8()), text.out.constData());
}

QTEST_GUILESS_MAIN(TestCliCurrency)
#include "tst_cli_currency.moc"
