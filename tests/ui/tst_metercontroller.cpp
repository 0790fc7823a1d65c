// The Meter view's controller on a file ledger (the asynchronous path): pods, then meters,
// then the load sweep, each off the GUI thread; a newer request drops an older result (the
// stale-result rule of LatestJob); a policy change reuses the telemetry already read.
#include "uitestsupport.h"

#include "ui/ledgerdocument.h"
#include "ui/metercontroller.h"

#include <QSignalSpy>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstMeterController final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void podsThenMetersOffTheGuiThread();
    void newerRequestDropsOlderResult();
    void policyChangeReusesTheTelemetry();

private:
    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<LedgerDocument> m_document;
    std::unique_ptr<MeterController> m_controller;
};

void TstMeterController::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_document = std::make_unique<LedgerDocument>();
    auto store = m_ctx->demoStore();
    UI_REQUIRE(store, "the demo ledger in a file");
    QSignalSpy loaded(m_document.get(), &LedgerDocument::loaded);
    m_document->setStore(std::move(store), QStringLiteral("demo file"), false);
    QTRY_COMPARE(loaded.count(), 1);
    QVERIFY(!m_document->filePath().isEmpty()); // a file: the controller reads in the background
    m_controller = std::make_unique<MeterController>(m_document.get());
}

void TstMeterController::cleanup()
{
    m_controller.reset();
    m_document.reset();
    m_ctx.reset();
}

void TstMeterController::podsThenMetersOffTheGuiThread()
{
    QSignalSpy pods(m_controller.get(), &MeterController::podsChanged);
    // When the controller says it is idle, what it computed is in: `--grab` waits for that.
    QList<bool> sweepReadyWhenIdle;
    connect(m_controller.get(), &MeterController::idle, this, [&] {
        sweepReadyWhenIdle << (m_controller->sweep() && m_controller->sweep()->ready());
    });
    QSignalSpy meters(m_controller.get(), &MeterController::metersChanged);
    m_controller->documentLoaded("team");
    // Nothing is answered on the GUI thread: the search runs.
    QCOMPARE(m_controller->activity(), MeterController::Activity::FindingPods);
    QCOMPARE(pods.count(), 0);
    QVERIFY(m_controller->isBusy());
    QTRY_COMPARE(pods.count(), 1);
    QCOMPARE(m_controller->pods()->pods.size(), size_t(1));
    QCOMPARE(m_controller->selectedPod(), m_controller->pods()->pods.front().rowId);
    QTRY_VERIFY(m_controller->meters() != nullptr);
    QCOMPARE(m_controller->meters()->tenantKey, std::string("team"));
    QCOMPARE(m_controller->activity(), MeterController::Activity::Idle);
    // Then the sweep over the pod's measured traffic.
    QVERIFY(m_controller->sweep());
    QVERIFY(m_controller->sweep()->measured);
    QTRY_VERIFY_WITH_TIMEOUT(m_controller->sweep()->ready(), 120000);
    QTRY_VERIFY(!m_controller->isBusy());
    QTRY_VERIFY(!sweepReadyWhenIdle.isEmpty());
    QCOMPARE(sweepReadyWhenIdle.back(), true);
}

void TstMeterController::newerRequestDropsOlderResult()
{
    m_controller->documentLoaded("team");
    QTRY_VERIFY(m_controller->meters() != nullptr);
    QSignalSpy meters(m_controller.get(), &MeterController::metersChanged);
    // A new owner key reads the pod's telemetry again, in the background...
    m_controller->setTenantKey("api_key");
    QCOMPARE(m_controller->activity(), MeterController::Activity::ReadingTelemetry);
    QVERIFY(m_controller->meters() == nullptr);
    // ...and before it answers, the analyst goes back to `team`, whose telemetry is at hand:
    // answered at once.
    m_controller->setTenantKey("team");
    QVERIFY(m_controller->meters() != nullptr);
    QCOMPARE(m_controller->meters()->tenantKey, std::string("team"));
    // The read for `api_key` still runs to its end; its answer must not replace the newer one.
    QTRY_VERIFY_WITH_TIMEOUT(!m_controller->isBusy(), 120000);
    QCOMPARE(m_controller->meters()->tenantKey, std::string("team"));
    QCOMPARE(meters.count(), 2); // cleared for the read, then `team`; never `api_key`
    for (const QList<QVariant> &args : meters) {
        const auto result = args.front().value<MeterResult>();
        QVERIFY(!result.meters || result.meters->tenantKey == "team");
    }
}

void TstMeterController::policyChangeReusesTheTelemetry()
{
    m_controller->documentLoaded("team");
    QTRY_VERIFY(m_controller->meters() != nullptr);
    QSignalSpy activity(m_controller.get(), &MeterController::activityChanged);
    QSignalSpy sweep(m_controller.get(), &MeterController::sweepChanged);
    m_controller->choosePolicy(core::OverheadPolicy::Redistribute);
    // The requests are already read: the meters come back at once, with no read and no new
    // sweep (the traffic is the same).
    QVERIFY(m_controller->meters() != nullptr);
    QCOMPARE(m_controller->meters()->policy, core::OverheadPolicy::Redistribute);
    QCOMPARE(activity.count(), 0);
    QCOMPARE(sweep.count(), 0);
    // A reload keeps the analyst's policy, not the rules'.
    m_controller->documentLoaded("team");
    QTRY_VERIFY(m_controller->meters() != nullptr);
    QCOMPARE(m_controller->policy(), core::OverheadPolicy::Redistribute);
}

QTEST_MAIN(TstMeterController)
#include "tst_metercontroller.moc"
