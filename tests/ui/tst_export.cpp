// Exports from the real views: PNG, SVG and PDF charts and CSV tables, with captions and exact
// numbers.
#include "uitestsupport.h"

#include "ui/charts/chartcanvas.h"
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
    for (const char *panel : {"spendChart", "resolutionChart", "fixPlanChart", "fallbackChart"}) {
        for (const char *ext : {"png", "svg", "pdf"})
            QTest::addRow("%s.%s", panel, ext)
                << QString::fromLatin1(panel) << QString::fromLatin1(ext);
    }
}

void TstExport::chart()
{
    QFETCH(QString, panel);
    QFETCH(QString, ext);
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
    } else if (ext == QLatin1String("svg")) {
        QVERIFY(QSvgRenderer(bytes).isValid());
        QVERIFY(bytes.contains("Owner key: team"));
        QVERIFY(bytes.contains("sha256:"));
    } else {
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.size() > 1000);
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
    // The demo counts its gateway month twice (gateway rows and the bills): the caption says
    // so first.
    QVERIFY2(csv.startsWith(QStringLiteral("# WARNING: $9,705.47 counted twice")), qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("\r\n# Ledger: demo")));
    QVERIFY(csv.contains(QStringLiteral("Period: 2026-08-01 \u2013 2026-08-31")));
    QVERIFY(csv.contains(QStringLiteral("Exported 2026-09-02 09:00 UTC")));
    QVERIFY(csv.contains(QStringLiteral("Owner,Amount,Share,Via fallback,Rows,Sources\r\n")));
    QVERIFY2(csv.contains(QStringLiteral("<unallocated>,66263.14,69.4,0.00,")), qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("platform,20419.955,21.4,")));

    QVERIFY(tree->exportTo(m_ctx.path(QStringLiteral("tree.csv"))));
    QFile treeFile(m_ctx.path(QStringLiteral("tree.csv")));
    QVERIFY(treeFile.open(QIODevice::ReadOnly));
    const QByteArray treeCsv = treeFile.readAll();
    QVERIFY(treeCsv.contains("0,opencost,47095.60,"));
    QVERIFY(treeCsv.contains("2,inference/vllm-llama-70b,19147.10,"));
}

QTEST_MAIN(TstExport)
#include "tst_export.moc"
