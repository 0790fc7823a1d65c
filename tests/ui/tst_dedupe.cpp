// A gateway log and a provider bill for the same traffic (tests/data/seams-ui): the overlap
// to the cent, de-duplication as an undoable analysis option, the Overview's warning, and
// truncated reads flagged in every view and in exports.
#include "seamstestsupport.h"

#include "ui/analysisbar.h"
#include "ui/charts/qtchartcanvas.h"
#include "ui/mainwindow.h"
#include "ui/models/batchstatemodel.h"
#include "ui/models/overlapmodel.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/figurecard.h"
#include "ui/widgets/seambanner.h"
#include "ui/widgets/tablepanel.h"

#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QFile>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace unalloc::ui;

class TstDedupe final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void overlapToTheCent_data();
    void overlapToTheCent();
    void overviewWarnsAndSwitches();
    void checkboxAndUndo();
    void exportCaptionsSayIt();
    void truncatedReadsAreFlagged();

private:
    void open(const QStringList &files);
    /// The seam banner of a view, or nullptr: callers UI_REQUIRE it.
    SeamBanner *banner(const QString &viewId) const;
    ReconciliationView *recon() const;

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstDedupe::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
}

void TstDedupe::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

void TstDedupe::open(const QStringList &files)
{
    const QString path = m_ctx->path(QStringLiteral("seams.unalloc"));
    QVERIFY(test::buildLedger(path, files));
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openLedger(path));
    QTRY_VERIFY(ready.count() >= 1);
}

SeamBanner *TstDedupe::banner(const QString &viewId) const
{
    AnalysisView *view = m_window->view(viewId);
    return test::findNamed<SeamBanner>(view, "seamBanner");
}

ReconciliationView *TstDedupe::recon() const
{
    return qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
}

void TstDedupe::overlapToTheCent_data()
{
    QTest::addColumn<QString>("day");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("amounts"); // gateway, bill, overlap, residual, excess
    QTest::newRow("gpt-4o, bill above gateway") << "2026-08-03"
                                                << "gpt-4o"
                                                << "19.75 21.10 19.75 1.35 0.00";
    QTest::newRow("gpt-4o-mini, gateway above bill") << "2026-08-03"
                                                     << "gpt-4o-mini"
                                                     << "1.25 1.00 1.00 0.00 0.25";
    QTest::newRow("gpt-4o next day") << "2026-08-04"
                                     << "gpt-4o"
                                     << "30.00 25.50 25.50 0.00 4.50";
    QTest::newRow("embeddings only on the bill") << "2026-08-04"
                                                 << "text-embedding-3-small"
                                                 << "0.00 2.00 0.00 2.00 0.00";
}

void TstDedupe::overlapToTheCent()
{
    QFETCH(QString, day);
    QFETCH(QString, model);
    QFETCH(QString, amounts);
    open(test::overlapFiles());
    UI_REQUIRE(recon(), "the reconciliation view");
    UI_FIND(figure, FigureCard, recon(), "figureOverlap");
    UI_FIND(coverage, FigureCard, recon(), "figureGatewayCoverage");
    const OverlapModel &m = *recon()->overlapModel();
    QCOMPARE(m.rowCount(), 4);
    int row = -1;
    for (int r = 0; r < m.rowCount(); ++r) {
        if (test::exported(m, r, OverlapModel::Day) == day &&
            test::exported(m, r, OverlapModel::Model) == model)
            row = r;
    }
    QVERIFY(row >= 0);
    QCOMPARE(test::exported(m, row, OverlapModel::Provider), QStringLiteral("openai"));
    QStringList got;
    for (int c = OverlapModel::Gateway; c <= OverlapModel::Excess; ++c)
        got << test::exported(m, row, c);
    QCOMPARE(got.join(QLatin1Char(' ')), amounts);

    // Per provider: the chart and the figures.
    const auto headLabel = [this](const char *name) {
        const QList<QLabel *> labels = recon()->findChildren<QLabel *>(QLatin1String(name));
        return labels.size() == 1 ? labels.front()->text() : QStringLiteral("<not one label>");
    };
    QCOMPARE(headLabel("overlapProvider"), QStringLiteral("OpenAI"));
    QCOMPARE(headLabel("overlapHeadline"), QStringLiteral("$46.25 counted twice"));
    QCOMPARE(headLabel("overlapCoverage"), QStringLiteral("gateway covers 102.8\u00a0%"));
    QCOMPARE(recon()->findChild<QLabel *>(QStringLiteral("overlapHeadline"))->toolTip(),
             QStringLiteral("gateway $51.00 · bill $49.60"));
    // The stacked bars: the gateway's row (top) is overlap + excess, the bill's overlap +
    // residual.
    QHorizontalStackedBarSeries *bars = nullptr;
    for (QAbstractSeries *series : recon()->overlapChart()->chart()->series())
        bars = bars ? bars : qobject_cast<QHorizontalStackedBarSeries *>(series);
    QVERIFY(bars);
    const QList<QBarSet *> parts = bars->barSets();
    QCOMPARE(parts.size(), 3);
    QCOMPARE(parts[0]->at(1), 46.25); // overlap, gateway row
    QCOMPARE(parts[0]->at(0), 46.25); // overlap, bill row
    QCOMPARE(parts[1]->at(1), 4.75);  // excess, gateway row
    QCOMPARE(parts[2]->at(0), 3.35);  // residual, bill row
    QCOMPARE(parts[1]->at(0) + parts[2]->at(1), 0.0);
    QCOMPARE(figure->value(), QStringLiteral("$46.25"));
    QCOMPARE(coverage->value(), QStringLiteral("102.8\u00a0%"));
    QVERIFY(coverage->detail().contains(QStringLiteral("$3.35")));
    QVERIFY(coverage->detail().contains(QStringLiteral("$4.75")));
}

void TstDedupe::overviewWarnsAndSwitches()
{
    open(test::overlapFiles());
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    QCOMPARE(total->value(), QStringLiteral("$105.60"));
    SeamBanner *b = banner(QStringLiteral("overview"));
    UI_REQUIRE(b, "the Overview's seamBanner");
    QVERIFY(b->isVisible());
    QVERIFY(b->overlapLabel()->isVisible());
    const QString text = b->overlapLabel()->text();
    QVERIFY2(text.contains(QStringLiteral("$46.25 counted twice")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("LiteLLM gateway rows and the OpenAI bill cover the "
                                          "same traffic")),
             qPrintable(text));
    QVERIFY(!b->partialLabel()->isVisible());

    // One click: the de-duplicated ledger; the total drops by exactly the overlap.
    QTest::mouseClick(b->dedupeButton(), Qt::LeftButton);
    QTRY_COMPARE(total->value(), QStringLiteral("$59.35"));
    QVERIFY(m_window->analysis()->request().dedupe);
    QVERIFY(m_window->analysisBar()->dedupeCheck()->isChecked());
    QVERIFY(m_window->analysisBar()->commandLine()->text().endsWith(QLatin1String(" --dedupe")));
    QVERIFY(b->overlapLabel()->text().contains(QStringLiteral("De-duplicated")));

    // Undo restores the summed ledger and the warning.
    m_window->analysis()->undoStack()->undo();
    QTRY_COMPARE(total->value(), QStringLiteral("$105.60"));
    QVERIFY(!m_window->analysisBar()->dedupeCheck()->isChecked());
    QVERIFY(!m_window->analysisBar()->commandLine()->text().contains(QLatin1String("--dedupe")));
    QVERIFY(b->overlapLabel()->text().contains(QStringLiteral("counted twice")));
}

void TstDedupe::checkboxAndUndo()
{
    open(test::overlapFiles());
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_REQUIRE(recon(), "the reconciliation view");
    UI_FIND(reconciliation, FigureCard, recon(), "figureReconciliation");
    QCheckBox *check = m_window->analysisBar()->dedupeCheck();
    QTest::mouseClick(check, Qt::LeftButton);
    QTRY_COMPARE(total->value(), QStringLiteral("$59.35"));
    QCOMPARE(m_window->analysis()->undoStack()->count(), 1);
    QCOMPARE(m_window->analysis()->undoStack()->undoText(),
             QStringLiteral("De-duplicate gateway vs provider bills"));
    // Reconciliation keeps each source against its own bill, de-duplicated or not.
    QCOMPARE(reconciliation->value(), QStringLiteral("1 of 1 matched"));
    const QList<QLabel *> headlines =
        recon()->findChildren<QLabel *>(QStringLiteral("overlapHeadline"));
    QCOMPARE(headlines.size(), 1);
    QVERIFY2(headlines.front()->text().contains(QStringLiteral("removed")),
             qPrintable(headlines.front()->text()));
    m_window->analysis()->undoStack()->undo();
    QTRY_COMPARE(total->value(), QStringLiteral("$105.60"));
    m_window->analysis()->undoStack()->redo();
    QTRY_COMPARE(total->value(), QStringLiteral("$59.35"));
}

void TstDedupe::exportCaptionsSayIt()
{
    open(test::overlapFiles());
    UI_FIND(p, TablePanel, m_window, "ownerTable");
    UI_REQUIRE(recon(), "the reconciliation view");
    UI_FIND(overlap, TablePanel, recon(), "overlapTable");
    UI_FIND(chart, ChartPanel, recon(), "overlapChart");
    QString error;
    const QString path = m_ctx->path(QStringLiteral("owners.csv"));
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    // The warning is the caption's first line, in the sidecar next to the CSV.
    QFile captionFile(m_ctx->path(QStringLiteral("owners-caption.txt")));
    QVERIFY(captionFile.open(QIODevice::ReadOnly));
    const QByteArray caption = captionFile.readAll();
    QVERIFY2(caption.startsWith("WARNING: $46.25 counted twice"), caption.constData());

    QVERIFY(overlap->exportTo(m_ctx->path(QStringLiteral("overlap.csv")), &error));
    QFile o(m_ctx->path(QStringLiteral("overlap.csv")));
    QVERIFY(o.open(QIODevice::ReadOnly));
    QVERIFY(o.readAll().contains("openai,2026-08-03,daily,gpt-4o,19.75,21.10,19.75,1.35,0.00,"));
    QVERIFY(chart->exportTo(m_ctx->path(QStringLiteral("overlap.svg")), &error));
}

void TstDedupe::truncatedReadsAreFlagged()
{
    QStringList files{test::seamsDir(QStringLiteral("overlap/litellm_spend_logs.json")),
                      test::seamsDir(QStringLiteral("partial/openai_costs_page1.json"))};
    open(files);
    UI_REQUIRE(recon(), "the reconciliation view");
    UI_FIND(p, TablePanel, m_window, "ownerTable");
    for (const QString &id : {QStringLiteral("overview"), QStringLiteral("unallocated"),
                              QStringLiteral("fallback"), QStringLiteral("reconciliation")}) {
        SeamBanner *b = banner(id);
        QVERIFY2(b, qPrintable(QStringLiteral("no seamBanner in the view ") + id));
        QVERIFY2(b->partialLabel()->isVisibleTo(m_window->view(id)), qPrintable(id));
        const QString text = b->partialLabel()->text();
        QVERIFY2(text.contains(QStringLiteral("Incomplete data")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("openai batch 2")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("has_more")), qPrintable(text));
    }
    const BatchStateModel &m = *recon()->batchModel();
    QCOMPARE(m.rowCount(), 2);
    const int partial = test::rowOf(m, QStringLiteral("2"));
    QVERIFY(partial >= 0);
    QCOMPARE(test::exported(m, partial, BatchStateModel::Status), QStringLiteral("partial"));
    QVERIFY(m.index(partial, 0).data(AttentionRole).toBool());
    QCOMPARE(m.index(partial, BatchStateModel::Reason).data(Qt::ForegroundRole).value<QColor>(),
             m_ctx->theme.theme().partial);
    const int complete = test::rowOf(m, QStringLiteral("1"));
    QVERIFY(complete >= 0);
    QVERIFY(!m.index(complete, 0).data(AttentionRole).toBool());

    QString error;
    QVERIFY(p->exportTo(m_ctx->path(QStringLiteral("owners.csv")), &error));
    QFile file(m_ctx->path(QStringLiteral("owners-caption.txt")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().contains("openai (PARTIAL: batch 2: "));
}

QTEST_MAIN(TstDedupe)
#include "tst_dedupe.moc"
