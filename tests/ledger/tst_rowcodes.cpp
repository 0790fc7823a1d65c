// Schema v8's coded columns (rowcodes.h): every listed text is stored as its code and read
// back as itself through the generated column, an unlisted one is stored as text, and the
// lists are those the schema was released with (a change needs a new schema version: each
// file keeps the expressions it was created with).
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/rowcodes.h"

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

QTEST_GUILESS_MAIN(TestRowCodes)
#include "tst_rowcodes.moc"
