// The ledger's U budget in the explorer (issue 17 item 4): edited in Preferences per ledger,
// overridden for a run by --budget, and what the Overview judges U by.
#include "uitestsupport.h"

#include "ui/charts/qtchartcanvas.h"
#include "ui/ledgerbudget.h"
#include "ui/mainwindow.h"
#include "ui/preferencesdialog.h"
#include "ui/widgets/figurecard.h"

#include <QChart>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstBudgetView final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void preferencesSetTheOverviewsJudgement();
    void refusedBudgetKeepsTheStoredOne();
    void budgetIsPerLedgerAndOverridable();
    void fixPlanTargetFollowsTheBudget();

private:
    bool open(MainWindow &w, const QString &file = QStringLiteral("demo.unalloc"));
    std::unique_ptr<test::TestContext> m_ctx;
};

void TstBudgetView::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_ctx->demoStore() != nullptr);
}

void TstBudgetView::cleanup()
{
    m_ctx.reset();
}

bool TstBudgetView::open(MainWindow &w, const QString &file)
{
    return w.openLedger(m_ctx->path(file)) && QTest::qWaitFor([&] {
               return w.document()->isLoaded() && w.analysis()->snapshot() &&
                      !w.analysis()->isBusy();
           });
}

void TstBudgetView::preferencesSetTheOverviewsJudgement()
{
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    QVERIFY(w.showView(QStringLiteral("overview")));
    UI_FIND(card, FigureCard, &w, "figureU");
    const core::AttributionReport &r = w.analysis()->snapshot()->report;
    // The demo's U, exactly: a target just below it and a critical share above it make it
    // "over"; a target at it makes it "within" (the comparison is exact, as report --budget).
    const core::Decimal u = w.analysis()->snapshot()->uPct;
    QVERIFY(u > core::Decimal::fromInt(2) && u < core::Decimal::fromInt(90));

    const struct
    {
        double target, critical;
        const char *says;
    } cases[] = {
        {u.toDouble() - 1.0, 99.0, "over target "},
        {99.0, 99.0, "within target 99.0 %"},
        {1.0, 2.0, "critical (≥ 2.0 %)"},
    };
    for (const auto &c : cases) {
        PreferencesDialog prefs(&m_ctx->app, w.budget(), &w);
        UI_FIND(target, QDoubleSpinBox, &prefs, "budgetTargetSpin");
        UI_FIND(critical, QDoubleSpinBox, &prefs, "budgetCriticalSpin");
        target->setValue(c.target);
        critical->setValue(c.critical);
        QVERIFY(prefs.apply());
        QString detail = card->detail(); // percentages keep their sign with a no-break space
        detail.replace(QChar(0x00a0), QLatin1Char(' ')).replace(QChar(0x202f), QLatin1Char(' '));
        QVERIFY2(detail.contains(QString::fromUtf8(c.says)), qPrintable(detail));
        // What the card says is core's verdict.
        const core::BudgetStanding s = core::budgetStanding(r, w.budget()->budget());
        QCOMPARE(card->detail().contains(QLatin1String("critical")),
                 s == core::BudgetStanding::Critical);
    }
}

void TstBudgetView::refusedBudgetKeepsTheStoredOne()
{
    MainWindow w(&m_ctx->app);
    QVERIFY(open(w));
    const core::UBudget before = w.budget()->stored();
    PreferencesDialog prefs(&m_ctx->app, w.budget(), &w);
    UI_FIND(target, QDoubleSpinBox, &prefs, "budgetTargetSpin");
    UI_FIND(critical, QDoubleSpinBox, &prefs, "budgetCriticalSpin");
    UI_FIND(error, QLabel, &prefs, "budgetError");
    QCOMPARE(target->value(), before.targetPct.toDouble());
    target->setValue(40);
    critical->setValue(30);
    QVERIFY(!prefs.apply());
    QVERIFY(!error->isHidden());
    QVERIFY(w.budget()->stored() == before);
    QVERIFY(w.budget()->budget() == before);
}

void TstBudgetView::budgetIsPerLedgerAndOverridable()
{
    // A second ledger file (a copy of the demo) keeps its own budget.
    QVERIFY(QFile::copy(m_ctx->path(QStringLiteral("demo.unalloc")),
                        m_ctx->path(QStringLiteral("other.unalloc"))));
    {
        MainWindow w(&m_ctx->app);
        QVERIFY(open(w));
        QVERIFY(w.budget()->setStored({core::Decimal::fromInt(5), core::Decimal::fromInt(40)}));
        QVERIFY(open(w, QStringLiteral("other.unalloc")));
        QVERIFY(w.budget()->budget() == core::UBudget{});
        QVERIFY(open(w));
        QCOMPARE(w.budget()->budget().targetPct, core::Decimal::fromInt(5));
    }
    // --budget 30: this run's target, above the stored critical share (which follows it);
    // nothing stored changes.
    MainWindow w(&m_ctx->app);
    w.budget()->setTargetOverride(core::Decimal::fromInt(30));
    QVERIFY(open(w));
    QCOMPARE(w.budget()->budget().targetPct, core::Decimal::fromInt(30));
    QCOMPARE(w.budget()->budget().criticalPct, core::Decimal::fromInt(40));
    QCOMPARE(w.budget()->stored().targetPct, core::Decimal::fromInt(5));
    PreferencesDialog prefs(&m_ctx->app, w.budget(), &w);
    UI_FIND(note, QLabel, &prefs, "budgetNote");
    QVERIFY2(note->text().contains(QLatin1String("--budget")), qPrintable(note->text()));
}

void TstBudgetView::fixPlanTargetFollowsTheBudget()
{
    MainWindow w(&m_ctx->app);
    w.show(); // the curve is drawn while its view is on screen
    QVERIFY(open(w));
    QVERIFY(w.showView(QStringLiteral("unallocated")));
    UI_FIND(curve, QtChartCanvas, &w, "fixPlanCurve");
    const auto target = [&]() -> QLineSeries * {
        for (QAbstractSeries *s : curve->chart()->series())
            if (s->name().endsWith(QLatin1String("target")))
                return qobject_cast<QLineSeries *>(s);
        return nullptr;
    };
    QTRY_VERIFY(target() && target()->count() == 2);
    QCOMPARE(target()->at(0).y(), 10.0); // the default budget
    QVERIFY(w.budget()->setStored({*core::Decimal::parse("7.5"), core::Decimal::fromInt(30)}));
    QTRY_COMPARE(target()->at(0).y(), 7.5);
    QVERIFY2(target()->name().startsWith(QLatin1String("7.5")), qPrintable(target()->name()));
}

QTEST_MAIN(TstBudgetView)
#include "tst_budgetview.moc"
