// Issue 17 item 4: a slice without rows (a period or source choice the ledger has nothing for)
// is said to be empty in every view — never shown as $0.00 in a currency the slice does not
// have, nor as a 0 % share of nothing.
#include "uitestsupport.h"

#include "ui/mainwindow.h"
#include "ui/views/analysisview.h"
#include "ui/widgets/figurecard.h"

#include <QAbstractItemView>
#include <QLabel>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstEmptySlice final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void saysNoRows_data();
    void saysNoRows();

private:
    /// Every text the view shows: labels, figure cards and the cells of its tables.
    static QStringList visibleTexts(QWidget *view);
    static bool wholeLedger(const QWidget *widget);

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstEmptySlice::initTestCase()
{
    m_ctx = std::make_unique<test::TestContext>();
    QVERIFY(m_ctx->demoStore() != nullptr);
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->resize(1440, 900);
    m_window->show();
    QVERIFY(m_window->openLedger(m_ctx->path(QStringLiteral("demo.unalloc"))));
    QVERIFY(QTest::qWaitFor([&] { return m_window->analysis()->snapshot() != nullptr; }));
    QVERIFY(!m_window->analysis()->snapshot()->collisions.empty()); // the demo's Anthropic rows
    // January 2020: the demo has no rows then.
    core::AnalysisRequest r = m_window->analysis()->request();
    r.fromDay = 18262;
    r.toDay = 18293;
    m_window->analysis()->change(r, QStringLiteral("empty period"));
    QVERIFY(QTest::qWaitFor([&] {
        return !m_window->analysis()->isBusy() &&
               m_window->analysis()->snapshot()->request.fromDay == 18262;
    }));
    QCOMPARE(m_window->analysis()->snapshot()->report.rowCount, std::int64_t(0));
    // Key collisions are the selection's too.
    QVERIFY(m_window->analysis()->snapshot()->collisions.empty());
}

void TstEmptySlice::cleanupTestCase()
{
    m_window.reset();
    m_ctx.reset();
}

bool TstEmptySlice::wholeLedger(const QWidget *widget)
{
    // Tables about the ledger itself, not the slice: its import batches.
    for (const QWidget *w = widget; w; w = w->parentWidget())
        if (w->objectName() == QLatin1String("batchTable"))
            return true;
    return false;
}

QStringList TstEmptySlice::visibleTexts(QWidget *view)
{
    QStringList out;
    for (const QLabel *l : view->findChildren<QLabel *>())
        if (l->isVisibleTo(view))
            out << l->text();
    for (const FigureCard *c : view->findChildren<FigureCard *>())
        if (c->isVisibleTo(view))
            out << c->value() << c->detail();
    for (const QAbstractItemView *v : view->findChildren<QAbstractItemView *>()) {
        const QAbstractItemModel *m = v->model();
        if (!m || !v->isVisibleTo(view) || wholeLedger(v))
            continue;
        for (int r = 0; r < std::min(m->rowCount(), 200); ++r)
            for (int c = 0; c < m->columnCount(); ++c)
                out << m->index(r, c).data().toString();
    }
    return out;
}

void TstEmptySlice::saysNoRows_data()
{
    QTest::addColumn<QString>("view");
    for (const char *id :
         {"overview", "trends", "unallocated", "fallback", "reconciliation", "economics", "ledger"})
        QTest::newRow(id) << QString::fromLatin1(id);
}

void TstEmptySlice::saysNoRows()
{
    QFETCH(QString, view);
    QVERIFY(m_window->showView(view));
    AnalysisView *v = m_window->view(view);
    UI_REQUIRE(v, "the view");
    QVERIFY(QTest::qWaitFor([&] { return v->isSettled(); }));
    QTest::qWait(50); // a view's own read (the ledger table) reports on the next turns
    const QStringList texts = visibleTexts(v);
    QStringList zero;
    bool saysEmpty = false;
    for (const QString &t : texts) {
        if (t.contains(QLatin1String("$0.00")) || t.contains(QLatin1String("0.00 USD")))
            zero << t;
        saysEmpty = saysEmpty || t.contains(QLatin1String("no rows"), Qt::CaseInsensitive) ||
                    t.contains(QLatin1String("0 rows"), Qt::CaseInsensitive);
    }
    QVERIFY2(zero.isEmpty(), qPrintable(zero.join(QLatin1String(" | "))));
    QVERIFY2(saysEmpty, qPrintable(texts.join(QLatin1String(" | ")).left(2000)));
}

QTEST_MAIN(TstEmptySlice)
#include "tst_emptyslice.moc"
