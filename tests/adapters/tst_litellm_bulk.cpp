// The bulk LiteLLM spend-log reader must give exactly what the generic JSON streamer gives:
// the same rows, batch (totals, warnings, evidence, rounding) and, for bad input, the same
// error — on every golden input and on shapes chosen to push it onto its fallbacks.
#include "adapters/litellm/litellmspend.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace unalloc;

namespace {

struct Outcome
{
    bool ok = false;
    core::Error error;
    adapters::ReadResult result;
    std::vector<core::CostRow> rows;
};

/// A row with every field set, as an earlier record of another shape leaves it.
core::CostRow dirtyRow(int i)
{
    core::CostRow r;
    r.source = "stale-source";
    r.recordKey = "stale-" + std::to_string(i);
    r.name = "stale-object-with-a-long-name";
    r.amount = core::Money{core::Decimal::fromInt(99), core::Currency::usd()};
    r.start = 1;
    r.end = 2;
    r.labels = core::LabelMap({{"stale", "label"}, {"team", "stale-team"}});
    r.rawLabels = {{"stale", "label"}, {"team", "stale-team"}, {"extra", "x"}};
    r.collisions = {core::Collision{"team", {"team", "team_id"}, "team", "stale-team"}};
    r.quantity = core::Decimal::fromInt(7);
    r.unit = "stale-unit";
    r.usage = core::Usage{1, 2, 3, 4, 5, 6, "stale-provider", "stale-model"};
    r.batchId = 42;
    r.labelSetMemo = 77;
    return r;
}

/// How the sink takes the rows. Copy: the bulk reader's reused row keeps what the previous
/// record left in it. Swap: as the importer does, the reader gets an older row (every field
/// set, from records of other shapes) back to refill.
enum class Sink { Move, Copy, Swap };

Outcome read(const QByteArray &bytes, bool bulk, Sink mode = Sink::Move)
{
    static const adapters::LiteLlmSpendAdapter adapter;
    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "spend.json";
    options.normaliser = &normaliser;
    Outcome out;
    std::vector<core::CostRow> spare;
    for (int i = 0; mode == Sink::Swap && i < 64; ++i)
        spare.push_back(dirtyRow(i));
    const adapters::RowSink sink = [&out, &spare, mode](core::CostRow &&row) {
        if (mode == Sink::Copy) {
            out.rows.push_back(row);
        } else if (mode == Sink::Swap && !spare.empty()) {
            std::swap(row, spare.back());
            out.rows.push_back(std::move(spare.back()));
            spare.pop_back();
        } else {
            out.rows.push_back(std::move(row));
        }
    };
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    auto r =
        bulk ? adapter.read(view, options, sink, {}) : adapter.readGeneric(view, options, sink);
    out.ok = r.has_value();
    if (r)
        out.result = std::move(*r);
    else
        out.error = r.error();
    return out;
}

std::string describe(const core::CostRow &r)
{
    std::string s = r.source + "|" + r.recordKey + "|" + r.name + "|" + r.amount.toString() + "|" +
                    std::to_string(r.start) + "|" + std::to_string(r.end) + "|" + r.unit + "|" +
                    (r.quantity ? r.quantity->toString() : "-");
    for (const auto &[k, v] : r.labels.entries())
        s += "|L:" + k + "=" + v;
    for (const core::RawLabel &l : r.rawLabels)
        s += "|R:" + l.key + "=" + l.value;
    for (const core::Collision &c : r.collisions)
        s += "|C:" + c.canonicalKey + "=" + c.winnerRawKey;
    return s;
}

void compare(const Outcome &generic, const Outcome &bulk)
{
    QCOMPARE(bulk.ok, generic.ok);
    if (!generic.ok) {
        QCOMPARE(bulk.error.message(), generic.error.message());
        QCOMPARE(bulk.error.code, generic.error.code);
        return;
    }
    QCOMPARE(bulk.rows.size(), generic.rows.size());
    for (size_t i = 0; i < generic.rows.size(); ++i) {
        QCOMPARE(describe(bulk.rows[i]), describe(generic.rows[i]));
        QVERIFY(bulk.rows[i].labels == generic.rows[i].labels);
        QVERIFY(bulk.rows[i].collisions == generic.rows[i].collisions);
        QVERIFY(bulk.rows[i].usage == generic.rows[i].usage);
    }
    const core::ImportBatch &a = bulk.result.batch, &b = generic.result.batch;
    QCOMPARE(a.status, b.status);
    QVERIFY(a.warnings == b.warnings);
    QVERIFY(a.totals == b.totals);
    QCOMPARE(a.rowCount, b.rowCount);
    QCOMPARE(a.roundedValues, b.roundedValues);
    QCOMPARE(a.windowStart, b.windowStart);
    QCOMPARE(a.windowEnd, b.windowEnd);
    QCOMPARE(a.evidence.reason, b.evidence.reason);
    QCOMPARE(a.evidence.recordsRead, b.evidence.recordsRead);
    QCOMPARE(a.evidence.recordsDeclared, b.evidence.recordsDeclared);
    QCOMPARE(a.evidence.pagesRead, b.evidence.pagesRead);
    QCOMPARE(a.evidence.pagesDeclared, b.evidence.pagesDeclared);
}

QByteArray fileBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const char *const kRecord =
    R"({"request_id":"r1","spend":0.125,"startTime":"2026-08-01T10:00:00Z",)"
    R"("endTime":"2026-08-01T10:00:02Z","model":"azure/gpt-4.1","prompt_tokens":10,)"
    R"("completion_tokens":5,"total_tokens":15,"metadata":{"team":"a","n":3,"x":null,)"
    R"("deep":{"k":[1,2]}},"request_tags":["env:prod","bare",null,["x"],7],"team_id":"t1"})";

} // namespace

class TestLiteLlmBulk final : public QObject
{
    Q_OBJECT

private slots:
    void sameAsGeneric_data();
    void sameAsGeneric();
};

void TestLiteLlmBulk::sameAsGeneric_data()
{
    QTest::addColumn<QByteArray>("bytes");
    const QDir golden(QStringLiteral(UNALLOC_TEST_DATA) + QStringLiteral("/litellm"));
    for (const QString &c : golden.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir dir(golden.filePath(c));
        for (const QString &f : dir.entryList({QStringLiteral("input.*")}, QDir::Files))
            QTest::newRow(qPrintable(QStringLiteral("golden/") + c)) << fileBytes(dir.filePath(f));
    }
    const QByteArray rec(kRecord);
    auto with = [&rec](const char *from, const char *to) {
        return QByteArray(rec).replace(from, to);
    };
    QTest::newRow("plain") << "[" + rec + "]";
    QTest::newRow("bom-crlf") << "\xEF\xBB\xBF[\r\n" + rec + ",\r\n" + with("r1", "r2") + "]";
    QTest::newRow("page-envelope") << R"({"data":[)" + rec +
                                          R"(],"total":3,"page":1,)"
                                          R"("total_pages":2,"x":{"y":[1]}})";
    QTest::newRow("pages-concat") << R"({"data":[)" + rec +
                                         R"(],"total":2,"page":1,"total_pages":2})" +
                                         "\n"
                                         R"({"data":[)" +
                                         with("r1", "r2") + R"(],"page":2})";
    QTest::newRow("capped") << R"({"data":[)" + rec + R"(],"total":1,"total_is_capped":true})";
    QTest::newRow("escapes") << "[" + with("\"t1\"", R"("t\u00e9\n1")") + "]";
    QTest::newRow("utf8") << "[" + with("\"t1\"", "\"t\xC3\xA9\"") + "]";
    QTest::newRow("bad-utf8") << "[" + with("\"t1\"", "\"t\xC3\"") + "]";
    QTest::newRow("metadata-string")
        << "[" + with(R"("metadata":{)", R"("metadata":"{\"a\":1}","m2":{)") + "]";
    QTest::newRow("spend-logs-metadata")
        << "[" + with(R"("deep":)", R"("spend_logs_metadata":{"owner":"o"},"d":)") + "]";
    // What a real proxy writes on nearly every row: both nested sources present and null.
    QTest::newRow("null-nested-sources")
        << "[" +
               with(R"("deep":)", R"("spend_logs_metadata":null,"d2":1,)"
                                  R"("additional_usage_values":null,"d":)") +
               "]";
    QTest::newRow("cached-tokens")
        << "[" +
               with(R"("deep":)", R"("additional_usage_values":)"
                                  R"({"cache_read_input_tokens":4},"d":)") +
               "]";
    QTest::newRow("minus-zero") << "[" + with("\"n\":3", "\"n\":-0") + "]";
    QTest::newRow("duplicate-key")
        << "[" + with("\"team_id\":\"t1\"", "\"team_id\":\"t1\",\"team_id\":\"t2\"") + "]";
    QTest::newRow("duplicate-unread-key")
        << "[" + with("\"team_id\":\"t1\"", "\"team_id\":\"t1\",\"call\":1,\"call\":2") + "]";
    QTest::newRow("duplicate-metadata-key")
        << "[" + with("\"team\":\"a\"", "\"team\":\"a\",\"team\":\"b\"") + "]";
    QTest::newRow("duplicate-key-deep-in-metadata")
        << "[" + with("\"k\":[1,2]", "\"k\":[1,2],\"k\":3") + "]";
    QTest::newRow("unix-times") << "[" + with(R"("2026-08-01T10:00:00Z")", "1785578400.5") + "]";
    QTest::newRow("cost-not-spend")
        << "[" + with("\"spend\":0.125", "\"spend\":null,\"cost\":\"1.5\"") + "]";
    QTest::newRow("rounded") << "[" + with("0.125", "0.1234567890123456789012") + "]";
    QTest::newRow("negative") << "[" + with("0.125", "-2.5e-1") + "]";
    QTest::newRow("no-model") << "[" + with("\"model\":\"azure/gpt-4.1\",", "") + "]";
    QTest::newRow("model-object") << "[" + with("\"azure/gpt-4.1\"", "{\"a\":1}") + "]";
    QTest::newRow("float-count") << "[" + with("\"prompt_tokens\":10", "\"prompt_tokens\":10.0") +
                                        "]";
    QTest::newRow("bad-count") << "[" + with("\"prompt_tokens\":10", "\"prompt_tokens\":1.5") + "]";
    QTest::newRow("missing-id") << "[" + with("\"request_id\":\"r1\",", "") + "]";
    QTest::newRow("numeric-id") << "[" + with("\"r1\"", "12345") + "]";
    QTest::newRow("not-object") << "[" + rec + ",42]";
    QTest::newRow("nan") << "[" + with("0.125", "NaN") + "]";
    QTest::newRow("leading-zero") << "[" + with("0.125", "01") + "]";
    QTest::newRow("truncated") << "[" + rec.left(rec.size() - 7);
    QTest::newRow("trailing-garbage") << "[" + rec + "] x";
    QTest::newRow("control-char") << "[" + with("\"t1\"", "\"t\x01\"") + "]";
    QTest::newRow("empty") << QByteArray(" \n");
    QTest::newRow("empty-list") << QByteArray("[]");
    QTest::newRow("scalar-doc") << QByteArray("42");
    QTest::newRow("bad-window") << "[" + with("10:00:02Z", "09:00:02Z") + "]";
    // Strings longer than a word, with what ends the fast scan past the first eight bytes.
    QTest::newRow("long-escape") << "[" + with("\"t1\"", R"("abcdefghijklmnop\"q\u00e9r")") + "]";
    QTest::newRow("long-utf8") << "[" + with("\"t1\"", "\"abcdefghijk\xC3\xA9lmnopq\"") + "]";
    QTest::newRow("long-control") << "[" + with("\"t1\"", "\"abcdefghijklmn\x1Fop\"") + "]";
    QTest::newRow("long-bad-utf8") << "[" + with("\"t1\"", "\"abcdefghijklmn\xFFop\"") + "]";
    // Label sets: repeats, sets that differ in one value or only in where a key ends, blank
    // keys and values, and a sparse record after a full one (the reused row must not keep
    // the earlier record's optional fields).
    const QByteArray sparse =
        with("r1", "r9")
            .replace(R"("model":"azure/gpt-4.1",)", "")
            .replace(R"("prompt_tokens":10,"completion_tokens":5,"total_tokens":15,)", "");
    QTest::newRow("label-sets") << "[" + rec + "," + with("r1", "r2") + "," +
                                       with("\"team\":\"a\"", "\"team\":\"b\"") + "," +
                                       with("\"team\":\"a\"", "\"tea\":\"ma\"") + "," +
                                       with("\"team\":\"a\"",
                                            "\"team\":\" \",\" \":\"z\",\"team\":\"c\"") +
                                       "," + sparse + "," + with("r1", "r3") + "," + sparse + "]";
    QTest::newRow("provider-and-first-token")
        << "[" +
               with(R"("team_id")", R"("custom_llm_provider":"p","completionStartTime":)"
                                    R"("2026-08-01T10:00:01Z","team_id")") +
               "," + sparse + "]";
}

void TestLiteLlmBulk::sameAsGeneric()
{
    QFETCH(QByteArray, bytes);
    const Outcome generic = read(bytes, false);
    compare(generic, read(bytes, true));
    compare(generic, read(bytes, true, Sink::Copy));
    compare(generic, read(bytes, true, Sink::Swap));
    compare(generic, read(bytes, false, Sink::Swap)); // the generic path empties what it gets
}

QTEST_GUILESS_MAIN(TestLiteLlmBulk)
#include "tst_litellm_bulk.moc"
