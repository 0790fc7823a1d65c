// Switches the language in Preferences on a live window: every label is retranslated and
// every figure is formatted with the new locale; English shows real plurals.
#include "grabifasked.h"
#include "uitestsupport.h"

#include "ui/analysisbar.h"
#include "ui/dialogs/invoicedialog.h"
#include "ui/dialogs/packdialog.h"
#include "ui/dialogs/valuealiasdialog.h"
#include "ui/format.h"
#include "ui/import/importdialog.h"
#include "ui/mainwindow.h"
#include "ui/preferencesdialog.h"
#include "ui/pull/pulldialog.h"
#include "ui/translations.h"
#include "ui/views/analysisview.h"
#include "ui/views/reconciliationview.h"
#include "ui/widgets/figurecard.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QDateTime>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTimeZone>
#include <QToolButton>
#include <QXmlStreamReader>

using namespace unalloc::ui;

class TstLanguage final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void catalogsAreEmbedded_data();
    void catalogsAreEmbedded();
    void englishHasPlurals();
    void switchesToGermanAndBack();
    void openDialogsFollow();
    void plurals_data();
    void plurals();
    void datesAreUnambiguous_data();
    void datesAreUnambiguous();
    void catalogueIsComplete();
    void newerDialogsSpeakGerman_data();
    void newerDialogsSpeakGerman();

private:
    QString sidebarText(QListWidget *sidebar, int row) const;
    void choose(const QString &language);
    /// The visible texts of `what` (a dialog, menu or the saved-view list), opened anew.
    QStringList textsOf(const QString &what);

    std::unique_ptr<test::TestContext> m_ctx;
    std::unique_ptr<Translations> m_translations;
    std::unique_ptr<MainWindow> m_window;
};

void TstLanguage::init()
{
    m_ctx = std::make_unique<test::TestContext>();
    m_translations = std::make_unique<Translations>();
    m_ctx->app.translations = m_translations.get();
    m_ctx->settings.setValue(keys::language, QStringLiteral("en"));
    QVERIFY(m_translations->setLanguage(QStringLiteral("en")));
    m_window = std::make_unique<MainWindow>(&m_ctx->app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstLanguage::cleanup()
{
    m_window.reset();
    m_translations.reset();
    m_ctx.reset();
}

/// The text of a sidebar row; a row that is not there reads as a marker no check expects.
QString TstLanguage::sidebarText(QListWidget *sidebar, int row) const
{
    return sidebar->item(row) ? sidebar->item(row)->text()
                              : QStringLiteral("<no sidebar row %1>").arg(row);
}

void TstLanguage::choose(const QString &language)
{
    PreferencesDialog dialog(&m_ctx->app, m_window->budget(), m_window.get());
    const int index = dialog.languageCombo()->findData(language);
    QVERIFY(index >= 0);
    dialog.languageCombo()->setCurrentIndex(index);
    dialog.apply();
    QCOMPARE(m_ctx->settings.value(keys::language), language);
}

void TstLanguage::catalogsAreEmbedded_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("german") << QStringLiteral(":/i18n/unalloc_de.qm");
    QTest::newRow("english plurals") << QStringLiteral(":/i18n/unalloc_en.qm");
}

void TstLanguage::catalogsAreEmbedded()
{
    QFETCH(QString, path);
    QVERIFY2(QFile::exists(path), qPrintable(path));
}

void TstLanguage::englishHasPlurals()
{
    const int sources = int(m_window->document()->catalog().sources.size());
    QVERIFY(sources > 1);
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_FIND(button, QToolButton, m_window->analysisBar(), "sourcesButton");
    UI_FIND(status, QLabel, m_window->statusBar(), "completenessLabel");
    QVERIFY2(total->detail().endsWith(QStringLiteral(" rows from %1 sources").arg(sources)),
             qPrintable(total->detail()));
    QCOMPARE(button->text(), QStringLiteral("All %1 sources").arg(sources));
    QVERIFY2(!status->text().contains(QStringLiteral("(")), qPrintable(status->text()));
}

void TstLanguage::switchesToGermanAndBack()
{
    UI_FIND(sidebar, QListWidget, m_window, "sidebar");
    UI_FIND(total, FigureCard, m_window, "figureTotal");
    UI_FIND(u, FigureCard, m_window, "figureU");
    QCOMPARE(sidebarText(sidebar, 1), QStringLiteral("Overview"));
    const QString english = total->value(); // "$66,630.38"
    QVERIFY2(QRegularExpression(QStringLiteral("^\\$\\d{1,3}(,\\d{3})*\\.\\d{2}$"))
                 .match(english)
                 .hasMatch(),
             qPrintable(english));
    // The same amount the German way: "66.630,38 $" (dot groups, comma decimals, symbol after).
    QString german = english.mid(1);
    german.replace(QLatin1Char(','), QLatin1Char('_'));
    german.replace(QLatin1Char('.'), QLatin1Char(','));
    german.replace(QLatin1Char('_'), QLatin1Char('.'));
    german += QStringLiteral("\u00a0$");
    const QString englishU = u->value(); // "73.5 %"
    QVERIFY(englishU.contains(QLatin1Char('.')));

    // A language change rebuilds the window's widgets: wait for the old ones to go, then find
    // the new ones by name.
    const QPointer<QListWidget> englishSidebar(sidebar);
    choose(QStringLiteral("de"));
    QTRY_VERIFY(englishSidebar.isNull());
    QCOMPARE(m_ctx->app.locale.language(), QLocale::German);
    {
        UI_FIND(sidebarDe, QListWidget, m_window, "sidebar");
        UI_FIND(totalDe, FigureCard, m_window, "figureTotal");
        UI_FIND(uDe, FigureCard, m_window, "figureU");
        QCOMPARE(sidebarText(sidebarDe, 1), QStringLiteral("Übersicht"));
        QTRY_COMPARE(totalDe->value(), german);
        QCOMPARE(uDe->value(), QString(englishU).replace(QLatin1Char('.'), QLatin1Char(',')));
        const int sources = int(m_window->document()->catalog().sources.size());
        QVERIFY2(totalDe->detail().endsWith(QStringLiteral(" Zeilen aus %1 Quellen").arg(sources)),
                 qPrintable(totalDe->detail()));
        QCOMPARE(m_window->analysisBar()->periodCombo()->currentText(),
                 QStringLiteral("August 2026"));
        // The analysis survives the rebuild: the same request is shown again.
        QCOMPARE(m_window->analysis()->request().ownerKey, std::string("team"));
    }

    UI_FIND(germanSidebar, QListWidget, m_window, "sidebar");
    const QPointer<QListWidget> germanOne(germanSidebar);
    choose(QStringLiteral("en"));
    QTRY_VERIFY(germanOne.isNull());
    UI_FIND(sidebarEn, QListWidget, m_window, "sidebar");
    UI_FIND(totalEn, FigureCard, m_window, "figureTotal");
    QCOMPARE(sidebarText(sidebarEn, 1), QStringLiteral("Overview"));
    QTRY_COMPARE(totalEn->value(), english);
}

void TstLanguage::openDialogsFollow()
{
    // A view and two dialogs are open when the language changes: each follows, including the
    // texts built in code (the import dialog's status line) and the view's own.
    QVERIFY(m_window->showView(QStringLiteral("meters")));
    ImportDialog import(
        &m_ctx->app, m_ctx->path(QStringLiteral("x.unalloc")),
        {QStringLiteral(UNALLOC_TEST_DATA "/meters/cluster/opencost_allocation.json")},
        m_window.get());
    QSignalSpy preview(&import, &ImportDialog::previewReady);
    import.show();
    QTRY_VERIFY(preview.count() == 1);
    UI_FIND(status, QLabel, &import, "importStatus");
    UI_FIND(remove, QPushButton, &import, "removeFileButton");
    QCOMPARE(import.windowTitle(), QStringLiteral("Import into ledger"));
    QCOMPARE(status->text(), QStringLiteral("Ready to import 1 file."));
    QCOMPARE(remove->text(), QStringLiteral("&Remove file"));
    PreferencesDialog prefs(&m_ctx->app, m_window->budget(), m_window.get());
    prefs.show();
    QCOMPARE(prefs.windowTitle(), QStringLiteral("Preferences"));
    const QString themeEn = prefs.themeCombo()->itemText(0);
    const QPointer<QWidget> englishView(m_window->view(QStringLiteral("meters")));

    prefs.languageCombo()->setCurrentIndex(prefs.languageCombo()->findData(QStringLiteral("de")));
    prefs.apply();
    QTRY_COMPARE(import.windowTitle(), QStringLiteral("In das Hauptbuch importieren"));
    QCOMPARE(remove->text(), QStringLiteral("Datei &entfernen"));
    QVERIFY2(status->text() != QStringLiteral("Ready to import 1 file.") &&
                 status->text().contains(QLatin1Char('1')),
             qPrintable(status->text()));
    QCOMPARE(prefs.windowTitle(), QStringLiteral("Einstellungen"));
    QVERIFY(prefs.themeCombo()->itemText(0) != themeEn);
    // The rebuilt view speaks German too.
    QTRY_VERIFY(englishView.isNull());
    QWidget *germanView = m_window->view(QStringLiteral("meters"));
    QVERIFY(germanView);
    UI_FIND(apply, QPushButton, germanView, "applyMeterButton");
    QVERIFY2(apply->text() != QStringLiteral("Apply to ledger"), qPrintable(apply->text()));

    prefs.languageCombo()->setCurrentIndex(prefs.languageCombo()->findData(QStringLiteral("en")));
    prefs.apply();
    QTRY_COMPARE(import.windowTitle(), QStringLiteral("Import into ledger"));
    QCOMPARE(status->text(), QStringLiteral("Ready to import 1 file."));
}

void TstLanguage::plurals_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("expected");
    const QString meters = QStringLiteral("unalloc::ui::MeterView");
    const QString bar = QStringLiteral("unalloc::ui::AnalysisBar");
    const QString request = QStringLiteral("%Ln request(s)");
    const QString tenants = QStringLiteral("%1 tenant(s) by %2");
    const QString rows = QStringLiteral("%1 · %2 of %3 row(s)");
    auto row = [](const char *name, const char *language, const QString &context,
                  const QString &source, int n, const char *expected) {
        QTest::newRow(name) << QString::fromUtf8(language) << context << source << n
                            << QString::fromUtf8(expected);
    };
    row("en 1 request", "en", meters, request, 1, "1 request");
    row("en 2 requests", "en", meters, request, 2, "2 requests");
    row("de 1 request", "de", meters, request, 1, "1 Anfrage");
    row("de 2 requests", "de", meters, request, 2, "2 Anfragen");
    row("en 1 tenant", "en", meters, tenants, 1, "%1 tenant by %2");
    row("en 3 tenants", "en", meters, tenants, 3, "%1 tenants by %2");
    row("de 1 tenant", "de", meters, tenants, 1, "%1 Mandant nach %2");
    row("de 3 tenants", "de", meters, tenants, 3, "%1 Mandanten nach %2");
    row("en 1 row", "en", bar, rows, 1, "%1 · %2 of %3 row");
    row("en 5 rows", "en", bar, rows, 5, "%1 · %2 of %3 rows");
    row("de 1 row", "de", bar, rows, 1, "%1 · %2 von %3 Zeile");
    row("de 5 rows", "de", bar, rows, 5, "%1 · %2 von %3 Zeilen");
}

void TstLanguage::plurals()
{
    QFETCH(QString, language);
    QFETCH(QString, context);
    QFETCH(QString, source);
    QFETCH(int, n);
    QFETCH(QString, expected);
    QVERIFY(m_translations->setLanguage(language));
    QLocale::setDefault(Translations::localeFor(language));
    const QString got =
        QCoreApplication::translate(qPrintable(context), qPrintable(source), nullptr, n);
    QLocale::setDefault(QLocale::c());
    m_translations->setLanguage(QStringLiteral("en"));
    QCOMPARE(got, expected);
}

void TstLanguage::datesAreUnambiguous_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("expected");
    QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("1 Aug 2026 00:00:00");
    QTest::newRow("German") << QStringLiteral("de") << QStringLiteral("01.08.2026 00:00:00");
}

void TstLanguage::datesAreUnambiguous()
{
    QFETCH(QString, language);
    QFETCH(QString, expected);
    const QLocale locale = Translations::localeFor(language);
    const QDateTime t(QDate(2026, 8, 1), QTime(0, 0), QTimeZone::utc());
    QCOMPARE(fmt::dateTime(t, locale), expected);
    QCOMPARE(fmt::day(int(QDate(1970, 1, 1).daysTo(QDate(2026, 8, 1))), locale),
             expected.left(expected.size() - 9));
}

void TstLanguage::catalogueIsComplete()
{
    // Every German entry is finished and says something other than its English source (a
    // copied source is not a translation); plural entries have both German forms.
    QFile ts(QStringLiteral(UNALLOC_SOURCE_DIR "/translations/unalloc_de.ts"));
    QVERIFY(ts.open(QIODevice::ReadOnly));
    // Sources that read the same in German (symbols, names, loanwords).
    static const QSet<QString> same = {
        QStringLiteral("A4"),
        QStringLiteral("OK"),
        QStringLiteral("Name"),
        QStringLiteral("Status"),
        QStringLiteral("Start"),
        QStringLiteral("Export"),
        QStringLiteral("Tokens"),
        QStringLiteral("Pod"),
        QStringLiteral("Pods"),
        QStringLiteral("Shapley"),
        QStringLiteral("URL"),
        QStringLiteral("Feature"),
        QStringLiteral("Features"),
        QStringLiteral("Format"),
        QStringLiteral("Trends"), // the German word for the view (der Trend, die Trends)
        QStringLiteral("Labels"),
        QStringLiteral("Gateway"),
        QStringLiteral("Fallback"),
        QStringLiteral("Code"),
        QStringLiteral("Detail"),
        QStringLiteral("Details"),
        QStringLiteral("Alias %1"),
        QStringLiteral("TTFT p50"),
        QStringLiteral("FOCUS CSV (*.csv)"),
        QStringLiteral("&FOCUS 1.2 CSV…"),
        QStringLiteral("%1 — unalloc explorer"),
        QStringLiteral("Ctrl+I"),
        QStringLiteral("Ctrl+K"),
        QStringLiteral("Ctrl+Shift+C"),
        QStringLiteral("Ctrl+Shift+S"),
    };
    QXmlStreamReader xml(&ts);
    QString context, source;
    QStringList unfinished, copied;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.name() == QLatin1String("translation")) {
            const bool open =
                xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            QStringList forms;
            if (xml.readNext() == QXmlStreamReader::Characters && !xml.isWhitespace())
                forms << xml.text().toString();
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation"))) {
                if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    forms << xml.readElementText();
                xml.readNext();
            }
            forms.removeAll(QString());
            if (open || forms.isEmpty())
                unfinished << context + QStringLiteral(": ") + source;
            else if (forms.contains(source) && !same.contains(source) &&
                     source.count(QRegularExpression(QStringLiteral("[A-Za-z]"))) > 3)
                copied << context + QStringLiteral(": ") + source;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.join(QLatin1Char('\n'))));
    QVERIFY2(copied.isEmpty(), qPrintable(copied.join(QLatin1Char('\n'))));
}

QStringList TstLanguage::textsOf(const QString &what)
{
    QStringList out;
    const auto add = [&out](QString text) {
        text.remove(QLatin1Char('&'));
        // Figures, ids and single words of data are no sentence to translate.
        if (text.count(QRegularExpression(QStringLiteral("[A-Za-zÄÖÜäöüß]{3,}"))) > 0)
            out << text.trimmed();
    };
    const QString shot = what + QLatin1Char('-') + m_ctx->settings.value(keys::language);
    const auto collect = [&add, &shot](QWidget *root) {
        test::grabIfAsked(root, shot);
        add(root->windowTitle());
        if (auto *menu = qobject_cast<QMenu *>(root))
            for (QAction *a : menu->actions())
                add(a->text());
        for (QWidget *w : root->findChildren<QWidget *>()) {
            if (!w->isVisibleTo(root))
                continue;
            if (auto *l = qobject_cast<QLabel *>(w))
                add(l->text());
            else if (auto *b = qobject_cast<QAbstractButton *>(w))
                add(b->text());
            else if (auto *g = qobject_cast<QGroupBox *>(w))
                add(g->title());
            if (auto *e = qobject_cast<QLineEdit *>(w))
                add(e->placeholderText());
            if (auto *c = qobject_cast<QComboBox *>(w); c && !c->isEditable())
                for (int i = 0; i < c->count(); ++i)
                    add(c->itemText(i));
            if (auto *v = qobject_cast<QTableView *>(w); v && v->model())
                for (int c = 0; c < v->model()->columnCount(); ++c)
                    add(v->model()->headerData(c, Qt::Horizontal).toString());
        }
    };
    if (what == QLatin1String("pack")) {
        PackDialog dialog(*m_window->document(), *m_window->analysis(), m_window.get());
        dialog.show();
        // The preview (and with it the month's pods and their meter choices) is there.
        if (!QTest::qWaitFor([&] { return dialog.previewPages() > 0; }, 60000))
            return {QStringLiteral("the pack preview never came")};
        // Widgets added to a shown dialog show on the next event loop pass.
        if (!QTest::qWaitFor([&] {
                auto *meter = dialog.findChild<QComboBox *>(QStringLiteral("packMeter"));
                return meter == nullptr || meter->isVisible();
            }))
            return {QStringLiteral("the pods' meter choices never showed")};
        collect(&dialog);
    } else if (what == QLatin1String("value aliases")) {
        QWidget *dialog = m_window->showValueAliases();
        collect(dialog);
        delete dialog;
    } else if (what == QLatin1String("invoice")) {
        QWidget *dialog = m_window->showAddInvoice();
        collect(dialog);
        delete dialog;
    } else if (what == QLatin1String("pull")) {
        QWidget *dialog = m_window->pullFromApis();
        collect(dialog);
        delete dialog;
    } else if (what == QLatin1String("batch menu")) {
        m_window->showView(QStringLiteral("reconciliation"));
        auto *view =
            qobject_cast<ReconciliationView *>(m_window->view(QStringLiteral("reconciliation")));
        auto *table = view->findChild<QTableView *>(QStringLiteral("batchTableView"));
        std::unique_ptr<QMenu> menu(view->batchMenu(table->model()->index(0, 0)));
        collect(menu.get());
        // The replace's progress row, shown while a replace runs.
        if (auto *label = view->findChild<QPushButton *>(QStringLiteral("replaceCancel")))
            add(label->toolTip());
    } else if (what == QLatin1String("saved views")) {
        m_window->saveCurrentView(QStringLiteral("x"));
        add(m_window->statusBar()->currentMessage());
        auto *sidebar = m_window->findChild<QListWidget *>(QStringLiteral("sidebar"));
        for (int i = 0; i < sidebar->count(); ++i)
            add(sidebar->item(i)->text());
        for (QAction *a : m_window->menuBar()->actions())
            if (a->menu())
                collect(a->menu());
        m_window->savedViews()->remove(m_window->savedViews()->indexOf(QStringLiteral("x")));
    }
    out.removeDuplicates();
    return out;
}

void TstLanguage::newerDialogsSpeakGerman_data()
{
    QTest::addColumn<QString>("what");
    for (const char *what :
         {"pack", "value aliases", "invoice", "pull", "batch menu", "saved views"})
        QTest::newRow(what) << QString::fromUtf8(what);
}

void TstLanguage::newerDialogsSpeakGerman()
{
    // Each of the newer dialogs, opened in English then again after switching to German: no
    // text of it stays English (a text equal to its English one was not translated).
    QFETCH(QString, what);
    const QStringList english = textsOf(what);
    QVERIFY2(english.size() >= 3, qPrintable(english.join(QLatin1Char('|'))));
    UI_FIND(sidebar, QListWidget, m_window, "sidebar");
    const QPointer<QListWidget> englishSidebar(sidebar);
    choose(QStringLiteral("de"));
    QTRY_VERIFY(englishSidebar.isNull());
    QTRY_VERIFY(m_window->document()->isLoaded() && m_window->analysis()->snapshot());
    const QStringList german = textsOf(what);
    // Names and words that are the same in German.
    static const QSet<QString> names = {
        QStringLiteral("OpenCost"),  QStringLiteral("LiteLLM"),    QStringLiteral("OpenAI"),
        QStringLiteral("Anthropic"), QStringLiteral("<b>URL</b>"), QStringLiteral("Details"),
        QStringLiteral("Trends"), // a sidebar item: the same word in German
    };
    QStringList stayed;
    for (const QString &text : english)
        if (german.contains(text) && !names.contains(text))
            stayed << text;
    QVERIFY2(stayed.isEmpty(),
             qPrintable(QStringLiteral("still English: ") + stayed.join(QStringLiteral(" | "))));
}

QTEST_MAIN(TstLanguage)
#include "tst_language.moc"
