// Golden tests for the vLLM benchmark run reader: each folder tests/data/vllm-bench/<case>/
// holds input.json and expected.json (the served records with their times as UTC text,
// computed with python3 decimal; or the error with its record and field; "sniff": false when
// isVllmBench must not take the file for a run).
#include "adapters/vllm/vllmbench.h"

#include "core/timeutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace unalloc;

namespace {

QString caseRoot()
{
    return QStringLiteral(UNALLOC_TEST_DATA "/vllm-bench");
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string str(const QJsonValue &v)
{
    return v.toString().toStdString();
}

/// Time as UTC text, a QString so that a failed comparison prints both values.
QString utc(core::TimeUs t)
{
    return QString::fromStdString(core::formatTimestamp(t));
}

std::string_view view(const QByteArray &bytes)
{
    return {bytes.constData(), size_t(bytes.size())};
}

} // namespace

class TstVllmBench final : public QObject
{
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void sniff_data();
    void sniff();
};

void TstVllmBench::golden_data()
{
    QTest::addColumn<QString>("caseDir");
    const QDir root(caseRoot());
    const QStringList cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY2(cases.size() >= 10, qPrintable(root.path()));
    for (const QString &c : cases)
        QTest::newRow(qPrintable(c)) << root.filePath(c);
}

void TstVllmBench::golden()
{
    QFETCH(QString, caseDir);
    const QByteArray bytes = readAll(caseDir + QStringLiteral("/input.json"));
    QVERIFY2(!bytes.isEmpty(), "no input.json");
    QJsonParseError perr;
    const QJsonObject ex =
        QJsonDocument::fromJson(readAll(caseDir + QStringLiteral("/expected.json")), &perr)
            .object();
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
    // The sniff knows a run by its members; a file without `started_unix` is not one.
    QCOMPARE(adapters::isVllmBench(view(bytes)), ex.value(QStringLiteral("sniff")).toBool(true));

    const auto read = adapters::readVllmBench(view(bytes), "input.json");
    if (ex.contains(QStringLiteral("error"))) {
        QVERIFY2(!read, "the read should have failed");
        const QJsonObject e = ex.value(QStringLiteral("error")).toObject();
        const core::Error &err = read.error();
        QCOMPARE(QString::fromStdString(err.code), e.value(QStringLiteral("code")).toString());
        QCOMPARE(err.file, std::string("input.json"));
        if (e.contains(QStringLiteral("record")))
            QCOMPARE(err.record, str(e.value(QStringLiteral("record"))));
        if (e.contains(QStringLiteral("field")))
            QCOMPARE(err.field, str(e.value(QStringLiteral("field"))));
        if (e.contains(QStringLiteral("detailContains"))) {
            const std::string needle = str(e.value(QStringLiteral("detailContains")));
            QVERIFY2(err.detail.find(needle) != std::string::npos, err.detail.c_str());
        }
        return;
    }
    QVERIFY2(read, read ? "" : read.error().message().c_str());
    const core::TelemetryRecords &t = read->telemetry;
    QCOMPARE(t.skipped, std::int64_t(ex.value(QStringLiteral("skipped")).toInt()));
    QCOMPARE(read->roundedTimes, std::int64_t(ex.value(QStringLiteral("roundedTimes")).toInt()));
    const QJsonArray want = ex.value(QStringLiteral("records")).toArray();
    QCOMPARE(qsizetype(t.records.size()), want.size());
    for (qsizetype i = 0; i < want.size(); ++i) {
        const QJsonObject w = want.at(i).toObject();
        const core::RequestRecord &r = t.records[size_t(i)];
        QCOMPARE(QString::fromStdString(r.tenant), w.value(QStringLiteral("tenant")).toString());
        QCOMPARE(utc(r.sendUs), w.value(QStringLiteral("send")).toString());
        QCOMPARE(utc(r.firstUs), w.value(QStringLiteral("first")).toString());
        QCOMPARE(utc(r.doneUs), w.value(QStringLiteral("done")).toString());
        QCOMPARE(r.promptTokens, std::int64_t(w.value(QStringLiteral("prompt")).toInt()));
        QCOMPARE(r.completionTokens, std::int64_t(w.value(QStringLiteral("completion")).toInt()));
        QCOMPARE(r.cachedTokens, std::int64_t(w.value(QStringLiteral("cached")).toInt()));
    }
}

void TstVllmBench::sniff_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("bench");
    QTest::newRow("run") << QByteArray(R"({"started_unix": 1, "requests": []})") << true;
    QTest::newRow("keys spaced, BOM") << QByteArray("\xEF\xBB\xBF {\"requests\" :[], "
                                                    "\"started_unix\"\n: 1}")
                                      << true;
    QTest::newRow("litellm spend logs")
        << QByteArray(R"({"data": [{"request_id": "r1", "spend": 0.1}], "total": 1})") << false;
    QTest::newRow("names only as values")
        << QByteArray(R"({"data": ["started_unix", "requests"]})") << false;
    QTest::newRow("no start") << QByteArray(R"({"requests": []})") << false;
    QTest::newRow("array") << QByteArray(R"([{"started_unix": 1, "requests": []}])") << false;
    QTest::newRow("empty") << QByteArray() << false;
}

void TstVllmBench::sniff()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, bench);
    QCOMPARE(adapters::isVllmBench(view(bytes)), bench);
}

QTEST_GUILESS_MAIN(TstVllmBench)
#include "tst_vllmbench.moc"
