// hugepages::advise: with it on, operator new gives blocks of 4 MB and more on whole, aligned,
// advised huge pages (the kernel's VmFlags for the block say "hg"); with it off, or below the
// size, plain malloc. Every block is freed alike, and a failed allocation reaches the new
// handler and then throws.
#include "core/hugepages.h"

#include <QFile>
#include <QTest>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <new>
#include <sstream>
#include <string>
#include <vector>

using namespace unalloc::core;

namespace {

bool hasTransparentHugePages()
{
    return QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
}

/// The VmFlags of the mapping that holds `p` (/proc/self/smaps), or empty when none does.
QString vmFlagsAt(const void *p)
{
    std::ifstream smaps("/proc/self/smaps"); // its size reads as 0: line by line, to the end
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    bool inside = false;
    std::string line;
    while (std::getline(smaps, line)) {
        std::uintptr_t start = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::istringstream head(line);
        if (head >> std::hex >> start >> dash >> end && dash == '-' && end > start) {
            inside = start <= at && at < end;
        } else if (inside && line.rfind("VmFlags:", 0) == 0) {
            return QString::fromStdString(line.substr(8)).trimmed();
        }
    }
    return {};
}

bool advised(const void *p)
{
    return vmFlagsAt(p).split(QLatin1Char(' ')).contains(QStringLiteral("hg"));
}

bool aligned(const void *p)
{
    return reinterpret_cast<std::uintptr_t>(p) % hugepages::kPageBytes == 0;
}

int g_handlerCalls = 0;

void countAndGiveUp()
{
    ++g_handlerCalls;
    std::set_new_handler(nullptr);
}

} // namespace

class TestHugePages final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void largeBlocksAreAdvised_data();
    void largeBlocksAreAdvised();
    void smallBlocksAreMalloc();
    void offMeansMalloc();
    void growingVectorEndsAdvised();
    void failureReachesTheNewHandler();
};

void TestHugePages::initTestCase()
{
    hugepages::advise(true);
    if (!hugepages::advising())
        QSKIP("this build keeps the platform's operator new (not Linux, or a sanitizer build)");
}

void TestHugePages::cleanupTestCase()
{
    hugepages::advise(false);
}

void TestHugePages::largeBlocksAreAdvised_data()
{
    QTest::addColumn<qulonglong>("bytes");
    QTest::newRow("4 MB exactly") << qulonglong{hugepages::kAdvisedBytes};
    QTest::newRow("4 MB and a byte") << qulonglong{hugepages::kAdvisedBytes + 1};
    QTest::newRow("37 MB and 5 bytes") << qulonglong{(std::size_t{37} << 20) + 5};
    QTest::newRow("200 MB") << qulonglong{std::size_t{200} << 20};
}

void TestHugePages::largeBlocksAreAdvised()
{
    QFETCH(qulonglong, bytes);
    const auto n = static_cast<std::size_t>(bytes);
    std::unique_ptr<char[]> block(new char[n]);
    QVERIFY(aligned(block.get()));
    // Every byte is the block's: the first, the last, and one in each huge page between.
    for (std::size_t i = 0; i < n; i += hugepages::kPageBytes)
        block[i] = 1;
    block[n - 1] = 2;
    QCOMPARE(block[n - 1], char{2});
    if (!hasTransparentHugePages())
        QSKIP("this kernel has no transparent huge pages: the block is an ordinary one");
    QVERIFY2(advised(block.get()), qPrintable(vmFlagsAt(block.get())));
    QVERIFY(advised(block.get() + n - 1)); // the advice covers the whole block
    // The nothrow form goes through the same operator new.
    std::unique_ptr<char[]> other(new (std::nothrow) char[n]);
    QVERIFY(other && aligned(other.get()) && advised(other.get()));
}

void TestHugePages::smallBlocksAreMalloc()
{
    // Below the size a block is malloc's: a few hundred of them are not each 2 MB apart.
    std::vector<std::unique_ptr<char[]>> blocks;
    int alignedCount = 0;
    for (int i = 0; i < 200; ++i) {
        blocks.emplace_back(new char[hugepages::kAdvisedBytes / 4 + 16]);
        alignedCount += aligned(blocks.back().get()) ? 1 : 0;
    }
    QVERIFY2(alignedCount < 10, qPrintable(QString::number(alignedCount)));
}

void TestHugePages::offMeansMalloc()
{
    hugepages::advise(false);
    QVERIFY(!hugepages::advising());
    std::vector<std::unique_ptr<char[]>> blocks;
    int alignedCount = 0;
    for (int i = 0; i < 8; ++i) {
        blocks.emplace_back(new char[hugepages::kAdvisedBytes + 4096 * (i + 1)]);
        alignedCount += aligned(blocks.back().get()) ? 1 : 0;
    }
    hugepages::advise(true);
    QVERIFY2(alignedCount < 8, qPrintable(QString::number(alignedCount)));
    blocks.clear(); // blocks allocated while off are freed while on
}

void TestHugePages::growingVectorEndsAdvised()
{
    std::vector<std::uint64_t> v;
    for (std::uint64_t i = 0; i < 3'000'000; ++i)
        v.push_back(i * 7);
    QVERIFY(aligned(v.data()));
    QCOMPARE(v[2'999'999], std::uint64_t{2'999'999} * 7);
    if (hasTransparentHugePages())
        QVERIFY(advised(v.data()));
}

void TestHugePages::failureReachesTheNewHandler()
{
    g_handlerCalls = 0;
    std::set_new_handler(countAndGiveUp);
    bool threw = false;
    try {
        // Larger than any address space once rounded up to whole huge pages.
        volatile std::size_t huge = ~std::size_t{0} - 16;
        char *p = new char[huge];
        delete[] p;
    } catch (const std::bad_alloc &) {
        threw = true;
    }
    std::set_new_handler(nullptr);
    QVERIFY(threw);
    QCOMPARE(g_handlerCalls, 1);
}

QTEST_GUILESS_MAIN(TestHugePages)
#include "tst_hugepages.moc"
