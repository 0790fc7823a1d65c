// Golden tests for every adapter: each folder tests/data/<source>/<case>/ holds one input
// file (input.<ext>) and expected.json; a new case is a new folder.
#include "adapters/adapter.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <map>
#include <set>

using namespace unalloc;

namespace {

QString dataDir()
{
    return QStringLiteral(UNALLOC_TEST_DATA);
}

std::string str(const QJsonValue &v)
{
    return v.toString().toStdString();
}

std::optional<core::TimeUs> timeOpt(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined())
        return std::nullopt;
    auto t = core::parseTimestamp(str(v));
    return t ? std::optional<core::TimeUs>(*t) : std::nullopt;
}

QString inputFile(const QString &caseDir)
{
    const QStringList inputs = QDir(caseDir).entryList({QStringLiteral("input.*")}, QDir::Files);
    return inputs.isEmpty() ? QString() : caseDir + QLatin1Char('/') + inputs.first();
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

const core::CostRow *findRow(const std::vector<core::CostRow> &rows, const std::string &key)
{
    for (const core::CostRow &r : rows) {
        if (r.recordKey == key)
            return &r;
    }
    return nullptr;
}

} // namespace

class TestAdaptersGolden final : public QObject
{
    Q_OBJECT

private slots:
    void golden_data();
    void golden();
    void demoSample();
    void recordKeysUnique_data() { golden_data(); }
    void recordKeysUnique();
};

void TestAdaptersGolden::golden_data()
{
    QTest::addColumn<QString>("caseDir");
    const QDir root(dataDir());
    // The adapter folders only: tests/data is shared with the CLI, ledger and meter tests.
    const QStringList sources = {QStringLiteral("anthropic"), QStringLiteral("demo"),
                                 QStringLiteral("focus"),     QStringLiteral("invoices"),
                                 QStringLiteral("litellm"),   QStringLiteral("openai"),
                                 QStringLiteral("opencost"),  QStringLiteral("unknown")};
    for (const QString &source : sources) {
        const QDir sourceDir(root.filePath(source));
        for (const QString &c :
             sourceDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString caseDir = sourceDir.filePath(c);
            if (QFile::exists(caseDir + QStringLiteral("/expected.json")))
                QTest::newRow(qPrintable(source + QLatin1Char('/') + c)) << caseDir;
        }
    }
}

void TestAdaptersGolden::golden()
{
    QFETCH(QString, caseDir);
    const QString input = inputFile(caseDir);
    QVERIFY2(!input.isEmpty(), "no input.* file");
    const QByteArray bytes = readAll(input);
    QJsonParseError perr;
    const QJsonObject ex =
        QJsonDocument::fromJson(readAll(caseDir + QStringLiteral("/expected.json")), &perr)
            .object();
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));

    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = QFileInfo(input).fileName().toStdString();
    options.normaliser = &normaliser;
    const QJsonObject opt = ex.value(QStringLiteral("options")).toObject();
    options.requestedStart = timeOpt(opt, "requestedStart");
    options.requestedEnd = timeOpt(opt, "requestedEnd");
    if (opt.contains(QStringLiteral("requestedStepSeconds")))
        options.requestedStep =
            core::TimeUs(opt.value(QStringLiteral("requestedStepSeconds")).toInt()) *
            core::kUsPerSecond;

    const std::string_view view(bytes.constData(), size_t(bytes.size()));
    const adapters::Adapter *detected =
        adapters::Registry::instance().detect(view, options.fileName);
    if (ex.contains(QStringLiteral("adapter"))) {
        QVERIFY2(detected, "no adapter detected");
        QCOMPARE(detected->id(), str(ex.value(QStringLiteral("adapter"))));
    }
    auto loaded = adapters::readBytes(view, options, str(ex.value(QStringLiteral("forceAdapter"))));

    if (ex.contains(QStringLiteral("error"))) {
        QVERIFY2(!loaded, "the read should have failed");
        const QJsonObject e = ex.value(QStringLiteral("error")).toObject();
        const core::Error &err = loaded.error();
        QCOMPARE(err.code, str(e.value(QStringLiteral("code"))));
        QCOMPARE(err.file, options.fileName);
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
    QVERIFY2(loaded.has_value(), loaded ? "" : loaded.error().message().c_str());
    const core::ImportBatch &batch = loaded->result.batch;
    const auto &rows = loaded->rows;

    QCOMPARE(std::int64_t(rows.size()), std::int64_t(ex.value(QStringLiteral("rows")).toInt()));
    QCOMPARE(batch.rowCount, std::int64_t(rows.size()));
    // Totals are hand-computed (python3 decimal) and compared as canonical text.
    std::map<std::string, std::string> totals;
    for (const core::Money &m : batch.totals)
        totals[m.currency.code()] = m.amount.toString();
    std::map<std::string, std::string> expectedTotals;
    const QJsonObject et = ex.value(QStringLiteral("totals")).toObject();
    for (auto it = et.begin(); it != et.end(); ++it)
        expectedTotals[it.key().toStdString()] = str(it.value());
    QCOMPARE(totals, expectedTotals);
    // Independent check: the rows sum to the batch totals.
    std::map<std::string, core::Decimal> sums;
    for (const core::CostRow &r : rows)
        sums[r.amount.currency.code()] += r.amount.amount;
    for (const auto &[code, sum] : sums)
        QCOMPARE(sum.toString(), totals[code]);

    QCOMPARE(std::string(core::toString(batch.status)), str(ex.value(QStringLiteral("status"))));
    if (ex.contains(QStringLiteral("reasonContains"))) {
        const std::string needle = str(ex.value(QStringLiteral("reasonContains")));
        QVERIFY2(batch.evidence.reason.find(needle) != std::string::npos,
                 batch.evidence.reason.c_str());
    }
    QCOMPARE(batch.roundedValues, std::int64_t(ex.value(QStringLiteral("roundedValues")).toInt()));
    QStringList gotWarnings, wantWarnings;
    for (const core::Warning &w : batch.warnings)
        gotWarnings << QString::fromStdString(w.code + " @ " + w.record + " " + w.field).trimmed();
    for (const QJsonValue &w : ex.value(QStringLiteral("warnings")).toArray())
        wantWarnings << w.toString();
    QCOMPARE(gotWarnings, wantWarnings);
    if (ex.contains(QStringLiteral("window"))) {
        const QJsonObject w = ex.value(QStringLiteral("window")).toObject();
        QVERIFY(batch.windowStart && batch.windowEnd);
        QCOMPARE(core::formatTimestamp(*batch.windowStart), str(w.value(QStringLiteral("start"))));
        QCOMPARE(core::formatTimestamp(*batch.windowEnd), str(w.value(QStringLiteral("end"))));
    }
    for (const QJsonValue &iv : ex.value(QStringLiteral("invoices")).toArray()) {
        const QJsonObject io = iv.toObject();
        const auto it = std::find_if(loaded->result.invoices.begin(), loaded->result.invoices.end(),
                                     [&](const core::Invoice &i) {
                                         return i.source == str(io.value(QStringLiteral("source")));
                                     });
        QVERIFY(it != loaded->result.invoices.end());
        QCOMPARE(it->amount.toString(), str(io.value(QStringLiteral("amount"))));
    }
    if (ex.contains(QStringLiteral("invoiceCount"))) {
        QCOMPARE(qsizetype(loaded->result.invoices.size()),
                 qsizetype(ex.value(QStringLiteral("invoiceCount")).toInt()));
    }
    for (const QJsonValue &sv : ex.value(QStringLiteral("spot")).toArray()) {
        const QJsonObject s = sv.toObject();
        const core::CostRow *row = findRow(rows, str(s.value(QStringLiteral("key"))));
        QVERIFY2(row, qPrintable(QStringLiteral("no row with key ") +
                                 s.value(QStringLiteral("key")).toString()));
        QCOMPARE(row->amount.toString(), str(s.value(QStringLiteral("amount"))));
        if (s.contains(QStringLiteral("name")))
            QCOMPARE(row->name, str(s.value(QStringLiteral("name"))));
        if (s.contains(QStringLiteral("start")))
            QCOMPARE(core::formatTimestamp(row->start), str(s.value(QStringLiteral("start"))));
        if (s.contains(QStringLiteral("end")))
            QCOMPARE(core::formatTimestamp(row->end), str(s.value(QStringLiteral("end"))));
        if (s.contains(QStringLiteral("labels"))) {
            std::vector<core::LabelMap::Entry> want;
            const QJsonObject lo = s.value(QStringLiteral("labels")).toObject();
            for (auto it = lo.begin(); it != lo.end(); ++it)
                want.emplace_back(it.key().toStdString(), str(it.value()));
            QCOMPARE(row->labels.entries(), core::LabelMap(want).entries());
        }
        if (s.contains(QStringLiteral("rawLabels"))) {
            core::RawLabels want;
            for (const QJsonValue &p : s.value(QStringLiteral("rawLabels")).toArray())
                want.push_back({str(p.toArray().at(0)), str(p.toArray().at(1))});
            QCOMPARE(row->rawLabels, want);
        }
        if (s.contains(QStringLiteral("quantity"))) {
            QVERIFY(row->quantity.has_value());
            QCOMPARE(row->quantity->toString(), str(s.value(QStringLiteral("quantity"))));
            QCOMPARE(row->unit, str(s.value(QStringLiteral("unit"))));
        }
        if (s.contains(QStringLiteral("usage"))) {
            const QJsonObject u = s.value(QStringLiteral("usage")).toObject();
            QVERIFY(row->usage.has_value());
            auto opt = [&](const char *k) -> std::optional<std::int64_t> {
                const QJsonValue v = u.value(QLatin1String(k));
                if (v.isUndefined() || v.isNull())
                    return std::nullopt;
                return std::int64_t(v.toDouble());
            };
            QCOMPARE(row->usage->promptTokens, opt("prompt"));
            QCOMPARE(row->usage->completionTokens, opt("completion"));
            QCOMPARE(row->usage->cachedTokens, opt("cached"));
            QCOMPARE(row->usage->provider, str(u.value(QStringLiteral("provider"))));
            QCOMPARE(row->usage->model, str(u.value(QStringLiteral("model"))));
        }
    }
}

void TestAdaptersGolden::recordKeysUnique()
{
    QFETCH(QString, caseDir);
    const QByteArray bytes = readAll(inputFile(caseDir));
    const QJsonObject ex =
        QJsonDocument::fromJson(readAll(caseDir + QStringLiteral("/expected.json"))).object();
    if (ex.contains(QStringLiteral("error")) ||
        ex.value(QStringLiteral("duplicateKeysAllowed")).toBool())
        QSKIP("failure case or a page set with repeated records");
    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "input";
    options.normaliser = &normaliser;
    const QJsonObject opt = ex.value(QStringLiteral("options")).toObject();
    options.requestedStart = timeOpt(opt, "requestedStart");
    options.requestedEnd = timeOpt(opt, "requestedEnd");
    auto loaded = adapters::readBytes(std::string_view(bytes.constData(), size_t(bytes.size())),
                                      options, str(ex.value(QStringLiteral("forceAdapter"))));
    QVERIFY(loaded.has_value());
    std::set<std::string> keys;
    for (const core::CostRow &r : loaded->rows)
        QVERIFY2(keys.insert(r.recordKey).second, r.recordKey.c_str());
}

void TestAdaptersGolden::demoSample()
{
    // The bundled sample as a whole: 15 rows, $66,630.38 (DESIGN §4, issue 2).
    const QString dir = dataDir() + QStringLiteral("/demo");
    core::LabelNormaliser normaliser;
    core::Decimal total;
    std::int64_t rows = 0;
    for (const char *c : {"opencost", "litellm", "openai", "anthropic"}) {
        const QByteArray bytes =
            readAll(dir + QLatin1Char('/') + QLatin1String(c) + QStringLiteral("/input.json"));
        adapters::ReadOptions options;
        options.fileName = c;
        options.normaliser = &normaliser;
        auto loaded =
            adapters::readBytes(std::string_view(bytes.constData(), size_t(bytes.size())), options);
        QVERIFY2(loaded.has_value(), loaded ? "" : loaded.error().message().c_str());
        for (const core::CostRow &r : loaded->rows)
            total += r.amount.amount;
        rows += std::int64_t(loaded->rows.size());
    }
    QCOMPARE(rows, std::int64_t(15));
    QCOMPARE(total.toString(), std::string("66630.38"));
}

QTEST_GUILESS_MAIN(TestAdaptersGolden)
#include "tst_adapters_golden.moc"
