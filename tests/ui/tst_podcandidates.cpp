// findPodCandidates reads label sets and brief row scans instead of every row: it must give the
// answer of the row-by-row rule (kept here as the reference) on the demo ledger, after a split,
// and with pods and telemetry that test each part of the rule.
#include "uitestsupport.h"

#include "core/analysis/metersnapshot.h"
#include "core/meters/requestrecord.h"

#include <QTest>

using namespace unalloc;

namespace {

/// The rule as it was: every row read whole, pods and telemetry told apart row by row.
std::vector<core::PodCandidate> referencePods(const core::LedgerStore &store,
                                              std::string_view tenantKey)
{
    auto baseModel = [](std::string_view m) {
        const size_t slash = m.rfind('/');
        return slash == std::string_view::npos ? m : m.substr(slash + 1);
    };
    std::vector<core::PodCandidate> pods;
    std::vector<core::CostRow> usage;
    const auto all = store.rows({}, core::LedgerSort::Start, true, 0, 1'000'000).value();
    for (const core::LedgerRow &lr : all) {
        const std::string *layer = lr.row.labels.find("unalloc_layer");
        const bool cluster = lr.row.labels.find("namespace") || lr.row.labels.find("controller") ||
                             lr.row.labels.find("pod");
        const bool pod = cluster && !lr.row.usage && lr.derivedFrom.empty() &&
                         !lr.row.amount.amount.isZero() &&
                         (lr.row.labels.find("model") || (layer && *layer == "inference"));
        if (pod)
            pods.push_back({lr.id, lr.row, 0, std::nullopt});
        else if (lr.row.usage && core::requestFromRow(lr.row, tenantKey))
            usage.push_back(lr.row);
    }
    for (core::PodCandidate &p : pods) {
        const std::string *model = p.row.labels.find("model");
        p.requests = std::count_if(usage.begin(), usage.end(), [&](const core::CostRow &u) {
            return u.start >= p.row.start && u.start < p.row.end &&
                   (!model || baseModel(u.usage->model) == *model);
        });
    }
    std::erase_if(pods, [](const core::PodCandidate &p) { return p.requests == 0; });
    const std::vector<core::SplitRecord> splits = store.splits().value();
    for (const core::SplitRecord &s : splits)
        for (core::PodCandidate &p : pods)
            if (p.rowId == s.originalRowId)
                p.split = s;
    std::sort(pods.begin(), pods.end(), [](const auto &a, const auto &b) {
        if (a.row.amount.amount != b.row.amount.amount)
            return a.row.amount.amount > b.row.amount.amount;
        return a.rowId < b.rowId;
    });
    return pods;
}

QStringList describe(const std::vector<core::PodCandidate> &pods)
{
    QStringList out;
    for (const core::PodCandidate &p : pods)
        out << QStringLiteral("%1 %2 %3 %4 %5")
                   .arg(p.rowId)
                   .arg(QString::fromStdString(p.row.name))
                   .arg(QString::fromStdString(p.row.amount.amount.toString()))
                   .arg(p.requests)
                   .arg(p.split ? QString::fromStdString(p.split->meter) : QStringLiteral("-"));
    return out;
}

core::CostRow
variant(const core::CostRow &pod, const std::string &key, std::vector<core::LabelMap::Entry> labels)
{
    core::CostRow row = pod;
    row.recordKey = key;
    row.labels = core::LabelMap(std::move(labels));
    row.rawLabels.clear();
    for (const auto &[k, v] : row.labels.entries())
        row.rawLabels.push_back({k, v});
    row.collisions.clear();
    return row;
}

/// Pods and requests that exercise each part of the rule, around the demo pod.
void addVariants(core::LedgerStore &store, const core::CostRow &pod, const core::CostRow &request)
{
    const std::string model = *pod.labels.find("model");
    std::vector<core::CostRow> rows;
    rows.push_back(
        variant(pod, "any-model", {{"namespace", "ml"}, {"unalloc_layer", "inference"}}));
    rows.push_back(
        variant(pod, "not-a-pod-layer", {{"namespace", "ml"}, {"unalloc_layer", "gateway"}}));
    rows.push_back(variant(pod, "other-model", {{"controller", "x"}, {"model", "no-such-model"}}));
    rows.push_back(variant(pod, "empty-model", {{"model", ""}, {"pod", "p-0"}}));
    // A provider's bill line names the pod's model but is no cluster cost object.
    rows.push_back(variant(pod, "bill-line", {{"model", model}, {"provider", "anthropic"}}));
    rows.push_back(variant(pod, "bill-line-layer", {{"unalloc_layer", "inference"}}));
    core::CostRow zero = variant(pod, "zero", {{"model", model}, {"namespace", "ml"}});
    zero.amount.amount = core::Decimal();
    rows.push_back(zero);
    core::CostRow half =
        variant(pod, "second-half", {{"model", model}, {"namespace", "ml"}, {"team", "x"}});
    half.start = pod.start + (pod.end - pod.start) / 2;
    rows.push_back(half);
    core::CostRow empty = variant(pod, "empty-window", {{"model", model}, {"namespace", "ml"}});
    empty.end = empty.start;
    rows.push_back(empty);
    core::CostRow prefixed = request;
    prefixed.recordKey = "prefixed";
    prefixed.usage->model = "some-provider/" + model;
    rows.push_back(prefixed);
    core::CostRow noModel = request;
    noModel.recordKey = "no-model";
    noModel.usage->model.clear();
    rows.push_back(noModel);
    core::CostRow late = request; // in the second half's window too
    late.recordKey = "late";
    late.start = pod.start + (pod.end - pod.start) / 4 * 3;
    rows.push_back(late);
    core::CostRow errored = request;
    errored.recordKey = "errored";
    errored.usage->doneTime.reset();
    rows.push_back(errored);
    auto txn = store.beginImport().value();
    core::ImportBatch meta;
    meta.source = "variants";
    txn->beginBatch(meta).value();
    for (core::CostRow &r : rows) {
        r.source = meta.source;
        QVERIFY(txn->addRow(r).value());
    }
    txn->endBatch(meta).value();
    txn->commit().value();
}

} // namespace

class TstPodCandidates final : public QObject
{
    Q_OBJECT

private slots:
    void sameAsRowByRow_data();
    void sameAsRowByRow();
};

void TstPodCandidates::sameAsRowByRow_data()
{
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("tenantKey");
    QTest::newRow("demo ledger") << QString() << QStringLiteral("team");
    QTest::newRow("demo ledger, other tenant key") << QString() << QStringLiteral("environment");
    QTest::newRow("demo pod split") << QStringLiteral("split") << QStringLiteral("team");
    QTest::newRow("pod and request variants")
        << QStringLiteral("variants") << QStringLiteral("team");
}

void TstPodCandidates::sameAsRowByRow()
{
    QFETCH(QString, change);
    QFETCH(QString, tenantKey);
    ui::test::TestContext ctx;
    std::unique_ptr<core::LedgerStore> store = ctx.demoStore();
    QVERIFY(store);
    const std::string key = tenantKey.toStdString();
    const auto demo = referencePods(*store, key);
    QCOMPARE(demo.size(), size_t(1)); // the demo's shared inference pod
    const core::CostRow pod = demo.front().row;
    if (change == QLatin1String("split")) {
        std::vector<core::CostRow> parts(2, pod);
        parts[0].recordKey.clear();
        parts[1].recordKey.clear();
        parts[1].amount.amount = core::Decimal();
        QVERIFY(store->applySplit(demo.front().rowId, "tokens", parts).has_value());
    } else if (change == QLatin1String("variants")) {
        core::LedgerRowFilter telemetry;
        telemetry.sources = {"litellm"};
        telemetry.from = pod.start;
        telemetry.to = pod.end;
        // A request the demo pod serves (the model after its provider prefix is the pod's).
        const auto rows = store->rows(telemetry, core::LedgerSort::Start, true, 0, 5000).value();
        const auto served = std::find_if(rows.begin(), rows.end(), [&](const auto &r) {
            const std::string &m = r.row.usage ? r.row.usage->model : std::string();
            return core::requestFromRow(r.row, key) &&
                   m.substr(m.rfind('/') + 1) == *pod.labels.find("model");
        });
        QVERIFY(served != rows.end());
        addVariants(*store, pod, served->row);
        if (QTest::currentTestFailed())
            return;
    }
    const auto expected = referencePods(*store, key);
    auto got = core::findPodCandidates(*store, key);
    QVERIFY2(got, got ? "" : got.error().message().c_str());
    QCOMPARE(describe(*got), describe(expected));
    for (size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE((*got)[i].row.labels, expected[i].row.labels);
        QCOMPARE((*got)[i].row.recordKey, expected[i].row.recordKey);
    }
    if (change == QLatin1String("variants"))
        QCOMPARE(expected.size(), size_t(4)); // the demo pod, any-model, second-half, empty-model
}

QTEST_MAIN(TstPodCandidates)
#include "tst_podcandidates.moc"
