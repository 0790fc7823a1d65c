// shareAllocatorArenas: threads that allocate at the same time share the arenas it allows
// (glibc counts them in malloc_info's <heap> elements), instead of one arena each.
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
};

void TestAllocatorArenas::initTestCase()
{
    unalloc::core::shareAllocatorArenas(2);
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

QTEST_GUILESS_MAIN(TestAllocatorArenas)
#include "tst_allocatorarenas.moc"
