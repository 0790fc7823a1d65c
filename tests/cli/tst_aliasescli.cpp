// `unalloc aliases list|add|delete` (issue 18 item 7) against the real binary: an alias moves
// the dollars of one label value to another in every report, the total stays, the rules
// digest (provenance) sees the change, delete takes it back.
#include "clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using clitest::Run;

class TstAliasesCli : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void addChangesEveryReport();
    void usageErrors_data();
    void usageErrors();

private:
    Run run(const QStringList &args) { return clitest::run(m_dir.path(), args); }
    /// owner → amount text of `report --json`, and the rules digest.
    QMap<QString, QString> buckets(QString *digest = nullptr, QString *total = nullptr);

    QTemporaryDir m_dir;
    QString m_ledger;
};

void TstAliasesCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_ledger = m_dir.filePath(QStringLiteral("a.unalloc"));
    const QString demo = QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo/");
    const Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), m_ledger,
                       demo + QStringLiteral("litellm_spend.json"),
                       demo + QStringLiteral("opencost_allocation.json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
}

QMap<QString, QString> TstAliasesCli::buckets(QString *digest, QString *total)
{
    const Run r = run(
        {QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger, QStringLiteral("--json")});
    if (r.exitCode != 0)
        return {};
    const QJsonObject o = QJsonDocument::fromJson(r.out).object();
    QMap<QString, QString> out;
    for (const QJsonValue &b : o.value(QStringLiteral("buckets")).toArray())
        out.insert(b[QStringLiteral("key")].toString(), b[QStringLiteral("amount_usd")].toString());
    if (digest)
        *digest = o[QStringLiteral("provenance")][QStringLiteral("rules_sha256")].toString();
    if (total)
        *total = o[QStringLiteral("total_usd")].toString();
    return out;
}

void TstAliasesCli::addChangesEveryReport()
{
    QString digestBefore, totalBefore;
    const QMap<QString, QString> before = buckets(&digestBefore, &totalBefore);
    QVERIFY2(before.contains(QStringLiteral("platform")) &&
                 before.contains(QStringLiteral("search")),
             qPrintable(QStringList(before.keys()).join(QLatin1Char(','))));
    QVERIFY(!digestBefore.isEmpty());

    Run r = run({QStringLiteral("aliases"), QStringLiteral("add"), QStringLiteral("--ledger"),
                 m_ledger, QStringLiteral("team=platform"), QStringLiteral("search")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("team=platform=>search"));

    QString digestAfter, totalAfter;
    const QMap<QString, QString> after = buckets(&digestAfter, &totalAfter);
    QVERIFY(!after.contains(QStringLiteral("platform")));
    QCOMPARE(totalAfter, totalBefore); // conserved
    QVERIFY(digestAfter != digestBefore);
    // search now holds exactly both.
    const QString expected =
        QString::number(before.value(QStringLiteral("search")).toDouble() +
                            before.value(QStringLiteral("platform")).toDouble(),
                        'f', 2);
    QCOMPARE(QString::number(after.value(QStringLiteral("search")).toDouble(), 'f', 2), expected);

    r = run({QStringLiteral("aliases"), QStringLiteral("list"), QStringLiteral("--ledger"),
             m_ledger, QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonArray list =
        QJsonDocument::fromJson(r.out).object().value(QStringLiteral("aliases")).toArray();
    QCOMPARE(list.size(), 1);
    QCOMPARE(list[0][QStringLiteral("value")].toString(), QStringLiteral("platform"));
    QCOMPARE(list[0][QStringLiteral("moved")][0][QStringLiteral("amount")].toString(),
             before.value(QStringLiteral("platform")));

    r = run({QStringLiteral("aliases"), QStringLiteral("delete"), QStringLiteral("--ledger"),
             m_ledger, QStringLiteral("team=platform")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QString digestBack;
    QCOMPARE(buckets(&digestBack), before);
    QCOMPARE(digestBack, digestBefore);
}

void TstAliasesCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("no action") << QStringList{} << 64;
    QTest::newRow("add without target")
        << QStringList{QStringLiteral("add"), QStringLiteral("team=x")} << 64;
    QTest::newRow("add without value")
        << QStringList{QStringLiteral("add"), QStringLiteral("team"), QStringLiteral("x")} << 64;
    QTest::newRow("to itself") << QStringList{QStringLiteral("add"), QStringLiteral("team=x"),
                                              QStringLiteral("x")}
                               << 64;
    QTest::newRow("delete unknown")
        << QStringList{QStringLiteral("delete"), QStringLiteral("team=nobody")} << 1;
}

void TstAliasesCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QStringList all{QStringLiteral("aliases")};
    all << args << QStringLiteral("--ledger") << m_ledger;
    const Run r = run(all);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(!r.err.isEmpty());
}

QTEST_GUILESS_MAIN(TstAliasesCli)
#include "tst_aliasescli.moc"
