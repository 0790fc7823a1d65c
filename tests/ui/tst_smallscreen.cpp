// Issue 18 item 11 through real widgets: at 1024×700 every view fits the window (no page
// scrolls sideways, no control sticks out past the right edge, in both themes), and the
// control with the keyboard focus carries a ring that stands out in the dark theme (chips,
// the sidebar, tables, buttons), sampled from the rendered window.
#include "uitestsupport.h"

#include "grabifasked.h"

#include "ui/analysisbar.h"
#include "ui/dialogs/invoicedialog.h"
#include "ui/mainwindow.h"
#include "ui/translations.h"
#include "ui/views/viewregistry.h"
#include "ui/widgets/focusring.h"

#include <QAbstractItemView>
#include <QAbstractScrollArea>
#include <QApplication>
#include <QComboBox>
#include <QDateEdit>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <cmath>

using namespace unalloc::ui;

namespace {

/// True for widgets whose own content may scroll sideways by design (a table's columns):
/// their children lie in a viewport, not on the page.
bool insideItemView(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractItemView *>(p))
            return true;
    return false;
}

/// Visible widgets whose right edge lies past the window's, by name and class.
QStringList sticking(const QWidget *window)
{
    QStringList out;
    for (const QWidget *w : window->findChildren<QWidget *>()) {
        if (!w->isVisible() || w->isWindow() || insideItemView(w) ||
            qobject_cast<const FocusRingOverlay *>(w))
            continue;
        const int right = w->mapTo(window, QPoint(w->width() - 1, 0)).x();
        if (right >= window->width())
            out << QStringLiteral("%1 '%2' to x=%3")
                       .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                       .arg(right);
    }
    return out;
}

double contrast(const QColor &a, const QColor &b)
{
    auto lum = [](const QColor &c) {
        auto ch = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

class TstSmallScreen final : public QObject
{
    Q_OBJECT

private slots:
    void everyViewFits_data();
    void everyViewFits();
    void focusRingIsVisibleInDark_data();
    void focusRingIsVisibleInDark();
    void invoiceDialogShowsEveryField_data();
    void invoiceDialogShowsEveryField();
};

void TstSmallScreen::everyViewFits_data()
{
    QTest::addColumn<QString>("view");
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QString>("language");
    for (const ViewInfo &v : registeredViews()) {
        if (!v.create)
            continue;
        QTest::newRow(qPrintable(v.id + QStringLiteral(" light")))
            << v.id << false << QStringLiteral("en");
        QTest::newRow(qPrintable(v.id + QStringLiteral(" dark")))
            << v.id << true << QStringLiteral("en");
        // German texts are the longest.
        QTest::newRow(qPrintable(v.id + QStringLiteral(" German")))
            << v.id << false << QStringLiteral("de");
    }
}

void TstSmallScreen::everyViewFits()
{
    QFETCH(QString, view);
    QFETCH(bool, dark);
    QFETCH(QString, language);
    Translations translations;
    QVERIFY(translations.setLanguage(language));
    test::TestContext ctx;
    ctx.app.translations = &translations;
    if (language != QLatin1String("en")) // German numbers and dates too, as the explorer shows
        ctx.app.locale = Translations::localeFor(language);
    ctx.theme.setMode(dark ? Theme::Mode::Dark : Theme::Mode::Light);
    MainWindow window(&ctx.app);
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    QVERIFY(window.showView(view));
    QWidget *page = window.view(view);
    QVERIFY(page);
    QCOMPARE(window.size(), QSize(1024, 700));
    auto *scroll = page->findChild<QScrollArea *>();
    QVERIFY(scroll);
    // Layouts settle through posted events: wait until the page fits its viewport.
    QWidget *content = scroll->widget();
    QVERIFY(content);
    // What asks for the width, when the page is too wide.
    const auto widest = [content] {
        QStringList out;
        for (QWidget *w : content->findChildren<QWidget *>())
            if (w->isVisible() && w->minimumSizeHint().width() > 560 && !insideItemView(w))
                out << QStringLiteral("%1 '%2' %3")
                           .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName())
                           .arg(w->minimumSizeHint().width());
        return out.join(QStringLiteral(", "));
    };
    QTRY_VERIFY2(content->width() <= scroll->viewport()->width() &&
                     !scroll->horizontalScrollBar()->isVisible(),
                 qPrintable(QStringLiteral("the page scrolls sideways: content %1 px (minimum %2, "
                                           "hint %3), viewport %4 px, scroll range %5")
                                .arg(content->width())
                                .arg(content->minimumWidth())
                                .arg(content->minimumSizeHint().width())
                                .arg(scroll->viewport()->width())
                                .arg(scroll->horizontalScrollBar()->maximum()) +
                            QStringLiteral("; wide: ") + widest()));
    const QStringList out = sticking(&window);
    QVERIFY2(out.isEmpty(), qPrintable(out.join(QStringLiteral("; "))));
}

void TstSmallScreen::focusRingIsVisibleInDark_data()
{
    QTest::addColumn<QString>("control"); // what gets the focus
    QTest::newRow("fallback chip") << QStringLiteral("chip");
    QTest::newRow("sidebar") << QStringLiteral("sidebar");
    QTest::newRow("table") << QStringLiteral("table");
    QTest::newRow("button") << QStringLiteral("button");
}

void TstSmallScreen::focusRingIsVisibleInDark()
{
    QFETCH(QString, control);
    test::TestContext ctx;
    ctx.theme.setMode(Theme::Mode::Dark);
    MainWindow window(&ctx.app);
    window.resize(1024, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QApplication::setActiveWindow(&window);
    QSignalSpy ready(window.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(window.openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    QWidget *target = nullptr;
    if (control == QLatin1String("chip")) {
        for (QToolButton *chip : window.analysisBar()->findChildren<QToolButton *>())
            if (!target && chip->isVisible() &&
                chip->objectName().startsWith(QLatin1String("chip_")))
                target = chip;
    } else if (control == QLatin1String("sidebar")) {
        target = test::findNamed<QWidget>(&window, "sidebar");
    } else if (control == QLatin1String("table")) {
        QVERIFY(window.showView(QStringLiteral("overview")));
        target = window.view(QStringLiteral("overview"))->findChild<QTableView *>();
    } else {
        QVERIFY(window.showView(QStringLiteral("meters")));
        target =
            test::findNamed<QPushButton>(window.view(QStringLiteral("meters")), "applyMeterButton");
        QTRY_VERIFY(target && target->isEnabled());
    }
    QVERIFY2(target, qPrintable(control));
    // A control below the fold is ringed once it is scrolled into view.
    for (QWidget *p = target->parentWidget(); p; p = p->parentWidget())
        if (auto *area = qobject_cast<QScrollArea *>(p))
            area->ensureWidgetVisible(target);
    target->setFocus(Qt::TabFocusReason);
    QTRY_VERIFY(target->hasFocus());
    QTRY_VERIFY2(
        FocusRing::overlayOf(&window) && FocusRing::overlayOf(&window)->isVisible(),
        qPrintable(QStringLiteral("focus on %1 '%2'; ring %3")
                       .arg(QString::fromLatin1(
                                QApplication::focusWidget()
                                    ? QApplication::focusWidget()->metaObject()->className()
                                    : "nothing"),
                            QApplication::focusWidget() ? QApplication::focusWidget()->objectName()
                                                        : QString(),
                            FocusRing::overlayOf(&window) ? QStringLiteral("hidden")
                                                          : QStringLiteral("missing"))));
    QWidget *overlay = FocusRing::overlayOf(&window);
    auto *ring = static_cast<FocusRingOverlay *>(overlay);
    const QRect where(target->mapTo(&window, QPoint(0, 0)), target->size());
    QVERIFY2(ring->ringRect().intersects(where), "the ring is around the focused control");
    // Rendered: the ring's pixels on the focused control's left edge, against the window.
    const QImage shot = window.grab().toImage();
    const QRect r = ring->ringRect();
    const QColor edge(shot.pixel(r.left() + 1, r.center().y()));
    const QColor background = ctx.theme.theme().window;
    QVERIFY2(contrast(edge, background) >= 3.0,
             qPrintable(QStringLiteral("ring %1 on %2: contrast %3")
                            .arg(edge.name(), background.name())
                            .arg(contrast(edge, background))));
    QCOMPARE(edge.name(), ring->colour().name());
}

void TstSmallScreen::invoiceDialogShowsEveryField_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("window");
    for (const char *language : {"en", "de"})
        for (const QSize size : {QSize(1024, 700), QSize(1440, 900)})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2x%3")
                                         .arg(QLatin1String(language))
                                         .arg(size.width())
                                         .arg(size.height())))
                << QString::fromLatin1(language) << size;
}

void TstSmallScreen::invoiceDialogShowsEveryField()
{
    // Ledger → Add Invoice… opens wide enough for every label, hint and typed value (German
    // texts are the longest), and fits a 1024×700 screen.
    QFETCH(QString, language);
    QFETCH(QSize, window);
    Translations translations;
    QVERIFY(translations.setLanguage(language));
    test::TestContext ctx;
    ctx.app.translations = &translations;
    MainWindow main(&ctx.app);
    main.resize(window);
    main.show();
    QSignalSpy ready(main.analysis(), &AnalysisController::snapshotReady);
    QVERIFY(main.openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
    InvoiceDialog *dialog = main.showAddInvoice();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *amount = dialog->findChild<QLineEdit *>(QStringLiteral("invoiceAmount"));
    QVERIFY(amount);
    amount->setText(QStringLiteral("123456789012.123456")); // a long exact amount
    QStringList cut;
    for (QLabel *l : dialog->findChildren<QLabel *>()) {
        if (l->isVisible() && !l->wordWrap() && l->width() < l->sizeHint().width())
            cut << QStringLiteral("label '%1': %2 < %3 px")
                       .arg(l->text())
                       .arg(l->width())
                       .arg(l->sizeHint().width());
    }
    for (QLineEdit *e : dialog->findChildren<QLineEdit *>()) {
        if (!e->isVisible() || qobject_cast<QComboBox *>(e->parentWidget()) ||
            qobject_cast<QDateEdit *>(e->parentWidget()))
            continue;
        const QFontMetrics fm(e->font());
        const int need =
            std::max(fm.horizontalAdvance(e->placeholderText()), fm.horizontalAdvance(e->text())) +
            8;
        if (e->width() < need)
            cut << QStringLiteral("field '%1': %2 < %3 px")
                       .arg(e->objectName())
                       .arg(e->width())
                       .arg(need);
    }
    for (QWidget *w : dialog->findChildren<QWidget *>())
        if ((qobject_cast<QComboBox *>(w) || qobject_cast<QDateEdit *>(w)) && w->isVisible() &&
            w->width() < w->minimumSizeHint().width())
            cut << QStringLiteral("field '%1': %2 < %3 px")
                       .arg(w->objectName())
                       .arg(w->width())
                       .arg(w->minimumSizeHint().width());
    test::grabIfAsked(
        dialog,
        QStringLiteral("invoice-%1-%2x%3").arg(language).arg(window.width()).arg(window.height()));
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    QVERIFY2(dialog->width() <= 1024 && dialog->height() <= 700,
             qPrintable(QStringLiteral("%1x%2").arg(dialog->width()).arg(dialog->height())));
    delete dialog;
}

QTEST_MAIN(TstSmallScreen)
#include "tst_smallscreen.moc"
