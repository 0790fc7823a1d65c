// shareAllocatorArenas: threads that allocate at the same time share the arenas it allows
// (glibc counts them in malloc_info's <heap> elements), instead of one arena each.
// keepFreedMemory: a block of a few megabytes comes from the heap, and once freed its pages
// stay there for the next one (glibc's mallinfo2 counts mapped blocks and heap bytes).
#include "core/allocatorarenas.h"

#include <QTest>

#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

class TestAllocatorArenas final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void concurrentThreadsShareTwoArenas();
    void freedBlocksStayMapped_data();
    void freedBlocksStayMapped();
};

void TestAllocatorArenas::initTestCase()
{
    unalloc::core::shareAllocatorArenas(2);
    unalloc::core::keepFreedMemory();
}

void TestAllocatorArenas::concurrentThreadsShareTwoArenas()
{
#if !defined(__GLIBC__)
    QSKIP("arenas are a glibc matter");
#else
    // Six threads each hold an allocation while all of them allocate: without a limit glibc
    // gives most of them an arena of its own.
    constexpr int kThreads = 6;
    std::mutex m;
    std::condition_variable cv;
    int holding = 0;
    bool release = false;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&] {
            std::vector<void *> blocks;
            for (int i = 0; i < 64; ++i)
                blocks.push_back(std::malloc(4096));
            std::unique_lock lock(m);
            ++holding;
            cv.notify_all();
            cv.wait(lock, [&] { return release; });
            lock.unlock();
            for (void *b : blocks)
                std::free(b);
        });
    {
        std::unique_lock lock(m);
        cv.wait(lock, [&] { return holding == kThreads; });
    }
    char *text = nullptr;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    QVERIFY(out != nullptr);
    malloc_info(0, out);
    std::fclose(out);
    const std::string info(text, size);
    std::free(text);
    {
        std::lock_guard lock(m);
        release = true;
    }
    cv.notify_all();
    for (std::thread &t : threads)
        t.join();
    int heaps = 0;
    for (size_t at = info.find("<heap nr="); at != std::string::npos;
         at = info.find("<heap nr=", at + 1))
        ++heaps;
    QVERIFY2(heaps >= 1 && heaps <= 2, ("heaps: " + std::to_string(heaps)).c_str());
#endif
}

void TestAllocatorArenas::freedBlocksStayMapped_data()
{
    QTest::addColumn<qint64>("bytes");
    // Sizes a re-attribution with 50k owners allocates; glibc's own threshold starts at 128 kB.
    QTest::newRow("256 kB") << qint64{256} * 1024;
    QTest::newRow("2 MB") << qint64{2} * 1024 * 1024;
    QTest::newRow("just under the huge-page blocks") << qint64{4} * 1024 * 1024 - 64;
}

void TestAllocatorArenas::freedBlocksStayMapped()
{
#if !defined(__GLIBC__)
    QSKIP("malloc's thresholds are a glibc matter");
#else
    QFETCH(qint64, bytes);
    const auto size = static_cast<size_t>(bytes);
    const struct mallinfo2 before = mallinfo2();
    auto *block = static_cast<char *>(std::malloc(size));
    QVERIFY(block != nullptr);
    for (size_t i = 0; i < size; i += 4096)
        block[i] = 1; // faulted in
    const struct mallinfo2 held = mallinfo2();
    // From the heap, not a mapping of its own.
    QCOMPARE(held.hblks, before.hblks);
    QCOMPARE(held.hblkhd, before.hblkhd);
    std::free(block);
    const struct mallinfo2 after = mallinfo2();
    // The heap did not give the block's pages back: they are free bytes of the heap now.
    QCOMPARE(after.arena, held.arena);
    QVERIFY2(after.fordblks >= size,
             (std::to_string(after.fordblks) + " free bytes in the heap").c_str());
    // The next block of that size is served from them: the heap does not grow.
    void *again = std::malloc(size);
    QVERIFY(again != nullptr);
    QCOMPARE(mallinfo2().arena, after.arena);
    std::free(again);
#endif
}

QTEST_GUILESS_MAIN(TestAllocatorArenas)
#include "tst_allocatorarenas.moc"
