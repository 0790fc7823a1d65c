// The stale-result rule of ui/ (LatestJob): only the newest request's answer is shown, older
// work learns it is superseded, the busy signal spans every running job, and nothing arrives
// after the owner is gone.
#include "ui/latestjob.h"

#include <QSemaphore>
#include <QSignalSpy>
#include <QtTest>

#include <atomic>
#include <memory>

using namespace unalloc::ui;

class TestLatestJob : public QObject
{
    Q_OBJECT

private slots:
    void onlyTheNewestAnswerArrives()
    {
        QObject owner;
        QThreadPool pool;
        pool.setMaxThreadCount(2);
        LatestJob job(&owner, &pool);
        QList<bool> busy;
        job.onBusyChanged([&busy](bool b) { busy << b; });

        auto release = std::make_shared<QSemaphore>();
        auto firstSawSuperseded = std::make_shared<std::atomic<bool>>(false);
        QList<int> shown;
        job.start(
            [release, firstSawSuperseded](const Superseded &superseded) {
                release->acquire(); // held until the second request has been made
                firstSawSuperseded->store(superseded());
                return 1;
            },
            [&shown](int v) { shown << v; });
        QVERIFY(job.busy());
        job.start([] { return 2; }, [&shown](int v) { shown << v; });
        release->release();
        QTRY_VERIFY(!job.busy());
        QCOMPARE(shown, QList<int>{2});
        QVERIFY(firstSawSuperseded->load());
        QCOMPARE(busy, (QList<bool>{true, false})); // once for the two overlapping jobs
    }

    void supersedeDropsTheRunningAnswer()
    {
        QObject owner;
        LatestJob job(&owner);
        auto release = std::make_shared<QSemaphore>();
        int shown = 0;
        job.start(
            [release] {
                release->acquire();
                return 7;
            },
            [&shown](int v) { shown = v; });
        job.supersede();
        release->release();
        QTRY_VERIFY(!job.busy());
        QCOMPARE(shown, 0);

        job.start([] { return 8; }, [&shown](int v) { shown = v; });
        QTRY_COMPARE(shown, 8);
    }

    void nothingArrivesAfterTheOwnerIsGone()
    {
        QThreadPool pool;
        auto release = std::make_shared<QSemaphore>();
        auto shown = std::make_shared<int>(0);
        {
            QObject owner;
            LatestJob job(&owner, &pool);
            job.start(
                [release] {
                    release->acquire();
                    return 3;
                },
                [shown](int v) { *shown = v; });
        } // owner and job gone while the work still runs
        release->release();
        pool.waitForDone();
        QCoreApplication::processEvents(); // deliver anything that was (wrongly) queued
        QCOMPARE(*shown, 0);
    }

    void resultsArriveOnTheOwnersThread()
    {
        QObject owner;
        LatestJob job(&owner);
        QThread *seen = nullptr;
        QThread *worker = nullptr;
        job.start(
            [&worker] {
                worker = QThread::currentThread();
                return 0;
            },
            [&seen](int) { seen = QThread::currentThread(); });
        QTRY_VERIFY(seen != nullptr);
        QCOMPARE(seen, owner.thread());
        QVERIFY(worker != owner.thread());
    }
};

QTEST_GUILESS_MAIN(TestLatestJob)
#include "tst_latestjob.moc"
