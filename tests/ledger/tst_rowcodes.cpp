// Schema v8's coded columns (rowcodes.h): every listed text is stored as its code and read
// back as itself through the generated column, an unlisted one is stored as text, and the
// lists are those the schema was released with (a change needs a new schema version: each
// file keeps the expressions it was created with). Schema v9's packed record keys, whole
// quantities, start offsets and done instants read back as written, and a record whose key
// is packed is found again by the next import.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/rowcodes.h"

#include <algorithm>

#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
namespace rowcodes = unalloc::core::rowcodes;

namespace {

const rowcodes::Coded &column(const QString &name)
{
    if (name == QLatin1String("source"))
        return rowcodes::kSource;
    if (name == QLatin1String("currency"))
        return rowcodes::kCurrency;
    if (name == QLatin1String("unit"))
        return rowcodes::kUnit;
    return rowcodes::kProvider;
}

std::string joined(const rowcodes::Coded &c)
{
    std::string out;
    for (size_t i = 0; i < c.texts.size(); ++i)
        out += std::string(i == 0 ? "" : ",") + std::string(c.texts[i]);
    return out;
}

} // namespace

class TestRowCodes final : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void listsAreThoseOfSchemaV8();
    void recordKeyRoundTrip_data();
    void recordKeyRoundTrip();
    void unknownKeyFormIsCorrupt();
    void requestRoundTrip_data();
    void requestRoundTrip();
};

void TestRowCodes::roundTrip_data()
{
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("coded");
    for (const char *name : {"source", "currency", "unit", "provider"}) {
        const QString c = QString::fromLatin1(name);
        for (std::string_view t : column(c).texts)
            QTest::addRow("%s %s", name, std::string(t).c_str())
                << c << QString::fromStdString(std::string(t)) << true;
    }
    QTest::newRow("source of one's own") << u"source"_qs << u"mistral-eu"_qs << false;
    QTest::newRow("source with a quote") << u"source"_qs << u"o'brien"_qs << false;
    QTest::newRow("source that looks like a code") << u"source"_qs << u"1"_qs << false;
    QTest::newRow("unlisted currency") << u"currency"_qs << u"NOK"_qs << false;
    QTest::newRow("unlisted unit") << u"unit"_qs << u"GB-hours"_qs << false;
    QTest::newRow("unlisted provider") << u"provider"_qs << u"fireworks_ai"_qs << false;
}

void TestRowCodes::roundTrip()
{
    QFETCH(QString, column);
    QFETCH(QString, text);
    QFETCH(bool, coded);
    QTemporaryDir dir;
    const std::string path = dir.filePath(u"codes.unalloc"_qs).toStdString();
    {
        auto ledger = core::LedgerStore::create(path);
        QVERIFY(ledger.has_value());
        core::CostRow row = testing::makeRow("r1", "1.25", 0, "search", "fake");
        const std::string value = text.toStdString();
        core::Usage usage;
        usage.model = "gpt-4o";
        usage.provider = "openai";
        if (column == QLatin1String("source"))
            row.source = value;
        else if (column == QLatin1String("currency"))
            row.amount.currency = core::Currency::parse(value).value();
        else if (column == QLatin1String("unit"))
            row.unit = value;
        else
            usage.provider = value;
        row.usage = usage;
        testing::importRows(**ledger, {row});
    }
    const rowcodes::Coded &c = ::column(column);
    const std::string read = "SELECT " + std::string(c.column) + " FROM rows";
    QCOMPARE(testing::sqlText(path, read.c_str()), text.toStdString());
    const std::string type = "SELECT typeof(" + std::string(c.stored) + ") FROM rows";
    QCOMPARE(testing::sqlText(path, type.c_str()), std::string(coded ? "integer" : "text"));
    // A filter on the generated column finds the row.
    std::string literal = "'";
    for (char ch : text.toStdString())
        literal += ch == '\'' ? std::string("''") : std::string(1, ch);
    const std::string filter =
        "SELECT count(*) FROM rows WHERE " + std::string(c.column) + " = " + literal + "'";
    QCOMPARE(testing::sqlCount(path, filter.c_str()), 1);
}

void TestRowCodes::listsAreThoseOfSchemaV8()
{
    QCOMPARE(joined(rowcodes::kSource),
             std::string("litellm,opencost,openai,anthropic,focus,openai-usage,anthropic-usage"));
    QCOMPARE(joined(rowcodes::kCurrency), std::string("USD,EUR,GBP,JPY,CAD,AUD,CHF,CNY,INR,SEK"));
    QCOMPARE(joined(rowcodes::kUnit),
             std::string(",tokens,gpu-hours,requests,Tokens,Requests,hours,Hours"));
    QCOMPARE(joined(rowcodes::kProvider),
             std::string("openai,azure,anthropic,bedrock,vertex_ai,gemini,hosted_vllm,mistral,"
                         "cohere,together_ai,groq,deepseek,xai,azure_ai"));
}

void TestRowCodes::recordKeyRoundTrip_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("stored"); // typeof(key_packed)
    QTest::newRow("openai response id") << u"chatcmpl-C0aX7mQ2tYpLr8vN3kHs5dWf1Bz"_qs << u"blob"_qs;
    QTest::newRow("anthropic message id") << u"msg_01Hq7XyZ"_qs << u"blob"_qs;
    QTest::newRow("litellm call uuid") << u"5a0e3c9b-71d4-4e86-a2f9-0b6c8d1e4f73"_qs << u"blob"_qs;
    QTest::newRow("uuid of zeros") << u"00000000-0000-0000-0000-000000000000"_qs << u"blob"_qs;
    QTest::newRow("uuid of ff") << u"ffffffff-ffff-ffff-ffff-ffffffffffff"_qs << u"blob"_qs;
    QTest::newRow("prefix with text after it") << u"chatcmpl-é'ü"_qs << u"blob"_qs;
    QTest::newRow("the prefix alone") << u"chatcmpl-"_qs << u"text"_qs;
    QTest::newRow("msg_ alone") << u"msg_"_qs << u"text"_qs;
    QTest::newRow("prefix in another case") << u"Chatcmpl-abc"_qs << u"text"_qs;
    QTest::newRow("upper-case uuid") << u"5A0E3C9B-71D4-4E86-A2F9-0B6C8D1E4F73"_qs << u"text"_qs;
    QTest::newRow("uuid with a g") << u"5a0e3c9b-71d4-4e86-a2f9-0b6c8d1e4f7g"_qs << u"text"_qs;
    QTest::newRow("dashes elsewhere") << u"5a0e3c9b7-1d4-4e86-a2f9-0b6c8d1e4f73"_qs << u"text"_qs;
    QTest::newRow("uuid in braces") << u"{5a0e3c9b-71d4-4e86-a2f9-0b6c8d1e4f73}"_qs << u"text"_qs;
    QTest::newRow("uuid and more") << u"5a0e3c9b-71d4-4e86-a2f9-0b6c8d1e4f731"_qs << u"text"_qs;
    QTest::newRow("cluster key") << u"2026-08-01T00:00:00Z/ml-search/pod-7"_qs << u"text"_qs;
}

void TestRowCodes::recordKeyRoundTrip()
{
    QFETCH(QString, key);
    QFETCH(QString, stored);
    QTemporaryDir dir;
    const std::string path = dir.filePath(u"keys.unalloc"_qs).toStdString();
    auto ledger = core::LedgerStore::create(path);
    QVERIFY(ledger.has_value());
    const core::CostRow row = testing::makeRow(key.toStdString(), "1.25", 0, "search");
    testing::importRows(**ledger, {row, testing::makeRow("other", "2", 0, "search")});
    QCOMPARE(testing::sqlText(path, "SELECT typeof(key_packed) FROM rows WHERE id = 1"),
             stored.toStdString());
    QCOMPARE(testing::sqlText(path, "SELECT record_key FROM row_keys WHERE id = 1"),
             key.toStdString());
    auto back = (*ledger)->rowById(1);
    QVERIFY(back.has_value() && back->has_value());
    QCOMPARE((*back)->row.recordKey, key.toStdString());
    // The same record again is a duplicate: found by its fingerprint, compared as text.
    core::BatchCounts counts;
    testing::importRows(**ledger, {row}, &counts);
    QCOMPARE(counts.rowsAdded, std::int64_t{0});
    QCOMPARE(counts.duplicates, std::int64_t{1});
    QCOMPARE(testing::sqlCount(path, "SELECT count(*) FROM rows"), 2);
    QCOMPARE(testing::wrongFingerprints(path), 0);
}

void TestRowCodes::unknownKeyFormIsCorrupt()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(u"forms.unalloc"_qs).toStdString();
    {
        auto ledger = core::LedgerStore::create(path);
        QVERIFY(ledger.has_value());
        testing::importRows(**ledger, {testing::makeRow("msg_1", "1", 0, "search"),
                                       testing::makeRow("msg_2", "1", 0, "search")});
    }
    // A form byte packKey never writes, and a uuid of 15 bytes.
    QVERIFY(testing::execRaw(path, "UPDATE rows SET key_packed = x'09616263' WHERE id = 1; "
                                   "UPDATE rows SET key_packed = x'03" +
                                       std::string(30, '0') + "' WHERE id = 2"));
    auto ledger = core::LedgerStore::open(path, true);
    QVERIFY(ledger.has_value());
    for (std::int64_t id : {1, 2}) {
        auto row = (*ledger)->rowById(id);
        QVERIFY(!row.has_value());
        QCOMPARE(row.error().code, std::string("ledger-corrupt"));
        QVERIFY2(row.error().message().find("forms.unalloc") != std::string::npos,
                 row.error().message().c_str());
        QVERIFY2(row.error().message().find("row " + std::to_string(id)) != std::string::npos,
                 row.error().message().c_str());
    }
}

void TestRowCodes::requestRoundTrip_data()
{
    QTest::addColumn<QString>("quantity"); // "" for none
    QTest::addColumn<QString>("stored");   // typeof(quantity)
    QTest::addColumn<qint64>("startUs");
    QTest::newRow("tokens") << u"3972"_qs << u"integer"_qs << qint64(1786752288815619);
    QTest::newRow("zero tokens") << u"0"_qs << u"integer"_qs << qint64(1786752288815619);
    QTest::newRow("negative whole") << u"-12"_qs << u"integer"_qs << qint64(1767225600000000);
    QTest::newRow("largest whole")
        << u"9223372036854775807"_qs << u"integer"_qs << qint64(1767225600000001);
    QTest::newRow("past 64 bits") << u"9223372036854775808"_qs << u"blob"_qs << qint64(0);
    QTest::newRow("gpu-hours") << u"0.25"_qs << u"blob"_qs << qint64(1767225599999999);
    QTest::newRow("smallest fraction")
        << u"0.000000000000000001"_qs << u"blob"_qs << qint64(4102444800000000);
    QTest::newRow("no quantity") << QString() << u"null"_qs << qint64(-86400000000);
}

void TestRowCodes::requestRoundTrip()
{
    QFETCH(QString, quantity);
    QFETCH(QString, stored);
    QFETCH(qint64, startUs);
    QTemporaryDir dir;
    const std::string path = dir.filePath(u"requests.unalloc"_qs).toStdString();
    auto ledger = core::LedgerStore::create(path);
    QVERIFY(ledger.has_value());
    core::CostRow row = testing::makeRow("r1", "1.25", 0, "search");
    row.start = startUs;
    row.end = startUs + 2'500'000;
    if (!quantity.isEmpty())
        row.quantity = core::Decimal::parse(quantity.toStdString()).value();
    core::Usage usage;
    usage.model = "gpt-4o";
    usage.provider = "openai";
    usage.sendTime = row.start;
    usage.firstTokenTime = row.start + 300'000;
    usage.doneTime = row.end; // a gateway request: done when it ends
    row.usage = usage;
    core::CostRow late = row; // done after the row's end (a provider's own clock)
    late.recordKey = "r2";
    late.usage->doneTime = row.end + 7;
    core::CostRow early = row;
    early.recordKey = "r3";
    early.usage->doneTime = row.start - 1;
    testing::importRows(**ledger, {row, late, early});
    QCOMPARE(testing::sqlText(path, "SELECT typeof(quantity) FROM rows WHERE id = 1"),
             stored.toStdString());
    QCOMPARE(testing::sqlText(path, "SELECT group_concat(done_after_end_us) FROM rows"),
             std::string("0,7,-2500001"));
    const std::string atStart =
        "SELECT count(*) FROM rows WHERE start_us = " + std::to_string(startUs);
    QCOMPARE(testing::sqlCount(path, atStart.c_str()), 3);
    for (const core::CostRow &want : {row, late, early}) {
        auto all = (*ledger)->rows({}, core::LedgerSort::Start, true, 0, 10);
        QVERIFY(all.has_value());
        const auto it = std::find_if(all->begin(), all->end(), [&](const core::LedgerRow &r) {
            return r.row.recordKey == want.recordKey;
        });
        QVERIFY(it != all->end());
        QCOMPARE(it->row.start, want.start);
        QCOMPARE(it->row.end, want.end);
        QCOMPARE(it->row.quantity.has_value(), want.quantity.has_value());
        if (want.quantity)
            QCOMPARE(it->row.quantity->toString(), want.quantity->toString());
        QVERIFY(it->row.usage.has_value());
        QCOMPARE(it->row.usage->doneTime, want.usage->doneTime);
        QCOMPARE(it->row.usage->firstTokenTime, want.usage->firstTokenTime);
        QCOMPARE(it->row.usage->sendTime, want.usage->sendTime);
    }
}

QTEST_GUILESS_MAIN(TestRowCodes)
#include "tst_rowcodes.moc"
