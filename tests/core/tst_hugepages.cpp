// hugepages::advise: with it on, operator new gives blocks of 4 MB and more on whole, aligned,
// advised huge pages of their own mapping (the kernel's VmFlags for the block say "hg"), gone
// when the block is freed; with it off, or below the size, plain malloc. Blocks are freed alike
// in any order, and a failed allocation reaches the new handler and then throws.
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

#include <csignal>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace unalloc::core;

namespace {

bool hasTransparentHugePages()
{
    return QFile::exists(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
}

/// The VmFlags of the mapping that holds `p` (/proc/self/smaps), or empty when none does.
QString vmFlagsAt(std::uintptr_t at)
{
    std::ifstream smaps("/proc/self/smaps"); // its size reads as 0: line by line, to the end
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

QString vmFlagsAt(const void *p)
{
    return vmFlagsAt(reinterpret_cast<std::uintptr_t>(p));
}

bool advised(const void *p)
{
    return vmFlagsAt(p).split(QLatin1Char(' ')).contains(QStringLiteral("hg"));
}

bool aligned(const void *p)
{
    return reinterpret_cast<std::uintptr_t>(p) % hugepages::kPageBytes == 0;
}

#define REQUIRE_REPLACED_NEW()                                                                     \
    do {                                                                                           \
        if (!hugepages::advising())                                                                \
            QSKIP("this build keeps the platform's operator new (not Linux, or sanitizers)");      \
    } while (false)

/// The kernel knows MADV_POPULATE_WRITE (Linux 5.14+).
bool kernelPopulates()
{
#if defined(MADV_POPULATE_WRITE)
    void *p = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return false;
    const bool ok = madvise(p, 4096, MADV_POPULATE_WRITE) == 0;
    munmap(p, 4096);
    return ok;
#else
    return false;
#endif
}

/// Bytes of [p, p + bytes) in memory now (mincore).
std::size_t residentBytes(const void *p, std::size_t bytes)
{
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> in((bytes + page - 1) / page);
    if (mincore(const_cast<void *>(p), bytes, in.data()) != 0)
        return 0;
    std::size_t n = 0;
    for (const unsigned char c : in)
        n += (c & 1) ? page : 0;
    return n;
}

#define REQUIRE_POPULATE()                                                                         \
    do {                                                                                           \
        REQUIRE_REPLACED_NEW();                                                                    \
        if (!kernelPopulates())                                                                    \
            QSKIP("this kernel has no MADV_POPULATE_WRITE");                                       \
    } while (false)

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
    void freedBlocksAreUnmapped();
    void manyBlocksFreedInAnyOrder();
    void tableKeepsCollidingBlocks_data();
    void tableKeepsCollidingBlocks();
    void tableStopsAtThreeQuarters();
    void failureReachesTheNewHandler();
    void populateFaultsInWithoutWriting();
    void populateOnlyAdvisedBlocks();
    void prefaultRunsAside();
    void forkWhilePrefaulting();
};

void TestHugePages::initTestCase()
{
    hugepages::advise(true);
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
    REQUIRE_REPLACED_NEW();
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
    REQUIRE_REPLACED_NEW();
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
    REQUIRE_REPLACED_NEW();
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
    REQUIRE_REPLACED_NEW();
    std::vector<std::uint64_t> v;
    for (std::uint64_t i = 0; i < 3'000'000; ++i)
        v.push_back(i * 7);
    QVERIFY(aligned(v.data()));
    QCOMPARE(v[2'999'999], std::uint64_t{2'999'999} * 7);
    if (hasTransparentHugePages())
        QVERIFY(advised(v.data()));
}

void TestHugePages::freedBlocksAreUnmapped()
{
    REQUIRE_REPLACED_NEW();
    char *block = new char[std::size_t{64} << 20];
    block[0] = 1;
    const auto at = reinterpret_cast<std::uintptr_t>(block); // looked up after it is gone
    QVERIFY(!vmFlagsAt(at).isEmpty());
    delete[] block;
    // Its own mapping, gone with it: nothing of it stays in the heap.
    QVERIFY2(vmFlagsAt(at).isEmpty(), qPrintable(vmFlagsAt(at)));
}

void TestHugePages::manyBlocksFreedInAnyOrder()
{
    REQUIRE_REPLACED_NEW();
    // Enough blocks that several share a home slot in the table of advised blocks; each
    // removal moves later entries back, and a lost entry would send a mapping to free().
    constexpr int kBlocks = 1500;
    std::vector<char *> blocks;
    for (int i = 0; i < kBlocks; ++i) {
        // Untouched: mapped, not backed (1,500 huge pages would be 3 GB).
        blocks.push_back(new char[hugepages::kAdvisedBytes + std::size_t(i % 7) * 4096]);
    }
    std::uint64_t state = 12345;
    const auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::size_t>(state >> 33);
    };
    int freed = 0;
    while (!blocks.empty()) {
        const std::size_t i = next() % blocks.size();
        char *b = blocks[i];
        blocks[i] = blocks.back();
        blocks.pop_back();
        delete[] b;
        ++freed;
        if (freed % 3 == 0 && freed < kBlocks) { // and some new ones meanwhile
            blocks.push_back(new char[hugepages::kAdvisedBytes]);
        }
    }
    QVERIFY(freed > kBlocks);
    char *again = new char[hugepages::kAdvisedBytes];
    QVERIFY(aligned(again));
    delete[] again;
}

void TestHugePages::tableKeepsCollidingBlocks_data()
{
    QTest::addColumn<int>("order"); // 0: first in first out, 1: last in first out, 2: shuffled
    QTest::addColumn<bool>("acrossTheEnd");
    QTest::newRow("first in, first out") << 0 << false;
    QTest::newRow("last in, first out") << 1 << false;
    QTest::newRow("shuffled") << 2 << false;
    QTest::newRow("shuffled, runs wrapping past the last slot") << 2 << true;
}

void TestHugePages::tableKeepsCollidingBlocks()
{
    QFETCH(int, order);
    QFETCH(bool, acrossTheEnd);
    // Starts chosen to share a few home slots, so that entries sit away from home in runs that
    // removals cut; the runs start near the table's end when asked, so that they wrap.
    using hugepages::BlockTable;
    const std::size_t first = acrossTheEnd ? BlockTable::kSlots - 3 : 100;
    std::vector<std::uintptr_t> starts;
    for (std::uintptr_t k = 1; starts.size() < 60; ++k) {
        const std::uintptr_t start = k << 21;
        const std::size_t h = BlockTable::home(start);
        if (h >= first && h < first + 3)
            starts.push_back(start);
    }
    auto table = std::make_unique<BlockTable>();
    for (std::size_t i = 0; i < starts.size(); ++i)
        QVERIFY(table->add(starts[i], (i + 2) << 21));
    std::vector<std::size_t> removal(starts.size());
    for (std::size_t i = 0; i < removal.size(); ++i)
        removal[i] = order == 1 ? removal.size() - 1 - i : i;
    if (order == 2) {
        std::uint64_t state = 99;
        for (std::size_t i = removal.size() - 1; i > 0; --i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            std::swap(removal[i], removal[(state >> 33) % (i + 1)]);
        }
    }
    for (std::size_t n = 0; n < removal.size(); ++n) {
        const std::size_t i = removal[n];
        QCOMPARE(table->remove(starts[i]), (i + 2) << 21);
        QCOMPARE(table->remove(starts[i]), std::size_t{0}); // gone
        QCOMPARE(table->size(), starts.size() - n - 1);
    }
    QCOMPARE(table->remove(std::uintptr_t{7} << 21), std::size_t{0});
    QVERIFY(table->add(starts[0], 4096));
    QCOMPARE(table->remove(0), std::size_t{0}); // an empty slot's mark is no block
    QCOMPARE(table->size(), std::size_t{1});
}

void TestHugePages::tableStopsAtThreeQuarters()
{
    using hugepages::BlockTable;
    auto table = std::make_unique<BlockTable>();
    std::size_t added = 0;
    for (std::uintptr_t k = 1; table->add(k << 21, 4096); ++k)
        ++added;
    QCOMPARE(added, BlockTable::kSlots * 3 / 4);
    QCOMPARE(table->remove(std::uintptr_t{1} << 21), std::size_t{4096});
    QVERIFY(table->add(std::uintptr_t{1} << 21, 4096));
}

void TestHugePages::failureReachesTheNewHandler()
{
    REQUIRE_REPLACED_NEW();
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

void TestHugePages::populateFaultsInWithoutWriting()
{
    REQUIRE_POPULATE();
    constexpr std::size_t kBytes = std::size_t{16} << 20;
    auto *block = new unsigned char[kBytes]; // not value-initialised: nothing touched yet
    block[5] = 42;
    QVERIFY(residentBytes(block, kBytes) < kBytes);
    QCOMPARE(hugepages::populate(block, kBytes), kBytes);
    QCOMPARE(residentBytes(block, kBytes), kBytes);
    // Faulted in, not written: the byte written before is still there, the rest still zero.
    QCOMPARE(int(block[5]), 42);
    size_t nonZero = 0;
    for (std::size_t i = 0; i < kBytes; ++i)
        nonZero += block[i] != 0;
    QCOMPARE(nonZero, size_t{1});
    delete[] block;
}

void TestHugePages::populateOnlyAdvisedBlocks()
{
    REQUIRE_POPULATE();
    constexpr std::size_t kBytes = std::size_t{8} << 20;
    auto *block = new unsigned char[kBytes];
    // Not past the block's end: the rest is someone else's memory.
    QCOMPARE(hugepages::populate(block, kBytes * 4), kBytes);
    // Only from a block's start.
    QCOMPARE(hugepages::populate(block + hugepages::kPageBytes, hugepages::kPageBytes), size_t{0});
    volatile std::uintptr_t gone =
        reinterpret_cast<std::uintptr_t>(block); // looked up after it is gone
    delete[] block;
    QCOMPARE(hugepages::populate(reinterpret_cast<const void *>(gone), kBytes), size_t{0});
    // malloc's memory is not touched.
    auto small = std::make_unique<unsigned char[]>(1024);
    QCOMPARE(hugepages::populate(small.get(), 1024), size_t{0});
    hugepages::advise(false);
    auto *plain = new unsigned char[kBytes];
    hugepages::advise(true);
    QCOMPARE(hugepages::populate(plain, kBytes), size_t{0});
    delete[] plain;
}

void TestHugePages::prefaultRunsAside()
{
    REQUIRE_POPULATE();
    constexpr std::size_t kBytes = hugepages::kPrefaultBytes;
    auto *block = new unsigned char[kBytes];
    hugepages::prefault(block, kBytes);
    QTRY_COMPARE_WITH_TIMEOUT(residentBytes(block, kBytes), kBytes, 60000);
    delete[] block;
    // Below the size, no thread and no pages.
    auto *small = new unsigned char[kBytes / 2];
    hugepages::prefault(small, kBytes / 2);
    QTest::qWait(200);
    QVERIFY(residentBytes(small, kBytes / 2) < kBytes / 2);
    delete[] small;
    // A block freed while its pages are faulted in: the thread stops at the next huge page.
    for (int i = 0; i < 20; ++i) {
        auto *brief = new unsigned char[kBytes * 2];
        hugepages::prefault(brief, kBytes * 2);
        delete[] brief;
    }
}

void TestHugePages::forkWhilePrefaulting()
{
    REQUIRE_POPULATE();
    // A fork while a block is pinned for its pages: the child has no thread to unpin it, and
    // freeing the block there must not wait for one.
    constexpr std::size_t kBytes = hugepages::kPrefaultBytes * 4;
    int hung = 0;
    for (int attempt = 0; attempt < 5; ++attempt) {
        auto *block = new unsigned char[kBytes];
        hugepages::prefault(block, kBytes);
        QTest::qSleep(5 + attempt * 5); // the thread is at work (a huge page takes 0.1–1.5 ms)
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            delete[] block;
            _exit(0);
        }
        int status = 0;
        pid_t done = 0;
        for (int waited = 0; waited < 200 && done == 0; ++waited) { // up to 10 s
            done = waitpid(child, &status, WNOHANG);
            if (done == 0)
                QTest::qSleep(50);
        }
        if (done == 0) {
            ++hung;
            kill(child, SIGKILL);
            waitpid(child, &status, 0);
        } else {
            QVERIFY(WIFEXITED(status));
            QCOMPARE(WEXITSTATUS(status), 0);
        }
        delete[] block;
    }
    QCOMPARE(hung, 0);
}

QTEST_GUILESS_MAIN(TestHugePages)
#include "tst_hugepages.moc"
