// Exports from the real views: PNG, SVG and PDF charts and CSV tables, with captions and exact
// numbers.
#include "uitestsupport.h"

#include "ui/charts/chartcanvas.h"
#include "ui/exporting/exporter.h"
#include "ui/mainwindow.h"
#include "ui/widgets/chartpanel.h"
#include "ui/widgets/tablepanel.h"

#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTest>

using namespace unalloc::ui;

class TstExport final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void chart_data();
    void chart();
    void csvHasExactAmountsAndCaption();
    void fileNamesSayWhatAndWhen_data();
    void fileNamesSayWhatAndWhen();
    void captionsWrapInsteadOfBeingCut();

private:
    test::TestContext m_ctx;
    std::unique_ptr<MainWindow> m_window;
};

void TstExport::initTestCase()
{
    m_window = std::make_unique<MainWindow>(&m_ctx.app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstExport::chart_data()
{
    QTest::addColumn<QString>("panel");
    QTest::addColumn<QString>("ext");
    QTest::addColumn<QString>("text"); ///< drawn by the chart itself (its legend or title)
    const std::pair<const char *, const char *> panels[] = {
        {"spendChart", "no owner (hatched)"},
        {"resolutionChart", "No owner"},
        {"fixPlanChart", "10.0\u00a0% target"}, // the ledger budget's default
        {"fallbackChart", "No fallback keys chosen."}};
    for (const auto &[panel, text] : panels) {
        for (const char *ext : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", panel, ext)
                << QString::fromLatin1(panel) << QString::fromLatin1(ext)
                << QString::fromUtf8(text);
    }
}

void TstExport::chart()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
    QFETCH(QString, text);
    UI_FIND(p, ChartPanel, m_window, panel);
    const QString path = m_ctx.path(panel + QLatin1Char('.') + ext);
    QString error;
    QVERIFY2(p->exportTo(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (ext == QLatin1String("png")) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QVERIFY(image.width() >= p->chart()->exportSize().width());
        QVERIFY(image.height() >= p->chart()->exportSize().height());
    } else if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY(bytes.contains("Owner key: team"));
        QVERIFY(bytes.contains("sha256:"));
        // The Qt Charts chart is in the page, not only its caption.
        QVERIFY2(bytes.contains(text.toHtmlEscaped().toUtf8()), qPrintable(text));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.size() > 1000);
        QVERIFY(bytes.contains("/Type /Page") || bytes.contains("/Type/Page"));
    }
}

void TstExport::csvHasExactAmountsAndCaption()
{
    UI_FIND(owners, TablePanel, m_window, "ownerTable");
    UI_FIND(tree, TablePanel, m_window, "unallocatedTree");
    const QString path = m_ctx.path(QStringLiteral("owners.csv"));
    QVERIFY(owners->exportTo(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(file.readAll());
    // The header row comes first, so any CSV reader takes it as the header.
    QVERIFY2(csv.startsWith(QStringLiteral("Owner,Amount,Share,Via fallback,Rows,Sources\r\n")),
             qPrintable(csv));
    QVERIFY(!csv.contains(QStringLiteral("# Ledger")));
    // The caption sits next to it. The demo counts its gateway month twice (gateway rows and
    // the bills): the caption says so first.
    QFile side(m_ctx.path(QStringLiteral("owners-caption.txt")));
    QVERIFY(side.open(QIODevice::ReadOnly));
    const QString caption = QString::fromUtf8(side.readAll());
    QVERIFY2(caption.startsWith(QStringLiteral("WARNING: $9,705.47 counted twice")),
             qPrintable(caption));
    QVERIFY(caption.contains(QStringLiteral("\nLedger: demo")));
    QVERIFY(caption.contains(QStringLiteral("Period: 2026-08-01 \u2013 2026-08-31")));
    QVERIFY(caption.contains(QStringLiteral("Exported 2026-09-02 09:00 UTC")));
    QVERIFY2(csv.contains(QStringLiteral("<unallocated>,66263.14,69.4,0.00,")), qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("platform,20419.955,21.4,")));

    QVERIFY(tree->exportTo(m_ctx.path(QStringLiteral("tree.csv"))));
    QFile treeFile(m_ctx.path(QStringLiteral("tree.csv")));
    QVERIFY(treeFile.open(QIODevice::ReadOnly));
    const QByteArray treeCsv = treeFile.readAll();
    QVERIFY(treeCsv.contains("0,opencost,47095.60,"));
    QVERIFY(treeCsv.contains("2,inference/vllm-llama-70b,19147.10,"));

    // The Excel option starts the file with a UTF-8 byte order mark, header right after.
    m_ctx.settings.setValue(keys::csvExcelBom, true);
    QVERIFY(owners->exportTo(path));
    m_ctx.settings.setValue(keys::csvExcelBom, false);
    QFile bom(path);
    QVERIFY(bom.open(QIODevice::ReadOnly));
    QVERIFY(bom.readAll().startsWith("\xEF\xBB\xBFOwner,Amount,"));
    // A failed export names the file it could not write.
    QString error;
    const QString nowhere = m_ctx.path(QStringLiteral("missing-folder/owners.csv"));
    QVERIFY(!owners->exportTo(nowhere, &error));
    QVERIFY2(error.contains(nowhere), qPrintable(error));
}

void TstExport::fileNamesSayWhatAndWhen_data()
{
    QTest::addColumn<QString>("title");
    QTest::addColumn<int>("fromDay");
    QTest::addColumn<int>("toDay");
    QTest::addColumn<QString>("expected");
    // Days since 1970-01-01: 2026-08-01 is 20666, 2026-09-01 is 20697.
    QTest::newRow("a month") << "Unallocated by source" << 20666 << 20697
                             << "unallocated-by-source-2026-08.png";
    QTest::newRow("some days") << "Spend by owner, stacked" << 20666 << 20676
                               << "spend-by-owner-stacked-2026-08-01_2026-08-10.png";
    QTest::newRow("all dates: the export day")
        << "Fix plan" << -1 << -1 << "fix-plan-2026-09-02.png";
}

void TstExport::fileNamesSayWhatAndWhen()
{
    QFETCH(QString, title);
    QFETCH(int, fromDay);
    QFETCH(int, toDay);
    QFETCH(QString, expected);
    unalloc::core::ExportCaption caption;
    if (fromDay >= 0) {
        caption.fromDay = fromDay;
        caption.toDay = toDay;
    }
    QCOMPARE(Exporter::suggestedFileName(title, caption, m_ctx.app.clock(), QStringLiteral("png")),
             expected);
}

void TstExport::captionsWrapInsteadOfBeingCut()
{
    UI_FIND(p, ChartPanel, m_window, "spendChart");
    const QStringList shortCaption{QStringLiteral("Ledger: demo")};
    const QString reason = QStringLiteral("PARTIAL: ") +
                           QString(60, QLatin1Char('w'))
                               .replace(QLatin1Char('w'), QStringLiteral("page 3 of 9 missing "));
    const QStringList longCaption{QStringLiteral("Ledger: demo"), reason};
    const QImage one = Exporter::chartImage(*p->chart(), QStringLiteral("t"), shortCaption, 1.0);
    const QImage wrapped = Exporter::chartImage(*p->chart(), QStringLiteral("t"), longCaption, 1.0);
    // The long line takes several caption lines: the page grows by more than one line.
    QVERIFY2(wrapped.height() - one.height() > 3 * 17,
             qPrintable(QStringLiteral("%1 vs %2").arg(wrapped.height()).arg(one.height())));
    QCOMPARE(wrapped.width(), one.width());
}

QTEST_MAIN(TstExport)
#include "tst_export.moc"
