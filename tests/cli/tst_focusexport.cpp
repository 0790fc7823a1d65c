// `unalloc export --focus 1.2`: every exported file passes the FOCUS column rules, the totals
// and the allocation survive FOCUS → import → FOCUS exactly, and the bytes do not depend on the
// order the files were imported in.
// Test tables of column names and arguments read better as plain literals.
#undef QT_NO_CAST_FROM_ASCII
#include "focusrules.h"

#include "core/decimal.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include <map>

using unalloc::core::Decimal;

class TstFocusExport final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void checkerCatches_data();
    void checkerCatches();
    void passesTheRules_data();
    void passesTheRules();
    void roundTrip_data();
    void roundTrip();
    void allocationColumns();
    void importOrderDoesNotMatter();
    void aliasedOwners();
    void golden();
    void usage_data();
    void usage();

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QStringList &args);
    static QString data(const QString &path)
    {
        return QStringLiteral(UNALLOC_TEST_DATA) + QLatin1Char('/') + path;
    }
    QString ledgerFrom(const QString &name, const QStringList &files);
    QByteArray exportFocus(const QString &ledger, const QStringList &extra = {});
    QJsonObject report(const QString &ledger, const QStringList &extra = {});
    void addLedgers();

    QTemporaryDir m_dir;
    std::map<QString, QString> m_ledgers; ///< case name → ledger path
};

namespace {

QStringList demoFiles()
{
    QStringList files;
    for (const char *f : {"opencost_allocation.json", "litellm_spend.json", "openai_costs.json",
                          "anthropic_cost_report.json", "invoices.json"})
        files << QStringLiteral(UNALLOC_TEST_DATA "/cli-inputs/demo/") + QLatin1String(f);
    return files;
}

/// Σ of a decimal column per currency, exactly; `where` keeps rows whose column equals a value.
std::map<QString, Decimal> sums(const QByteArray &csv,
                                const QString &column = QStringLiteral("BilledCost"),
                                const QString &whereColumn = {},
                                const QString &whereValue = {})
{
    const QList<QStringList> records = focusrules::parseCsv(csv);
    std::map<QString, Decimal> out;
    if (records.isEmpty())
        return out;
    const qsizetype c = records[0].indexOf(column);
    const qsizetype cur = records[0].indexOf(QStringLiteral("BillingCurrency"));
    const qsizetype w = whereColumn.isEmpty() ? -1 : records[0].indexOf(whereColumn);
    for (qsizetype r = 1; r < records.size(); ++r) {
        if (w >= 0 && records[r][w] != whereValue)
            continue;
        out[records[r][cur]] += Decimal::parse(records[r][c].toStdString()).value();
    }
    return out;
}

QString usd(const std::map<QString, Decimal> &m)
{
    const auto it = m.find(QStringLiteral("USD"));
    return it == m.end() ? QStringLiteral("0.00") : QString::fromStdString(it->second.toString());
}

/// A valid two-line export to break one rule at a time.
QByteArray validSample()
{
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/focus-export/demo.csv"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = f.readAll().split('\n');
    return lines.value(0) + '\n' + lines.value(1) + '\n';
}

} // namespace

TstFocusExport::Run TstFocusExport::run(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(UNALLOC_CLI), args);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QString TstFocusExport::ledgerFrom(const QString &name, const QStringList &files)
{
    const QString path = m_dir.filePath(name + QStringLiteral(".unalloc"));
    const Run r =
        run(QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), path} + files);
    if (r.exit != 0)
        qWarning().noquote() << "import" << files << r.err;
    return r.exit == 0 ? path : QString();
}

QByteArray TstFocusExport::exportFocus(const QString &ledger, const QStringList &extra)
{
    const Run r = run(QStringList{QStringLiteral("export"), QStringLiteral("--focus"),
                                  QStringLiteral("1.2"), QStringLiteral("--ledger"), ledger,
                                  QStringLiteral("-o"), QStringLiteral("-")} +
                      extra);
    if (r.exit != 0)
        qWarning().noquote() << "export" << r.err;
    return r.exit == 0 ? r.out : QByteArray();
}

QJsonObject TstFocusExport::report(const QString &ledger, const QStringList &extra)
{
    const Run r = run(QStringList{QStringLiteral("report"), QStringLiteral("--ledger"), ledger,
                                  QStringLiteral("--json")} +
                      extra);
    if (r.exit != 0)
        qWarning().noquote() << "report" << r.err;
    return QJsonDocument::fromJson(r.out).object();
}

void TstFocusExport::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_ledgers[QStringLiteral("demo")] = ledgerFrom(QStringLiteral("demo"), demoFiles());
    m_ledgers[QStringLiteral("focus 1.2 AI example")] = ledgerFrom(
        QStringLiteral("ai12"), {data(QStringLiteral("focus/ai_example_1_2/input.csv"))});
    m_ledgers[QStringLiteral("focus 1.0 sample")] =
        ledgerFrom(QStringLiteral("s10"), {data(QStringLiteral("focus/sample_1_0/input.csv"))});
    for (const auto &[name, path] : m_ledgers)
        QVERIFY2(!path.isEmpty(), qPrintable(name));
    QVERIFY(!validSample().isEmpty());
    QVERIFY2(focusrules::violations(validSample()).isEmpty(),
             qPrintable(focusrules::violations(validSample()).join('\n')));
}

void TstFocusExport::checkerCatches_data()
{
    // The checker must be able to fail: each case breaks one rule of a valid export, by
    // replacing one field of its first record (-1: drop the header's first column).
    QTest::addColumn<int>("field");
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing column") << -1 << QByteArray() << "57 FOCUS 1.2 columns";
    QTest::newRow("float cost") << 1 << QByteArray("1e3") << "BilledCost: '1e3' is not a decimal";
    QTest::newRow("lower-case currency") << 5 << QByteArray("usd") << "not ISO 4217";
    QTest::newRow("unknown currency") << 5 << QByteArray("XXQ") << "not ISO 4217";
    QTest::newRow("period not end-exclusive")
        << 14 << QByteArray("2026-08-01T00:00:00Z") << "not after ChargePeriodStart";
    QTest::newRow("timestamp without Z")
        << 15 << QByteArray("2026-08-01 00:00:00") << "is not YYYY-MM-DDTHH:MM:SSZ";
    QTest::newRow("literal NULL") << 11 << QByteArray("NULL") << "NULL must be an empty field";
    QTest::newRow("null provider") << 39 << QByteArray() << "ProviderName: must not be null";
    QTest::newRow("bad charge category") << 10 << QByteArray("Use") << "ChargeCategory";
    QTest::newRow("tags not an object") << 56 << QByteArray("[1]") << "Tags: not a JSON object";
    QTest::newRow("unknown resolution") << 61 << QByteArray("maybe") << "x_ResolvedBy";
    QTest::newRow("owner without resolution") << 59 << QByteArray("ml") << "x_Owner";
}

void TstFocusExport::checkerCatches()
{
    QFETCH(int, field);
    QFETCH(QByteArray, value);
    QFETCH(QString, expected);
    const QList<QByteArray> lines = validSample().split('\n');
    QByteArray broken;
    if (field < 0) {
        broken = lines[0].mid(lines[0].indexOf(',') + 1) + '\n' + lines[1] + '\n';
    } else {
        // The sample's first record has no quoted comma before its Tags (field 56).
        QList<QByteArray> f = lines[1].split(',');
        QVERIFY(f.size() > 62);
        const QByteArray tail = f.mid(56, f.size() - 56 - 6).join(',');
        QList<QByteArray> fields = f.mid(0, 56);
        fields << tail << f.mid(f.size() - 6);
        QCOMPARE(fields.size(), 63);
        fields[field] = value;
        broken = lines[0] + '\n' + fields.join(',') + '\n';
    }
    QVERIFY(focusrules::violations(validSample()).isEmpty());
    const QStringList v = focusrules::violations(broken);
    QVERIFY2(v.join('\n').contains(expected), qPrintable(v.join('\n')));
}

void TstFocusExport::passesTheRules_data()
{
    QTest::addColumn<QString>("ledger");
    for (const auto &[name, path] : m_ledgers)
        QTest::newRow(name.toUtf8().constData()) << path;
}

void TstFocusExport::passesTheRules()
{
    QFETCH(QString, ledger);
    for (const QStringList &extra : {QStringList{}, QStringList{"-D", "project", "-f", "team"}}) {
        const QByteArray csv = exportFocus(ledger, extra);
        QVERIFY(!csv.isEmpty());
        const QStringList v = focusrules::violations(csv);
        QVERIFY2(v.isEmpty(), qPrintable(v.mid(0, 10).join('\n')));
        // The rows are the report's rows: the same total to the last digit.
        const QJsonObject r = report(ledger, extra);
        QCOMPARE(usd(sums(csv)), r.value(QStringLiteral("total_usd")).toString());
        QCOMPARE(usd(sums(csv, QStringLiteral("EffectiveCost"))),
                 r.value(QStringLiteral("total_usd")).toString());
    }
}

void TstFocusExport::roundTrip_data()
{
    passesTheRules_data();
}

void TstFocusExport::roundTrip()
{
    QFETCH(QString, ledger);
    // Exported with fallbacks, so that x_Owner holds owners no owner label gave.
    const QStringList fallbacks = {"-D", "team", "-f", "project", "-f", "workspace"};
    const QByteArray first = exportFocus(ledger, fallbacks);
    const QString firstFile = m_dir.filePath(QFileInfo(ledger).baseName() + "-1.csv");
    QFile out(firstFile);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(first);
    out.close();
    const QString again = ledgerFrom(QFileInfo(ledger).baseName() + "-again", {firstFile});
    QVERIFY(!again.isEmpty());
    const QByteArray second = exportFocus(again, fallbacks);
    QVERIFY(focusrules::violations(second).isEmpty());
    QCOMPARE(focusrules::parseCsv(second).size(), focusrules::parseCsv(first).size());
    const auto a = sums(first), b = sums(second);
    QCOMPARE(a.size(), b.size());
    for (const auto &[currency, amount] : a)
        QCOMPARE(QString::fromStdString(b.at(currency).toString()),
                 QString::fromStdString(amount.toString()));
    // The allocation survives: the owner columns are not read back as labels.
    QCOMPARE(report(again).value(QStringLiteral("unallocated_usd")),
             report(ledger).value(QStringLiteral("unallocated_usd")));
    QCOMPARE(report(again, fallbacks).value(QStringLiteral("fallback_usd")),
             report(ledger, fallbacks).value(QStringLiteral("fallback_usd")));
    QCOMPARE(usd(sums(second, QStringLiteral("BilledCost"), QStringLiteral("x_ResolvedBy"),
                      QStringLiteral("none"))),
             usd(sums(first, QStringLiteral("BilledCost"), QStringLiteral("x_ResolvedBy"),
                      QStringLiteral("none"))));
    // What the exporter said of each row survives: an OpenCost row stays Compute and an
    // estimate, a gateway row an estimate (the dollars per category and basis are the same).
    for (const char *column : {"ServiceCategory", "ServiceSubcategory", "x_CostBasis"}) {
        const QList<QStringList> records = focusrules::parseCsv(first);
        const qsizetype c = records[0].indexOf(QLatin1String(column));
        QVERIFY(c >= 0);
        std::set<QString> values;
        for (qsizetype r = 1; r < records.size(); ++r)
            values.insert(records[r][c]);
        for (const QString &v : values)
            QCOMPARE(usd(sums(second, QStringLiteral("BilledCost"), QLatin1String(column), v)),
                     usd(sums(first, QStringLiteral("BilledCost"), QLatin1String(column), v)));
    }
    // Once the provider and service columns are in Tags, a further round changes no byte.
    const QString secondFile = m_dir.filePath(QFileInfo(ledger).baseName() + "-2.csv");
    QFile out2(secondFile);
    QVERIFY(out2.open(QIODevice::WriteOnly));
    out2.write(second);
    out2.close();
    const QString third = ledgerFrom(QFileInfo(ledger).baseName() + "-third", {secondFile});
    QCOMPARE(exportFocus(third, fallbacks), second);
}

void TstFocusExport::allocationColumns()
{
    // x_ResolvedBy splits the total as the report does: none = U, fallback = F.
    const QString ledger = m_ledgers.at(QStringLiteral("demo"));
    const QStringList options = {"-D", "team", "-f", "project", "-f", "workspace"};
    const QByteArray csv = exportFocus(ledger, options);
    const QJsonObject r = report(ledger, options);
    QVERIFY(r.value(QStringLiteral("fallback_usd")).toString() != QStringLiteral("0.00"));
    const QString by = QStringLiteral("x_ResolvedBy");
    QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), by, QStringLiteral("none"))),
             r.value(QStringLiteral("unallocated_usd")).toString());
    QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), by, QStringLiteral("fallback"))),
             r.value(QStringLiteral("fallback_usd")).toString());
    QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), QStringLiteral("x_FallbackKey"),
                      QStringLiteral("project"))),
             r.value(QStringLiteral("fallback_by_key"))
                 .toObject()
                 .value(QStringLiteral("project"))
                 .toString());
    // Each owner's rows add up to the report's bucket.
    for (const QJsonValue &b : r.value(QStringLiteral("buckets")).toArray()) {
        const QString key = b.toObject().value(QStringLiteral("key")).toString();
        if (key == QStringLiteral("<unallocated>"))
            continue;
        QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), QStringLiteral("x_Owner"), key)),
                 b.toObject().value(QStringLiteral("amount_usd")).toString());
    }
}

void TstFocusExport::aliasedOwners()
{
    // A value alias applies before attribution in the export as in the report: the owner
    // columns carry the aliased value and each owner's rows add up to the report's bucket.
    const QString ledger = m_dir.filePath(QStringLiteral("aliased.unalloc"));
    QVERIFY(QFile::copy(m_ledgers.at(QStringLiteral("demo")), ledger));
    QJsonArray buckets = report(ledger).value(QStringLiteral("buckets")).toArray();
    QStringList owners;
    for (const QJsonValue &b : buckets)
        if (const QString k = b.toObject().value(QStringLiteral("key")).toString();
            k != QStringLiteral("<unallocated>"))
            owners << k;
    QVERIFY2(owners.size() >= 2, "the demo has at least two team owners");
    // One owner renamed to a value no row carries, another folded into the first's target.
    const QString renamed = QStringLiteral("aliased-team");
    for (const QString &source : {owners[0], owners[1]})
        QCOMPARE(
            run({QStringLiteral("aliases"), QStringLiteral("add"), QStringLiteral("team=") + source,
                 renamed, QStringLiteral("--ledger"), ledger})
                .exit,
            0);
    const QByteArray csv = exportFocus(ledger);
    QVERIFY(!csv.isEmpty());
    const QJsonObject r = report(ledger);
    const std::map<QString, Decimal> none;
    QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), QStringLiteral("x_Owner"), owners[0])),
             usd(none));
    QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), QStringLiteral("x_Owner"), owners[1])),
             usd(none));
    bool seen = false;
    for (const QJsonValue &b : r.value(QStringLiteral("buckets")).toArray()) {
        const QString key = b.toObject().value(QStringLiteral("key")).toString();
        seen = seen || key == renamed;
        if (key == QStringLiteral("<unallocated>"))
            continue;
        QCOMPARE(usd(sums(csv, QStringLiteral("BilledCost"), QStringLiteral("x_Owner"), key)),
                 b.toObject().value(QStringLiteral("amount_usd")).toString());
    }
    QVERIFY2(seen, "the report attributes to the alias target");
    // The labels themselves stay as imported.
    QVERIFY(csv.contains(owners[0].toUtf8()));
}

void TstFocusExport::importOrderDoesNotMatter()
{
    QStringList reversed = demoFiles();
    std::reverse(reversed.begin(), reversed.end());
    QString ledger = m_ledgers.at(QStringLiteral("demo"));
    const QString other = m_dir.filePath(QStringLiteral("reversed.unalloc"));
    for (const QString &f : reversed)
        QCOMPARE(run({QStringLiteral("import"), QStringLiteral("--ledger"), other, f}).exit, 0);
    QCOMPARE(exportFocus(other), exportFocus(ledger));
}

void TstFocusExport::golden()
{
    // The demo ledger's export, byte for byte (reviewed by hand when it changes).
    QFile f(data(QStringLiteral("focus-export/demo.csv")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray expected = f.readAll();
    const QByteArray actual = exportFocus(m_ledgers.at(QStringLiteral("demo")));
    if (actual != expected && qEnvironmentVariableIsSet("UNALLOC_WRITE_GOLDEN")) {
        QFile w(data(QStringLiteral("focus-export/demo.csv")));
        QVERIFY(w.open(QIODevice::WriteOnly));
        w.write(actual);
    }
    QCOMPARE(actual, expected);
    // Written to a file, the CLI says how much it wrote.
    const QString path = m_dir.filePath(QStringLiteral("demo.csv"));
    const Run r = run({QStringLiteral("export"), QStringLiteral("--focus"), QStringLiteral("1.2"),
                       QStringLiteral("--ledger"), m_ledgers.at(QStringLiteral("demo")),
                       QStringLiteral("-o"), path});
    QCOMPARE(r.exit, 0);
    QVERIFY2(r.out.startsWith("exported "), r.out.constData());
    QFile written(path);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), expected);
}

void TstFocusExport::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no format") << QStringList{"export", "-o", "-"} << "--focus 1.2";
    QTest::newRow("version 1.1") << QStringList{"export", "--focus", "1.1", "-o", "-"}
                                 << "only FOCUS 1.2";
    QTest::newRow("no output") << QStringList{"export", "--focus", "1.2"} << "-o FILE";
    QTest::newRow("no ledger") << QStringList{"export", "--focus", "1.2", "-o", "-"}
                               << "--ledger FILE";
}

void TstFocusExport::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r = run(args);
    QCOMPARE(r.exit, 64);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TstFocusExport)
#include "tst_focusexport.moc"
