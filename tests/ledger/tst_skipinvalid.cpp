// --skip-invalid (issue 19, item 10): one invalid record among good ones. Without the option
// the import fails and the ledger is unchanged; with it the good records are imported, the
// bad one is a warning naming file, record and field, and the batch is partial with the
// count and the dollars left out. One row per adapter (and per LiteLLM reader).
#include "ledgertestutil.h"

#include "adapters/import/importer.h"

#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

std::string spendLog(const std::string &id,
                     const std::string &spend,
                     const std::string &end,
                     const std::string &extra = {})
{
    return R"({"request_id":")" + id + R"(","spend":)" + spend +
           R"(,"startTime":"2026-08-01T10:00:02.500Z","endTime":")" + end +
           R"(","model":"gpt-4o","user":"u1")" + extra + "}";
}

std::string openAiResult(const std::string &value)
{
    return R"({"object":"organization.costs.result","amount":{"value":)" + value +
           R"(,"currency":"usd"},"line_item":"in-)" + value + R"(","project_id":"p1"})";
}

std::string anthropicResult(const std::string &cents, const std::string &model)
{
    return R"({"amount":")" + cents + R"(","currency":"USD","model":")" + model +
           R"(","workspace_id":"w1"})";
}

std::string allocation(const std::string &name, const std::string &total, const std::string &end)
{
    return R"(")" + name + R"(":{"name":")" + name + R"(","start":"2026-08-01T00:00:00Z","end":")" +
           end + R"(","totalCost":)" + total + R"(,"properties":{"namespace":")" + name + R"("}})";
}

std::string focusLine(const std::string &cost, const std::string &start, const std::string &sub)
{
    return cost + ",USD," + start + ",2026-08-02T00:00:00Z," + sub + "\n";
}

} // namespace

class TestSkipInvalid final : public QObject
{
    Q_OBJECT

private slots:
    void oneBadRecord_data();
    void oneBadRecord();
};

void TestSkipInvalid::oneBadRecord_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<qint64>("goodRows");
    QTest::addColumn<QString>("record");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("leftOut"); ///< the dollars part of the reason

    const std::string good1 = spendLog("r1", "0.125", "2026-08-01T10:00:03Z");
    const std::string good2 = spendLog("r3", "0.5", "2026-08-01T10:00:04Z");
    // The issue's example: an end 0.3 s before the start.
    const std::string reversed = spendLog("r2", "0.25", "2026-08-01T10:00:02.200Z");
    QTest::newRow("litellm, end before start (bulk reader)")
        << "litellm-spend-logs-json"
        << QByteArray::fromStdString("[" + good1 + "," + reversed + "," + good2 + "]") << 2ll
        << "[1]"
        << "endTime"
        << "bad-window"
        << "0.25 USD not imported";
    // metadata as a JSON string sends every record down the generic reader.
    const std::string meta = R"(,"metadata":"{\"team\":\"a\"}")";
    QTest::newRow("litellm, end before start (generic reader)")
        << "litellm-spend-logs-json"
        << QByteArray::fromStdString(
               "{\"data\":[" + spendLog("r1", "0.125", "2026-08-01T10:00:03Z", meta) + "," +
               spendLog("r2", "0.25", "2026-08-01T10:00:02.200Z", meta) + "," +
               spendLog("r3", "0.5", "2026-08-01T10:00:04Z", meta) + "]}")
        << 2ll << "data[1]"
        << "endTime"
        << "bad-window"
        << "0.25 USD not imported";
    QTest::newRow("litellm, bad amount")
        << "litellm-spend-logs-json"
        << QByteArray::fromStdString("[" + good1 + "," +
                                     spendLog("r2", "\"1,5\"", "2026-08-01T10:00:03Z") + "," +
                                     good2 + "]")
        << 2ll << "[1]"
        << "spend"
        << "bad-amount"
        << "with no readable amount";
    QTest::newRow("litellm, missing request_id")
        << "litellm-spend-logs-json"
        << QByteArray::fromStdString(
               "[" + good1 + "," + spendLog("", "0.75", "2026-08-01T10:00:03Z") + "," + good2 + "]")
        << 2ll << "[1]"
        << "request_id"
        << "missing-field"
        << "with no readable amount";
    QTest::newRow("opencost json, bad timestamp")
        << "opencost-allocation-json"
        << QByteArray::fromStdString(R"({"code":200,"data":[{)" +
                                     allocation("a", "1.5", "2026-08-02T00:00:00Z") + "," +
                                     allocation("b", "2.25", "2026-08-32T00:00:00Z") + "," +
                                     allocation("c", "3", "2026-08-02T00:00:00Z") + "}]}")
        << 2ll << "data[0].b"
        << "end"
        << "bad-timestamp"
        << "2.25 USD not imported";
    const std::string ocHeader = "Date,Namespace,TotalCost\n";
    QTest::newRow("opencost csv, bad date")
        << "opencost-export-csv"
        << QByteArray::fromStdString(ocHeader + "2026-08-01,a,1.5\n2026-13-01,b,2.25\n" +
                                     "2026-08-02,c,3\n")
        << 2ll << "line 3"
        << "Date"
        << "bad-timestamp"
        << "2.25 USD not imported";
    QTest::newRow("opencost csv, bad amount")
        << "opencost-export-csv"
        << QByteArray::fromStdString(ocHeader + "2026-08-01,a,1.5\n2026-08-01,b,NaN\n" +
                                     "2026-08-02,c,3\n")
        << 2ll << "line 3"
        << "TotalCost"
        << "bad-amount"
        << "with no readable amount";
    QTest::newRow("openai, bad currency")
        << "openai-costs-json"
        << QByteArray::fromStdString(
               R"({"object":"page","data":[{"object":"bucket","start_time":1785542400,)"
               R"("end_time":1785628800,"results":[)" +
               openAiResult("1.5") + "," +
               R"({"object":"organization.costs.result","amount":{"value":2.25,"currency":"zz"},)"
               R"("line_item":"x","project_id":"p1"},)" +
               openAiResult("3") + R"(]}],"has_more":false,"next_page":null})")
        << 2ll << "data[0].results[1]"
        << "amount.currency"
        << "unknown-currency"
        << "with no readable amount";
    QTest::newRow("anthropic, bad amount")
        << "anthropic-cost-report-json"
        << QByteArray::fromStdString(
               R"({"data":[{"starting_at":"2026-08-01T00:00:00Z","ending_at":"2026-08-02T00:00:00Z",)"
               R"("results":[)" +
               anthropicResult("150", "m1") + "," + anthropicResult("12x", "m2") + "," +
               anthropicResult("300", "m3") + R"(]}],"has_more":false,"next_page":null})")
        << 2ll << "data[0].results[1]"
        << "amount"
        << "bad-amount"
        << "with no readable amount";
    const std::string focusHeader =
        "BilledCost,BillingCurrency,ChargePeriodStart,ChargePeriodEnd,SubAccountName\n";
    QTest::newRow("focus, end before start")
        << "focus-csv"
        << QByteArray::fromStdString(focusHeader + focusLine("1.5", "2026-08-01T00:00:00Z", "a") +
                                     focusLine("2.25", "2026-08-03T00:00:00Z", "b") +
                                     focusLine("3", "2026-08-01T00:00:00Z", "c"))
        << 2ll << "line 3"
        << "ChargePeriodEnd"
        << "bad-window"
        << "2.25 USD not imported";
}

void TestSkipInvalid::oneBadRecord()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, input);
    QFETCH(qint64, goodRows);
    QFETCH(QString, record);
    QFETCH(QString, field);
    QFETCH(QString, code);
    QFETCH(QString, leftOut);

    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("l.unalloc")).toStdString();
    auto ledger = core::LedgerStore::create(path);
    QVERIFY(ledger);
    const std::string bytes = input.toStdString();
    const std::vector<adapters::ImportInput> inputs{{"bad.input", bytes}};
    adapters::ImportOptions options;
    options.adapterId = format.toStdString();

    // Without the option: all or nothing.
    const std::vector<std::string> before = dumpContent(path);
    auto refused = adapters::importInputs(**ledger, inputs, options);
    QVERIFY(!refused);
    QCOMPARE(QString::fromStdString(refused.error().code), code);
    QCOMPARE(QString::fromStdString(refused.error().record), record);
    QCOMPARE(QString::fromStdString(refused.error().field), field);
    QCOMPARE(dumpContent(path), before);

    options.skipInvalid = true;
    auto report = adapters::importInputs(**ledger, inputs, options);
    QVERIFY2(report, report ? "" : report.error().message().c_str());
    QCOMPARE(report->batches.size(), size_t(1));
    const core::ImportBatch &batch = report->batches.front().batch;
    QCOMPARE(report->rowsAdded(), goodRows);
    QCOMPARE(batch.rowCount, goodRows);
    QCOMPARE(batch.status, core::BatchStatus::Partial);
    const QString reason = QString::fromStdString(batch.evidence.reason);
    QVERIFY2(reason.startsWith(QStringLiteral("1 invalid record left out")), qPrintable(reason));
    QVERIFY2(reason.contains(leftOut), qPrintable(reason));

    std::vector<core::Warning> skipped;
    for (const core::Warning &w : batch.warnings) {
        if (w.code == "invalid-record-skipped")
            skipped.push_back(w);
    }
    QCOMPARE(skipped.size(), size_t(1));
    QCOMPARE(QString::fromStdString(skipped[0].file), QStringLiteral("bad.input"));
    QCOMPARE(QString::fromStdString(skipped[0].record), record);
    QCOMPARE(QString::fromStdString(skipped[0].field), field);
    QVERIFY(QString::fromStdString(skipped[0].detail).startsWith(code + QLatin1Char(':')));

    // What the ledger keeps: the stored batch says the same.
    auto stored = (*ledger)->batches();
    QVERIFY(stored);
    QCOMPARE(stored->size(), size_t(1));
    QCOMPARE(stored->front().status, core::BatchStatus::Partial);
    QCOMPARE(stored->front().evidence.reason, batch.evidence.reason);
}

QTEST_GUILESS_MAIN(TestSkipInvalid)
#include "tst_skipinvalid.moc"
