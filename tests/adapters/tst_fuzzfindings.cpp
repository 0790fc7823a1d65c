// What the fuzz targets found (issue 19), pinned down as behaviour: each case is the finding's
// input (tests/data/fuzz/TARGET/) or its smallest form, and checks the fixed behaviour, not
// just the absence of a crash (tst_fuzzreplay does that for every finding).
#include "adapters/adapter.h"

#include <QFile>
#include <QTest>

using namespace unalloc;

namespace {

std::string testFile(const QString &relative)
{
    QFile f(QStringLiteral(UNALLOC_TEST_DATA "/") + relative);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

core::Result<adapters::LoadedFile> read(const std::string &bytes, const std::string &format)
{
    static core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = "finding.input";
    options.normaliser = &normaliser;
    return adapters::readBytes(bytes, options, format);
}

} // namespace

class TestFuzzFindings final : public QObject
{
    Q_OBJECT

private slots:
    void dayGapsAreCountedNotAllListed_data();
    void dayGapsAreCountedNotAllListed();
};

void TestFuzzFindings::dayGapsAreCountedNotAllListed_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("reasonStart");
    QTest::addColumn<QString>("lastGap");
    // 2023-01-02 and 4046-01-01: 738,884 days between them have no rows.
    QTest::newRow("year typo in an OpenCost export")
        << QStringLiteral("fuzz/opencost-csv/finding-year-typo-spans-centuries.csv")
        << QStringLiteral("opencost-export-csv") << QStringLiteral("738884 day(s) ")
        << QStringLiteral("4045-12-31");
}

void TestFuzzFindings::dayGapsAreCountedNotAllListed()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(QString, reasonStart);
    QFETCH(QString, lastGap);
    const std::string bytes = testFile(file);
    QVERIFY(!bytes.empty());
    const auto loaded = read(bytes, format.toStdString());
    QVERIFY2(loaded, loaded ? "" : loaded.error().message().c_str());
    const core::Completeness &ev = loaded->result.batch.evidence;
    QVERIFY2(ev.reason.starts_with(reasonStart.toStdString()), ev.reason.c_str());
    QVERIFY2(ev.gaps.size() <= 101, std::to_string(ev.gaps.size()).c_str());
    QCOMPARE(QString::fromStdString(ev.gaps.back()), lastGap);
    QCOMPARE(loaded->result.batch.status, core::BatchStatus::Partial);
}

QTEST_GUILESS_MAIN(TestFuzzFindings)
#include "tst_fuzzfindings.moc"
