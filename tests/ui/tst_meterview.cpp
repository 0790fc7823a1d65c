// The Meter comparison view on the demo ledger's shared inference pod: tenants and shares
// under each meter, the compared meters, the load sweep, exports, and applying a meter
// (after a confirmation that names pod, meter and amounts; it changes the Overview) with undo;
// a ledger with provider bill lines but no cluster pod shows an empty state, not those lines.
#include "meterviewfixture.h"

using namespace unalloc;
using namespace unalloc::ui;
using namespace Qt::StringLiterals;

class TstMeterView final : public QObject, private test::MeterViewFixture
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void demoPodShowsTenantsUnderEachMeter();
    void comparedMetersDriveTheGapColumns();
    void redistributeDropsTheOverheadRow();
    void applyTimeShareChangesOverviewAndUndoRestores();
    void applyAsksFirstAndCancelChangesNothing();
    void loadSweepRunsOffTheGuiThread();
    void billLinesAreNoPods();
    void exportsChartsAndTables();
    void exportsRoundTrip_data();
    void exportsRoundTrip();
};

void TstMeterView::init()
{
    openDemoPod();
}

void TstMeterView::cleanup()
{
    closeDemoPod();
}

void TstMeterView::demoPodShowsTenantsUnderEachMeter()
{
    UI_FIND(pods, QComboBox, m_view, "podCombo");
    QCOMPARE(pods->count(), 1);
    QVERIFY(pods->currentText().startsWith(QStringLiteral("inference/vllm-llama-3.1-8b")));
    const core::MeterSnapshot &m = *m_view->meters();
    QCOMPARE(m.tenantKey, std::string("team"));
    QVERIFY(m.requests > 2000);
    QCOMPARE(m.splits.size(), size_t(4));
    QCOMPARE(m.comparison.monthlyCost.amount, core::Decimal::fromInt(17280));
    std::vector<std::string> tenants;
    for (const core::MeterRow &r : m.splits.front().rows)
        tenants.push_back(r.overhead ? "overhead" : r.tenant);
    QCOMPARE(tenants, (std::vector<std::string>{"agents", "platform", "search", "", "overhead"}));
    for (const core::MeterSplit &s : m.splits) { // shown shares sum to exactly 100 %
        core::Decimal sum;
        for (size_t r = 0; r < m.shownRows(); ++r)
            sum += m.shownShare(s.kind, r);
        QCOMPARE(sum, core::Decimal::fromInt(1));
    }
    // The table shows the same, and its exact export column sums to 100.
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    QCOMPARE(shares->rowCount(), 5);
    for (int column : {MeterShareModel::Tokens, MeterShareModel::TimeShare}) {
        core::Decimal sum;
        for (int r = 0; r < shares->rowCount(); ++r)
            sum += shares->index(r, column).data(RawRole).value<core::Decimal>();
        QCOMPARE(sum, core::Decimal::fromInt(100));
    }
    QCOMPARE(shares->index(4, MeterShareModel::Tenant).data().toString(),
             QStringLiteral("Overhead (no tenant)"));
    QVERIFY(shares->index(4, MeterShareModel::Tenant).data(AttentionRole).toBool());
    UI_FIND(bars, ChartPanel, m_view, "meterSharesChart");
    QVERIFY(bars->chart() != nullptr);
}

void TstMeterView::comparedMetersDriveTheGapColumns()
{
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    UI_FIND(a, QComboBox, m_view, "meterA");
    UI_FIND(b, QComboBox, m_view, "meterB");
    UI_FIND(largest, FigureCard, m_view, "figureLargestGap");
    a->setCurrentIndex(a->findData(QStringLiteral("tokens")));
    b->setCurrentIndex(b->findData(QStringLiteral("time_share")));
    QCOMPARE(
        shares->headerData(MeterShareModel::MonthlyA, Qt::Horizontal, Qt::DisplayRole).toString(),
        QStringLiteral("Tokens $/month"));
    // search (row 2) pays clearly more by tokens than by time share (the studies' shape).
    const auto gap =
        shares->index(2, MeterShareModel::GapPoints).data(RawRole).value<core::Decimal>();
    QVERIFY(gap > core::Decimal::fromInt(3));
    QVERIFY(!largest->value().isEmpty());
    // Swapping the meters flips the sign; the overhead row has no gap.
    a->setCurrentIndex(a->findData(QStringLiteral("time_share")));
    b->setCurrentIndex(b->findData(QStringLiteral("tokens")));
    QCOMPARE(shares->index(2, MeterShareModel::GapPoints).data(RawRole).value<core::Decimal>(),
             -gap);
    QVERIFY(shares->index(4, MeterShareModel::GapPoints).data().toString().isEmpty());
}

void TstMeterView::redistributeDropsTheOverheadRow()
{
    UI_FIND(policy, QComboBox, m_view, "policyCombo");
    policy->setCurrentIndex(1);
    emit policy->activated(1);
    QTRY_VERIFY(m_view->meters() != nullptr);
    QCOMPARE(m_view->meters()->policy, core::OverheadPolicy::Redistribute);
    auto *shares = sourceModel<MeterShareModel>("meterShareTableView");
    UI_REQUIRE(shares, "the MeterShareModel behind meterShareTableView");
    QCOMPARE(shares->rowCount(), 4);
    core::Decimal sum;
    for (int r = 0; r < shares->rowCount(); ++r)
        sum += shares->index(r, MeterShareModel::KvMemory).data(RawRole).value<core::Decimal>();
    QCOMPARE(sum, core::Decimal::fromInt(100));
}

void TstMeterView::applyTimeShareChangesOverviewAndUndoRestores()
{
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_FIND(u, FigureCard, m_window, "figureU");
    UI_FIND(applied, FigureCard, m_view, "figureApplied");
    UI_FIND(banner, MeterSplitBanner, m_window, "meterSplitBanner");
    UI_FIND(apply, QComboBox, m_view, "applyMeterCombo");
    UI_FIND(applyButton, QPushButton, m_view, "applyMeterButton");
    QCOMPARE(total->value(), QStringLiteral("$95,539.06"));
    const QString uBefore = u->value();
    QCOMPARE(uBefore, QStringLiteral("69.4\u00a0%"));
    QVERIFY(banner->isHidden());

    apply->setCurrentIndex(apply->findData(QStringLiteral("time_share")));
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(applyButton, Qt::LeftButton);
    QTRY_VERIFY(confirmation());
    QMessageBox *box = confirmation();
    // It says which pod, which meter, and which amounts move to which tenants.
    QVERIFY2(box->text().contains(QStringLiteral("inference/vllm-llama-3.1-8b")),
             qPrintable(box->text()));
    QVERIFY(box->text().contains(QStringLiteral("Time share")));
    QVERIFY(box->text().contains(QStringLiteral("$17,280.00")));
    const QString moves = box->informativeText();
    for (const char *tenant : {"team=search", "team=agents", "team=platform", "overhead"})
        QVERIFY2(moves.contains(QLatin1String(tenant)), qPrintable(moves));
    const core::MeterSplit *split = m_view->meters()->split(core::MeterKind::TimeShare);
    QVERIFY(split);
    for (const core::MeterRow &r : split->rows)
        if (r.tenant == "search")
            QVERIFY2(
                moves.contains(fmt::money(r.amount.amount, r.amount.currency, m_ctx->app.locale) +
                               QStringLiteral(" → team=search")),
                qPrintable(moves));
    QCOMPARE(m_window->analysis()->undoStack()->count(), 0); // nothing written yet
    QTest::mouseClick(box->button(QMessageBox::Yes), Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_VERIFY(m_view->meters() && m_view->meters()->pod.split);
    QCOMPARE(m_view->meters()->pod.split->meter, std::string("time_share"));
    QCOMPARE(m_window->analysis()->undoStack()->count(), 1);
    // The pod's $17,280 now belongs to its tenants (and the kept overhead): U falls, the total
    // stays, and the Overview says which meter carries the pod.
    QTRY_VERIFY(u->value() != uBefore);
    QCOMPARE(total->value(), QStringLiteral("$95,539.06"));
    QTRY_VERIFY(!banner->isHidden());
    QVERIFY2(banner->text().contains(QStringLiteral("Time share")), qPrintable(banner->text()));
    QVERIFY(banner->text().contains(QStringLiteral("inference/vllm-llama-3.1-8b")));
    QVERIFY(!applyButton->isEnabled());
    QCOMPARE(applied->value(), QStringLiteral("Time share"));

    loaded.clear();
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_COMPARE(u->value(), uBefore);
    QTRY_VERIFY(banner->isHidden());
    QTRY_VERIFY(m_view->meters() && !m_view->meters()->pod.split);
    QCOMPARE(applied->value(), QStringLiteral("none"));

    // Redo applies it again.
    loaded.clear();
    m_window->analysis()->undoStack()->redo();
    QTRY_VERIFY(loaded.count() >= 1);
    QTRY_VERIFY(u->value() != uBefore);
}

void TstMeterView::applyAsksFirstAndCancelChangesNothing()
{
    UI_FIND(applyButton, QPushButton, m_view, "applyMeterButton");
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(applyButton, Qt::LeftButton);
    QTRY_VERIFY(confirmation());
    QTest::mouseClick(confirmation()->button(QMessageBox::Cancel), Qt::LeftButton);
    QTRY_VERIFY(!confirmation());
    QCOMPARE(m_window->analysis()->undoStack()->count(), 0);
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!m_view->meters()->pod.split);
    QVERIFY(applyButton->isEnabled());
}

void TstMeterView::billLinesAreNoPods()
{
    // An Anthropic bill line names the model the gateway's Claude requests used: it is no
    // pod. The view explains what a pod needs instead of listing it.
    const QString ledger = m_ctx->path(QStringLiteral("bills.unalloc"));
    {
        auto store = core::LedgerStore::create(ledger.toStdString());
        QVERIFY(store);
        const std::string dir = UNALLOC_TEST_DATA "/meters/cluster/";
        auto imported = adapters::importFiles(
            **store, {dir + "anthropic_cost_report.json", dir + "litellm_spend.json"});
        QVERIFY2(imported, imported ? "" : imported.error().message().c_str());
    }
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(ledger));
    QTRY_VERIFY(ready.count() >= 1);
    UI_FIND(pods, QComboBox, m_view, "podCombo");
    UI_FIND(empty, QLabel, m_view, "meterEmptyState");
    UI_FIND(body, QWidget, m_view, "meterBody");
    QTRY_VERIFY(empty->isVisible());
    QCOMPARE(pods->count(), 0);
    QVERIFY(m_view->meters() == nullptr);
    QVERIFY(!body->isVisible());
    QVERIFY2(empty->text().contains(QStringLiteral("No shared inference pods in this ledger")),
             qPrintable(empty->text()));
    QVERIFY(empty->text().contains(QStringLiteral("OpenCost")));

    // The demo again: the pod is back and the empty state goes.
    ready.clear();
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(m_view->meters() != nullptr);
    QVERIFY(!empty->isVisible());
    QVERIFY(body->isVisible());
}

void TstMeterView::loadSweepRunsOffTheGuiThread()
{
    QTRY_VERIFY_WITH_TIMEOUT(m_view->sweepReady(), 120000);
    // The sweep runs the demo pod's own measured traffic, and says so.
    QVERIFY(m_view->sweepMeasured());
    UI_FIND(sweepPanel, ChartPanel, m_view, "meterSweepChart");
    QVERIFY2(sweepPanel->subtitle().contains(QStringLiteral("measured traffic mix")),
             qPrintable(sweepPanel->subtitle()));
    QVERIFY(sweepPanel->subtitle().contains(QStringLiteral("search")));
    auto *sweep = sourceModel<MeterSweepModel>("sweepTableView");
    UI_REQUIRE(sweep, "the MeterSweepModel behind sweepTableView");
    QCOMPARE(sweep->rowCount(), int(core::meterSweepRates().size()));
    const auto &points = sweep->points();
    // More load, less idle: the step-time overhead falls from the lowest to the highest rate.
    QVERIFY(points.front().stepTimeOverhead > points.back().stepTimeOverhead);
    QCOMPARE(sweep->index(0, MeterSweepModel::Tokens).data(RawRole).value<core::Decimal>(),
             core::Decimal());
}

void TstMeterView::exportsChartsAndTables()
{
    UI_FIND(chart, ChartPanel, m_view, "meterSharesChart");
    for (const char *ext : {"png", "svg", "pdf"}) {
        const QString path = m_ctx->path(QStringLiteral("bars.") + QLatin1String(ext));
        QVERIFY2(chart->exportTo(path), ext);
        QVERIFY(QFile(path).size() > 0);
    }
    UI_FIND(table, TablePanel, m_view, "meterShareTable");
    const QString csvPath = m_ctx->path(QStringLiteral("shares.csv"));
    QVERIFY(table->exportTo(csvPath));
    QFile file(csvPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(file.readAll());
    QVERIFY2(csv.contains(QStringLiteral("Tenant,Tokens,List price,Time share,KV memory,")),
             qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("\r\nsearch,")));
    QVERIFY(csv.contains(QStringLiteral("Overhead (no tenant),")));
}

void TstMeterView::exportsRoundTrip_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    QTest::addColumn<QString>("mustContain");
    QTest::newRow("bars svg") << u"meterSharesChart"_s << u"svg"_s << u"share of the pod"_s;
    QTest::newRow("bars pdf") << u"meterSharesChart"_s << u"pdf"_s << QString();
    QTest::newRow("sweep svg") << u"meterSweepChart"_s << u"svg"_s << u"request rate (req/s)"_s;
    QTest::newRow("sweep pdf") << u"meterSweepChart"_s << u"pdf"_s << QString();
}

void TstMeterView::exportsRoundTrip()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    QFETCH(QString, mustContain);
    QTRY_VERIFY_WITH_TIMEOUT(m_view->sweepReady(), 120000);
    UI_FIND(p, ChartPanel, m_view, panel);
    const QString path = m_ctx->path(panel + QLatin1Char('.') + ext);
    QString error;
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY2(bytes.contains(mustContain.toUtf8()), qPrintable(mustContain));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
    }
}

QTEST_MAIN(TstMeterView)
#include "tst_meterview.moc"
