// Switches the language in Preferences on a live window: every label is retranslated and
// every figure is formatted with the new locale; English shows real plurals.
#include "uitestsupport.h"

#include "ui/analysisbar.h"
#include "ui/mainwindow.h"
#include "ui/preferencesdialog.h"
#include "ui/translations.h"
#include "ui/widgets/figurecard.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

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

private:
    QString sidebarText(QListWidget *sidebar, int row) const;
    void choose(const QString &language);

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
    PreferencesDialog dialog(&m_ctx->app, m_window.get());
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

QTEST_MAIN(TstLanguage)
#include "tst_language.moc"
