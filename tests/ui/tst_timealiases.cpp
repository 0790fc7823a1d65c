// Issue 18 item 7 through real widgets: a custom period gives the CLI's figures for the same
// --from/--to, and a label value alias added in its dialog moves an owner's dollars (undoably).
#include "grabifasked.h"
#include "uitestsupport.h"

#include "../cli/clirun.h"

#include "ui/analysisbar.h"
#include "ui/dialogs/valuealiasdialog.h"
#include "ui/mainwindow.h"
#include "ui/models/ledgertablemodel.h"
#include "ui/models/valuealiasmodel.h"
#include "ui/periodchoice.h"
#include "ui/views/ledgerview.h"

#include <QComboBox>
#include <QDateEdit>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstTimeAliases final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void customRangeMatchesCli();
    void aliasMovesOwnerDollarsAndUndoes();

private:
    bool waitSnapshot();
    QString bucket(const std::string &owner) const;
    /// The Resolved owner (and How) of every Ledger row whose stored team label is `team`.
    QStringList ledgerOwners(const QString &team, int column);

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<MainWindow> m_window;
    QString m_ledger;
};

void TstTimeAliases::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_ledger = m_ctx->path(QStringLiteral("demo.unalloc"));
    QVERIFY(m_ctx->demoStore() != nullptr);
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
    QVERIFY(m_window->openLedger(m_ledger));
    QVERIFY(waitSnapshot());
}

void TstTimeAliases::cleanup()
{
    m_window.reset();
    m_ctx.reset();
}

bool TstTimeAliases::waitSnapshot()
{
    return QTest::qWaitFor([this] {
        return m_window->document()->isLoaded() && m_window->analysis()->snapshot() &&
               !m_window->analysis()->isBusy();
    });
}

QString TstTimeAliases::bucket(const std::string &owner) const
{
    for (const auto &b : m_window->analysis()->snapshot()->report.buckets)
        if (b.key == owner)
            return QString::fromStdString(b.amount.toString());
    return {};
}

QStringList TstTimeAliases::ledgerOwners(const QString &team, int column)
{
    if (!m_window->showView(QStringLiteral("ledger")))
        return {QStringLiteral("no ledger view")};
    auto *view = qobject_cast<LedgerView *>(m_window->view(QStringLiteral("ledger")));
    auto *filter = view ? view->findChild<QLineEdit *>(QStringLiteral("ledgerFilter")) : nullptr;
    if (!filter)
        return {QStringLiteral("no ledger filter")};
    filter->clear();
    QTest::keyClicks(filter, QStringLiteral("team=") + team);
    const LedgerTableModel *model = view->model();
    // Filtered, counted, and every visible row's page read.
    const auto ready = [&] {
        if (model->isCounting() || model->textFilter() != filter->text() || model->rowCount() == 0)
            return false;
        for (int r = 0; r < model->rowCount(); ++r)
            if (!model->index(r, column).data().isValid())
                return false;
        return true;
    };
    if (!QTest::qWaitFor(ready))
        return {QStringLiteral("the filtered rows never arrived")};
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, column).data().toString();
    out.removeDuplicates();
    return out;
}

void TstTimeAliases::customRangeMatchesCli()
{
    UI_FIND(combo, QComboBox, m_window.get(), "periodCombo");
    const QString monthTotal =
        QString::fromStdString(m_window->analysis()->snapshot()->report.total.toString());
    int custom = -1;
    for (int i = 0; i < combo->count(); ++i)
        if (periodchoice::isCustomEntry(combo, i))
            custom = i;
    QVERIFY(custom >= 0);
    combo->setCurrentIndex(custom);
    emit combo->activated(custom);
    auto *dialog = m_window->findChild<DateRangeDialog *>(QStringLiteral("dateRangeDialog"));
    UI_REQUIRE(dialog, "the custom period dialog");
    UI_FIND(from, QDateEdit, dialog, "rangeFrom");
    UI_FIND(to, QDateEdit, dialog, "rangeTo");
    from->setDate(QDate(2026, 8, 3));
    to->setDate(QDate(2026, 8, 2)); // before the first: refused
    UI_FIND(note, QLabel, dialog, "rangeNote");
    QVERIFY(note->text().contains(QStringLiteral("before")));
    to->setDate(QDate(2026, 8, 7)); // inclusive: the 7th counts
    test::grabIfAsked(dialog, QStringLiteral("custom-range-dialog"));
    dialog->accept();
    QVERIFY(waitSnapshot());
    const core::AnalysisRequest &r = m_window->analysis()->request();
    QCOMPARE(periodchoice::dateOf(*r.fromDay), QDate(2026, 8, 3));
    QCOMPARE(periodchoice::dateOf(*r.toDay), QDate(2026, 8, 8)); // exclusive inside
    QCOMPARE(combo->currentText(), QStringLiteral("3 Aug 2026 – 7 Aug 2026"));
    m_window->resize(1024, 700);
    test::grabIfAsked(m_window.get(), QStringLiteral("custom-range-1024x700"));
    QVERIFY(m_window->analysisBar()->commandLine()->text().contains(
        QStringLiteral("--from 2026-08-03 --to 2026-08-08")));
    const QString total =
        QString::fromStdString(m_window->analysis()->snapshot()->report.total.toString());
    QVERIFY2(total != monthTotal, "the range must cut the month for the check to mean anything");
    const clitest::Run cli =
        clitest::run(m_ctx->dir.path(), {QStringLiteral("report"), QStringLiteral("--ledger"),
                                         m_ledger, QStringLiteral("--from"),
                                         QStringLiteral("2026-08-03"), QStringLiteral("--to"),
                                         QStringLiteral("2026-08-08"), QStringLiteral("--json")});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(cli.out).object();
    QCOMPARE(o.value(QStringLiteral("total_usd")).toString(), total);
    QCOMPARE(
        o.value(QStringLiteral("unallocated_usd")).toString(),
        QString::fromStdString(m_window->analysis()->snapshot()->report.unallocated.toString()));
    // Undo goes back to the month.
    m_window->analysis()->undoStack()->undo();
    QVERIFY(waitSnapshot());
    QCOMPARE(QString::fromStdString(m_window->analysis()->snapshot()->report.total.toString()),
             monthTotal);
}

void TstTimeAliases::aliasMovesOwnerDollarsAndUndoes()
{
    const QString platform = bucket("platform");
    const QString search = bucket("search");
    const QString total =
        QString::fromStdString(m_window->analysis()->snapshot()->report.total.toString());
    QVERIFY(!platform.isEmpty() && !search.isEmpty());
    ValueAliasDialog *dialog = m_window->showValueAliases();
    UI_REQUIRE(dialog, "the value alias dialog");
    UI_FIND(key, QComboBox, dialog, "aliasKey");
    UI_FIND(value, QLineEdit, dialog, "aliasValue");
    UI_FIND(target, QLineEdit, dialog, "aliasTarget");
    UI_FIND(add, QPushButton, dialog, "addAlias");
    key->setCurrentText(QStringLiteral("team"));
    value->setText(QStringLiteral("platform"));
    target->setText(QStringLiteral("search"));
    QSignalSpy loaded(m_window->document(), &LedgerDocument::loaded);
    QTest::mouseClick(add, Qt::LeftButton);
    QTRY_VERIFY(loaded.count() >= 1);
    QVERIFY(waitSnapshot());
    QVERIFY(bucket("platform").isEmpty());
    const auto sum = core::Decimal::parse(platform.toStdString()).value() +
                     core::Decimal::parse(search.toStdString()).value();
    QCOMPARE(bucket("search"), QString::fromStdString(sum.toString()));
    QCOMPARE(QString::fromStdString(m_window->analysis()->snapshot()->report.total.toString()),
             total);
    // The Ledger view's owner column attributes as the report does; the labels stay as stored.
    QCOMPARE(ledgerOwners(QStringLiteral("platform"), LedgerTableModel::Owner),
             QStringList{QStringLiteral("search")});
    const QStringList how = ledgerOwners(QStringLiteral("platform"), LedgerTableModel::How);
    QCOMPARE(how.size(), 1);
    QVERIFY2(how.front().contains(QStringLiteral("alias of platform")), qPrintable(how.front()));
    // The dialog lists it with the dollars it moves in the period.
    QTRY_COMPARE(dialog->model()->rowCount(), 1);
    QCOMPARE(dialog->model()->aliases()[0].moved.at(0).amount.toString(), platform.toStdString());
    test::grabIfAsked(dialog, QStringLiteral("value-aliases-dialog"));
    // Undo takes the alias out of the ledger again.
    m_window->analysis()->undoStack()->undo();
    QTRY_VERIFY(loaded.count() >= 2);
    QVERIFY(waitSnapshot());
    QCOMPARE(bucket("platform"), platform);
    QCOMPARE(bucket("search"), search);
    QTRY_COMPARE(dialog->model()->rowCount(), 0);
    QCOMPARE(ledgerOwners(QStringLiteral("platform"), LedgerTableModel::Owner),
             QStringList{QStringLiteral("platform")});
    // A malformed alias is refused with a reason.
    value->setText(QString());
    target->setText(QStringLiteral("x"));
    QVERIFY(!dialog->addAlias(QStringLiteral("team"), QString(), QStringLiteral("x")));
    UI_FIND(message, QLabel, dialog, "aliasMessage");
    QVERIFY(!message->text().isEmpty());
}

QTEST_MAIN(TstTimeAliases)
#include "tst_timealiases.moc"
