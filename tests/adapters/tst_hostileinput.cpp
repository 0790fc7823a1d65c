// Hostile but realistic input (issue 19): text that is not UTF-8, nesting deep enough to
// exhaust a stack, a first record larger than the 64 KiB detection used to read. Every case
// must end in a clear error naming file, record and field, or in a normal read; never in a
// crash. Inputs are built from the golden files so that only the hostile part differs.
#include "adapters/adapter.h"
#include "adapters/common/jsonstream.h"

#include <QFile>
#include <QTest>

using namespace unalloc;

namespace {

std::string golden(const char *relative)
{
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/") + QString::fromLatin1(relative));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

std::string nested(int depth)
{
    return std::string(static_cast<size_t>(depth), '[') +
           std::string(static_cast<size_t>(depth), ']');
}

/// The golden JSON with `value` as an extra member of its first object: of the envelope
/// (`{...`, one container open around the value) or of the first record (`[{...`, two).
std::string withMember(std::string json, const std::string &value, int *openAround = nullptr)
{
    const size_t brace = json.find('{');
    const size_t bracket = json.find('[');
    if (openAround)
        *openAround = bracket < brace ? 2 : 1;
    json.insert(brace + 1, "\"unalloc_hostile\": " + value + ", ");
    return json;
}

core::Result<adapters::LoadedFile> read(const std::string &bytes, const std::string &format = {})
{
    static core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "hostile.input";
    options.normaliser = &normaliser;
    return adapters::readBytes(bytes, options, format);
}

} // namespace

class TestHostileInput final : public QObject
{
    Q_OBJECT

private slots:
    void deepJsonIsRefused_data();
    void deepJsonIsRefused();
    void depthLimitIsExact_data() { deepJsonIsRefused_data(); }
    void depthLimitIsExact();
    void deepJsonCellIsRefused_data();
    void deepJsonCellIsRefused();
    void csvTextMustBeUtf8_data();
    void csvTextMustBeUtf8();
    void detectionReadsTheFirstRecord_data();
    void detectionReadsTheFirstRecord();
    void unknownFormatSaysWhatWasTried();
};

void TestHostileInput::deepJsonIsRefused_data()
{
    QTest::addColumn<QString>("input");
    for (const char *file :
         {"opencost/allocation_response/input.json", "litellm/spend_logs/input.json",
          "litellm/v2_page1/input.json", "litellm/global_spend_report/input.json",
          "openai/costs_page1/input.json", "openai/usage_completions/input.json",
          "anthropic/cost_page1/input.json", "anthropic/usage_report/input.json"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestHostileInput::deepJsonIsRefused()
{
    // The reproduction: 200,000 nested arrays overflowed the stack (SIGSEGV).
    QFETCH(QString, input);
    const std::string base = golden(qPrintable(input));
    QVERIFY(!base.empty());
    auto r = read(withMember(base, nested(200000)));
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("too-deep"));
    QCOMPARE(r.error().file, std::string("hostile.input"));
    QVERIFY2(r.error().detail.find("deeper than 256 levels at byte") != std::string::npos,
             r.error().detail.c_str());
}

void TestHostileInput::depthLimitIsExact()
{
    // The limit is a rule, not luck: 256 open containers read, 257 do not, on every path
    // (LiteLLM's bulk reader and the generic one agree).
    QFETCH(QString, input);
    const std::string base = golden(qPrintable(input));
    auto plain = read(base);
    QVERIFY2(plain, plain ? "" : plain.error().message().c_str());
    int around = 0;
    withMember(base, "0", &around);
    const int allowed = adapters::kMaxJsonDepth - around;
    auto atLimit = read(withMember(base, nested(allowed)));
    QVERIFY2(atLimit, atLimit ? "" : atLimit.error().message().c_str());
    QCOMPARE(atLimit->rows.size(), plain->rows.size());
    auto over = read(withMember(base, nested(allowed + 1)));
    QVERIFY(!over);
    QCOMPARE(over.error().code, std::string("too-deep"));
}

void TestHostileInput::deepJsonCellIsRefused_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<QString>("column");
    const std::string deep = nested(200000);
    QTest::newRow("FOCUS Tags")
        << QByteArray::fromStdString(
               "BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,Tags\n"
               "USD,1.5,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,\"" +
               deep + "\"\n")
        << QStringLiteral("Tags");
    QTest::newRow("OpenCost Labels")
        << QByteArray::fromStdString("Date,Namespace,TotalCost,Labels\n2023-01-01,ns,0.5,\"" +
                                     deep + "\"\n")
        << QStringLiteral("Labels");
}

void TestHostileInput::deepJsonCellIsRefused()
{
    QFETCH(QByteArray, csv);
    QFETCH(QString, column);
    auto r = read(csv.toStdString());
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("too-deep"));
    QCOMPARE(r.error().record, std::string("line 2"));
    QCOMPARE(r.error().field, column.toStdString());
}

void TestHostileInput::csvTextMustBeUtf8_data()
{
    QTest::addColumn<QByteArray>("text"); // the hostile cell's bytes
    QTest::addColumn<bool>("valid");
    QTest::newRow("Latin-1 byte (the reproduction)") << QByteArray("n\xffs") << false;
    QTest::newRow("Windows-1252 e-acute") << QByteArray("caf\xe9") << false;
    QTest::newRow("lone continuation byte") << QByteArray("a\x80") << false;
    QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << false;
    QTest::newRow("surrogate half") << QByteArray("\xed\xa0\x80") << false;
    QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << false;
    QTest::newRow("sequence cut at the cell's end") << QByteArray("euro\xe2\x82") << false;
    QTest::newRow("UTF-8 e-acute") << QByteArray("caf\xc3\xa9") << true;
    QTest::newRow("UTF-8 CJK") << QByteArray("\xe6\x97\xa5\xe6\x9c\xac") << true;
    QTest::newRow("UTF-8 emoji") << QByteArray("\xf0\x9f\x98\x80") << true;
}

void TestHostileInput::csvTextMustBeUtf8()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    const std::string cell = text.toStdString();
    struct Case
    {
        std::string csv, column;
        int line;
    };
    const Case cases[] = {
        {"Date,Namespace,TotalCost\n2023-01-01," + cell + ",0.5\n", "Namespace", 2},
        {"BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd,SubAccountName\n"
         "USD,1.5,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z,\"" +
             cell + "\"\n",
         "SubAccountName", 2},
        {"Date,Namespace,TotalCost,Label_" + cell + "\n2023-01-01,ns,0.5,x\n", "column 4", 1},
    };
    for (const Case &c : cases) {
        auto r = read(c.csv);
        if (valid) {
            QVERIFY2(r, r ? "" : r.error().message().c_str());
            continue;
        }
        QVERIFY2(!r, c.csv.c_str());
        QCOMPARE(r.error().code, std::string("bad-encoding"));
        QCOMPARE(r.error().file, std::string("hostile.input"));
        QCOMPARE(r.error().record, "line " + std::to_string(c.line));
        QCOMPARE(r.error().field, c.column);
        QVERIFY2(r.error().detail.find("iconv") != std::string::npos, r.error().detail.c_str());
    }
}

void TestHostileInput::detectionReadsTheFirstRecord_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("adapter");
    QTest::addColumn<int>("rows");
    const std::string big(100 * 1024, 'x');
    // Properties (and their annotations) come before the costs in OpenCost's allocations.
    QTest::newRow("OpenCost allocation with 100 KiB of annotations")
        << QByteArray::fromStdString(
               R"({"code":200,"data":[{"a":{"name":"a","properties":{"annotations":{"note":")" +
               big +
               R"("}},"start":"2025-08-01T00:00:00Z","end":"2025-08-02T00:00:00Z","totalCost":1.5}}]})")
        << QStringLiteral("opencost-allocation-json") << 1;
    QTest::newRow("LiteLLM record with 100 KiB of metadata before its keys")
        << QByteArray::fromStdString(R"([{"metadata":{"prompt":")" + big +
                                     R"("},"request_id":"r1","spend":0.5,)"
                                     R"("startTime":"2025-08-01T00:00:00Z"}])")
        << QStringLiteral("litellm-spend-logs-json") << 1;
    std::string header = "BillingCurrency,BilledCost,ChargePeriodStart,ChargePeriodEnd";
    std::string line = "USD,1.5,2025-08-01T00:00:00Z,2025-08-02T00:00:00Z";
    for (int i = 0; header.size() < 100 * 1024; ++i) {
        header = "x_ProviderSpecificColumnNumber" + std::to_string(i) + "," + header;
        line = "," + line;
    }
    QTest::newRow("FOCUS header over 100 KiB")
        << QByteArray::fromStdString(header + "\n" + line + "\n") << QStringLiteral("focus-csv")
        << 1;
}

void TestHostileInput::detectionReadsTheFirstRecord()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, adapter);
    QFETCH(int, rows);
    QVERIFY(bytes.size() > 64 * 1024);
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    const adapters::Adapter *detected = adapters::Registry::instance().detect(view, "big");
    QVERIFY2(detected, "not detected");
    QCOMPARE(QString::fromStdString(detected->id()), adapter);
    auto r = read(bytes.toStdString());
    QVERIFY2(r, r ? "" : r.error().message().c_str());
    QCOMPARE(static_cast<int>(r->rows.size()), rows);
}

void TestHostileInput::unknownFormatSaysWhatWasTried()
{
    const std::string bytes =
        R"({"kind":"report","entries":[{"owner":")" + std::string(100 * 1024, 'y') + R"("}]})";
    auto r = read(bytes);
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("unknown-format"));
    const std::string &d = r.error().detail;
    QVERIFY2(d.find("a JSON object with keys kind, entries, owner") != std::string::npos,
             d.c_str());
    // As far as the first record (the first object in a list) reaches, not to the end.
    QVERIFY2(d.find("read " + std::to_string(bytes.size() - 2) + " bytes") != std::string::npos,
             d.c_str());
    for (const adapters::Adapter *a : adapters::Registry::instance().all()) {
        if (a->id() != "upstream-error")
            QVERIFY2(d.find(a->id()) != std::string::npos, a->id().c_str());
    }
    QVERIFY2(d.find("tried, in order") != std::string::npos, d.c_str());
}

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
