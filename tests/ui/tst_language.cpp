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
    QString figure(const char *name, bool detail = false) const;
    QString sidebarText(int row) const;
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

QString TstLanguage::figure(const char *name, bool detail) const
{
    auto *card = m_window->findChild<FigureCard *>(QLatin1String(name));
    return !card ? QString() : detail ? card->detail() : card->value();
}

QString TstLanguage::sidebarText(int row) const
{
    auto *sidebar = m_window->findChild<QListWidget *>(QStringLiteral("sidebar"));
    return sidebar && sidebar->item(row) ? sidebar->item(row)->text() : QString();
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
    QVERIFY2(
        figure("figureTotal", true).endsWith(QStringLiteral(" rows from %1 sources").arg(sources)),
        qPrintable(figure("figureTotal", true)));
    auto *button =
        m_window->analysisBar()->findChild<QToolButton *>(QStringLiteral("sourcesButton"));
    QCOMPARE(button->text(), QStringLiteral("All %1 sources").arg(sources));
    auto *status = m_window->statusBar()->findChild<QLabel *>(QStringLiteral("completenessLabel"));
    QVERIFY2(!status->text().contains(QStringLiteral("(")), qPrintable(status->text()));
}

void TstLanguage::switchesToGermanAndBack()
{
    QCOMPARE(sidebarText(1), QStringLiteral("Overview"));
    const QString english = figure("figureTotal"); // "$66,630.38"
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
    const QString englishU = figure("figureU"); // "73.5 %"

    choose(QStringLiteral("de"));
    QTRY_COMPARE(sidebarText(1), QStringLiteral("Übersicht"));
    QCOMPARE(m_ctx->app.locale.language(), QLocale::German);
    QTRY_COMPARE(figure("figureTotal"), german);
    QCOMPARE(figure("figureU"), QString(englishU).replace(QLatin1Char('.'), QLatin1Char(',')));
    const int sources = int(m_window->document()->catalog().sources.size());
    QVERIFY(figure("figureTotal", true)
                .endsWith(QStringLiteral(" Zeilen aus %1 Quellen").arg(sources)));
    QCOMPARE(m_window->analysisBar()->periodCombo()->currentText(), QStringLiteral("August 2026"));
    // The analysis survives the rebuild: the same request is shown again.
    QCOMPARE(m_window->analysis()->request().ownerKey, std::string("team"));

    choose(QStringLiteral("en"));
    QTRY_COMPARE(sidebarText(1), QStringLiteral("Overview"));
    QTRY_COMPARE(figure("figureTotal"), english);
}

QTEST_MAIN(TstLanguage)
#include "tst_language.moc"
