// `unalloc labels --collisions` on a selection, run as the real binary: a ledger names the
// collisions of the rows a selection (sources, batches, period) holds, as the same files read
// directly do. A ledger filtered by source used to lose every collision; both ignored the period.
#include "../cli/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliCollisions final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void asFromTheFiles_data();
    void asFromTheFiles();
    void batchesOfALedger();

private:
    clitest::Run run(const QStringList &args) const { return clitest::run(m_dir.path(), args); }
    QString ledger() const { return m_dir.filePath(QStringLiteral("c.unalloc")); }
    static QString demo(const char *name)
    {
        return QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo/") + QLatin1String(name);
    }
    /// The canonical keys of `labels --collisions --json` output, with their rows.
    static QStringList keys(const QByteArray &json)
    {
        QStringList out;
        for (const QJsonValue &c : QJsonDocument::fromJson(json).array())
            out << c[QStringLiteral("key")].toString() + QLatin1Char(' ') +
                       QString::number(c[QStringLiteral("rows")].toInteger());
        return out;
    }

    QTemporaryDir m_dir;
};

void TestCliCollisions::initTestCase()
{
    // The files --fixtures reads, a batch each.
    const clitest::Run r = run({QStringLiteral("import"), QStringLiteral("--ledger"), ledger(),
                                demo("anthropic_cost_report.json"), demo("openai_costs.json"),
                                demo("opencost_allocation.json"), demo("litellm_spend.json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
}

void TestCliCollisions::asFromTheFiles_data()
{
    QTest::addColumn<QStringList>("selection");
    QTest::addColumn<QStringList>("want"); // "key rows", most dollars first
    const auto q = [](const char *t) {
        return QString::fromUtf8(t);
    };
    const QString workspace = q("workspace 2"), project = q("project 1");
    QTest::newRow("every row") << QStringList{} << QStringList{workspace, project};
    QTest::newRow("anthropic") << QStringList{q("--source"), q("anthropic")}
                               << QStringList{workspace};
    QTest::newRow("openai") << QStringList{q("--source"), q("openai")} << QStringList{project};
    QTest::newRow("anthropic and the gateway")
        << QStringList{q("--source"), q("anthropic"), q("--source"), q("litellm")}
        << QStringList{workspace};
    QTest::newRow("the gateway") << QStringList{q("--source"), q("litellm")} << QStringList{};
    QTest::newRow("their day") << QStringList{q("--from"), q("2026-08-01"), q("--to"),
                                              q("2026-08-02")}
                               << QStringList{workspace, project};
    QTest::newRow("after their day") << QStringList{q("--from"), q("2026-08-02")} << QStringList{};
}

void TestCliCollisions::asFromTheFiles()
{
    QFETCH(QStringList, selection);
    QFETCH(QStringList, want);
    const QStringList args = QStringList{QStringLiteral("labels"), QStringLiteral("--collisions"),
                                         QStringLiteral("--json")} +
                             selection;
    const clitest::Run files = run(args + QStringList{QStringLiteral("--fixtures")});
    const clitest::Run stored = run(args + QStringList{QStringLiteral("--ledger"), ledger()});
    QVERIFY2(files.exitCode == 0, files.err.constData());
    QVERIFY2(stored.exitCode == 0, stored.err.constData());
    QCOMPARE(keys(stored.out), want);
    // The same amounts, currencies and winners, byte for byte.
    QCOMPARE(stored.out, files.out);
    // The text says what the selection holds.
    const clitest::Run text =
        run(QStringList{QStringLiteral("labels"), QStringLiteral("--collisions"),
                        QStringLiteral("--ledger"), ledger()} +
            selection);
    QCOMPARE(text.exitCode, 0);
    QCOMPARE(text.out.startsWith("No label-key collisions"), want.isEmpty());
}

void TestCliCollisions::batchesOfALedger()
{
    // Batch 1 holds Anthropic's rows, 2 OpenAI's, 3 and 4 OpenCost's and the gateway's.
    const auto collisions = [this](const char *batch) {
        const clitest::Run r =
            run({QStringLiteral("labels"), QStringLiteral("--collisions"), QStringLiteral("--json"),
                 QStringLiteral("--batch"), QString::fromLatin1(batch), QStringLiteral("--ledger"),
                 ledger()});
        return r.exitCode == 0 ? keys(r.out) : QStringList{QString::fromUtf8(r.err)};
    };
    QCOMPARE(collisions("1"), QStringList{QStringLiteral("workspace 2")});
    QCOMPARE(collisions("2"), QStringList{QStringLiteral("project 1")});
    QCOMPARE(collisions("3"), QStringList{});
    QCOMPARE(collisions("4"), QStringList{});
}

QTEST_GUILESS_MAIN(TestCliCollisions)
#include "tst_cli_collisions.moc"
