// Issue 19 item 9: a second record with the same key and a different amount is how a silently
// edited export shows. It is not imported (the first stays) but it is a warning naming the
// file, the key and both amounts, never a silent "duplicate". Runs the real `unalloc` binary.
#include "clirun.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;
using clitest::run;

QByteArray log(const char *id, const char *spend)
{
    return QByteArray(R"({"request_id":")") + id + R"(","spend":)" + spend +
           R"(,"startTime":"2026-08-01T10:00:00Z","endTime":"2026-08-01T10:00:01Z",)"
           R"("model":"gpt-4o","user":"u1","metadata":{"team":"search"}})";
}

} // namespace

class TestCliKeyConflict final : public QObject
{
    Q_OBJECT

private slots:
    void repeatedKeyWithOtherContentIsAWarning_data();
    void repeatedKeyWithOtherContentIsAWarning();
};

void TestCliKeyConflict::repeatedKeyWithOtherContentIsAWarning_data()
{
    QTest::addColumn<QByteArray>("first");  // imported first, alone ("" = nothing)
    QTest::addColumn<QByteArray>("second"); // then this file
    QTest::addColumn<QByteArray>("says");   // "" = no key-conflict warning at all
    QTest::newRow("edited within one file")
        << QByteArray() << "[" + log("r1", "0.125") + "," + log("r1", "0.25") + "]"
        << QByteArray("warning:  second.json: record key r1: amount: same key, "
                      "different content: this record says 0.25 USD, the record kept earlier in "
                      "this file says 0.125 USD; the first is kept, this one is not imported");
    QTest::newRow("edited between two downloads")
        << "[" + log("r1", "0.125") + "]"
        << "[" + log("r1", "0.5") + "," + log("r2", "1") + "]"
        << QByteArray("warning:  second.json: record key r1: amount: same key, "
                      "different content: this record says 0.50 USD, the record kept from "
                      "batch 1 says 0.125 USD");
    QTest::newRow("the same record twice is an ordinary duplicate")
        << QByteArray() << "[" + log("r1", "0.125") + "," + log("r1", "0.125") + "]"
        << QByteArray();
    QTest::newRow("the same export again is an ordinary duplicate")
        << "[" + log("r1", "0.125") + "]"
        << "[" + log("r1", "0.125") + "]" << QByteArray();
}

void TestCliKeyConflict::repeatedKeyWithOtherContentIsAWarning()
{
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, second);
    QFETCH(QByteArray, says);
    QTemporaryDir dir;
    const QStringList import{QStringLiteral("import"), QStringLiteral("--ledger"),
                             QStringLiteral("l.unalloc")};
    auto write = [&dir](const char *name, const QByteArray &bytes) {
        QFile f(dir.filePath(QString::fromLatin1(name)));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    };
    if (!first.isEmpty()) {
        write("first.json", first);
        const Run r = run(dir.path(), import + QStringList{QStringLiteral("first.json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }
    write("second.json", second);
    const Run r = run(dir.path(), import + QStringList{QStringLiteral("second.json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY2(r.out.contains("1 duplicates skipped"), r.out.constData());
    if (says.isEmpty())
        QVERIFY2(!r.out.contains("key-conflict"), r.out.constData());
    else
        QVERIFY2(r.out.contains(says), r.out.constData());
}

QTEST_GUILESS_MAIN(TestCliKeyConflict)
#include "tst_cli_keyconflict.moc"
