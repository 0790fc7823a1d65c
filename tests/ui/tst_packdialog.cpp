// File ▸ Export chargeback pack… in the explorer, driven through its widgets on the demo: the
// preview shows as many pages as `unalloc pack` writes for the same month and options, and
// Save writes a PDF whose page count and headline are the CLI's.
#include "uitestsupport.h"

#include "ui/dialogs/packdialog.h"
#include "ui/mainwindow.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace unalloc;
using namespace unalloc::ui;

class TstPackDialog final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void actionInFileMenu();
    void previewAndSaveMatchTheCli();
    void meterChoiceSplitsThePod();

private:
    static QByteArray run(const QString &program, const QStringList &args, int *exit = nullptr);
    static QString headline(const QString &pdf);

    test::TestContext m_ctx;
    std::unique_ptr<MainWindow> m_window;
    QTemporaryDir m_cache, m_out;
};

QByteArray TstPackDialog::run(const QString &program, const QStringList &args, int *exit)
{
    QProcess p;
    p.start(program, args);
    p.waitForFinished(120000);
    if (exit)
        *exit = p.exitCode();
    return p.readAllStandardOutput() + p.readAllStandardError();
}

/// The headline sentence on page 2 ("73.5% of $66,630.38 AI spend is unattributed").
QString TstPackDialog::headline(const QString &pdf)
{
    const QString text =
        QString::fromUtf8(run(QStringLiteral("pdftotext"),
                              {QStringLiteral("-f"), QStringLiteral("2"), QStringLiteral("-l"),
                               QStringLiteral("2"), pdf, QStringLiteral("-")}));
    for (const QString &line : text.split(QLatin1Char('\n')))
        if (line.contains(QStringLiteral("AI spend is unattributed")))
            return line.trimmed();
    return {};
}

void TstPackDialog::initTestCase()
{
    for (const char *tool : {"pdfinfo", "pdftotext"})
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP("poppler-utils is not installed (packaging/install-deps.sh installs it)");
    QVERIFY(m_cache.isValid() && m_out.isValid());
    qputenv("XDG_CACHE_HOME", QFile::encodeName(m_cache.path()));
    m_window = std::make_unique<MainWindow>(&m_ctx.app);
    m_window->show();
    QSignalSpy ready(m_window->analysis(), &AnalysisController::snapshotReady);
    QVERIFY(m_window->openDemo(test::demoDir()));
    QTRY_VERIFY(ready.count() >= 1);
}

void TstPackDialog::actionInFileMenu()
{
    auto *action = m_window->findChild<QAction *>(QStringLiteral("actionExportPack"));
    QVERIFY(action);
    QVERIFY(action->text().contains(QStringLiteral("Chargeback Pack")));
}

void TstPackDialog::previewAndSaveMatchTheCli()
{
    PackDialog dialog(*m_window->document(), *m_window->analysis(), m_window.get());
    QSignalSpy previewed(&dialog, &PackDialog::previewReady);
    dialog.show();
    auto *page = dialog.findChild<QComboBox *>(QStringLiteral("packPage"));
    auto *month = dialog.findChild<QComboBox *>(QStringLiteral("packMonth"));
    auto *preview = dialog.findChild<QListWidget *>(QStringLiteral("packPreview"));
    auto *output = dialog.findChild<QLineEdit *>(QStringLiteral("packOutput"));
    auto *statements = dialog.findChild<QLineEdit *>(QStringLiteral("packStatements"));
    auto *save = dialog.findChild<QPushButton *>(QStringLiteral("packSave"));
    QVERIFY(page && month && preview && output && statements && save);
    QVERIFY(month->count() > 0);
    page->setCurrentIndex(0); // A4, whatever the locale
    QTRY_VERIFY_WITH_TIMEOUT(!previewed.isEmpty() && !dialog.isRendering() && save->isEnabled(),
                             60000);

    // The CLI's pack of the same ledger, month and analysis options.
    const auto &request = m_window->analysis()->request();
    const QString ledger = QString::fromStdString(m_window->document()->store()->path());
    const QString cliPdf = m_out.filePath(QStringLiteral("cli.pdf"));
    QStringList args{QStringLiteral("pack"),
                     QStringLiteral("--ledger"),
                     ledger,
                     QStringLiteral("--month"),
                     month->currentData().toString(),
                     QStringLiteral("--page"),
                     QStringLiteral("a4"),
                     QStringLiteral("-D"),
                     QString::fromStdString(request.ownerKey),
                     QStringLiteral("-o"),
                     cliPdf};
    for (const std::string &f : request.fallbacks)
        args << QStringLiteral("-f") << QString::fromStdString(f);
    if (request.dedupe)
        args << QStringLiteral("--dedupe");
    int exit = -1;
    const QByteArray cli = run(QStringLiteral(UNALLOC_CLI), args, &exit);
    QVERIFY2(exit == 0, cli.constData());
    static const QRegularExpression pagesRe(QStringLiteral(": (\\d+) pages"));
    const auto m = pagesRe.match(QString::fromUtf8(cli));
    QVERIFY2(m.hasMatch(), cli.constData());
    const int pages = m.captured(1).toInt();
    QVERIFY(pages >= 5);
    QCOMPARE(preview->count(), pages);
    QCOMPARE(dialog.previewPages(), pages);

    const QString guiPdf = m_out.filePath(QStringLiteral("gui.pdf"));
    output->setText(guiPdf);
    statements->setText(m_out.filePath(QStringLiteral("statements")));
    QSignalSpy saved(&dialog, &PackDialog::saved);
    QTest::mouseClick(save, Qt::LeftButton);
    QCOMPARE(saved.count(), 1);
    QVERIFY(QFile::exists(guiPdf));
    const QString info = QString::fromUtf8(run(QStringLiteral("pdfinfo"), {guiPdf}));
    QVERIFY2(info.contains(QStringLiteral("Pages:           %1").arg(pages)), qPrintable(info));
    QVERIFY(info.contains(QStringLiteral("(A4)")));
    const QString line = headline(guiPdf);
    QVERIFY(!line.isEmpty());
    QCOMPARE(line, headline(cliPdf));
    QVERIFY(!QDir(m_out.filePath(QStringLiteral("statements")))
                 .entryList({QStringLiteral("*.csv")})
                 .isEmpty());
}

void TstPackDialog::meterChoiceSplitsThePod()
{
    // The dialog offers `unalloc pack --meter`: a meter per shared pod of the month. Choosing
    // one renders the preview again with the pod split, as the CLI's pack with --meter.
    PackDialog dialog(*m_window->document(), *m_window->analysis(), m_window.get());
    QSignalSpy previewed(&dialog, &PackDialog::previewReady);
    dialog.show();
    auto *page = dialog.findChild<QComboBox *>(QStringLiteral("packPage"));
    auto *month = dialog.findChild<QComboBox *>(QStringLiteral("packMonth"));
    auto *status = dialog.findChild<QLabel *>(QStringLiteral("packStatus"));
    QVERIFY(page && month && status);
    page->setCurrentIndex(0);
    QTRY_VERIFY_WITH_TIMEOUT(!previewed.isEmpty() && !dialog.isRendering(), 60000);
    QTRY_VERIFY(dialog.findChild<QComboBox *>(QStringLiteral("packMeter")) != nullptr);
    auto *meter = dialog.findChild<QComboBox *>(QStringLiteral("packMeter"));
    const qint64 pod = meter->property("podRow").toLongLong();
    QVERIFY(dialog.previewContent()->meterSplits.empty());
    const int unsplitPages = dialog.previewPages();

    const int timeShare = meter->findData(QStringLiteral("time_share"));
    QVERIFY(timeShare > 0);
    previewed.clear();
    meter->setCurrentIndex(timeShare);
    emit meter->activated(timeShare);
    QTRY_VERIFY_WITH_TIMEOUT(!previewed.isEmpty() && !dialog.isRendering(), 60000);
    const pack::PackContent *content = dialog.previewContent();
    QCOMPARE(content->meterSplits.size(), size_t(1));
    QCOMPARE(content->meterSplits.front().rowId, pod);
    QCOMPARE(content->meterSplits.front().meter, core::MeterKind::TimeShare);
    QVERIFY2(status->text().contains(QStringLiteral("split by Time share")),
             qPrintable(status->text()));
    // The combo still shows the choice after the preview was rebuilt.
    auto *after = dialog.findChild<QComboBox *>(QStringLiteral("packMeter"));
    QCOMPARE(after->currentData().toString(), QStringLiteral("time_share"));

    // The CLI's pack with the same --meter: same page count, same headline.
    const auto &request = m_window->analysis()->request();
    const QString ledger = QString::fromStdString(m_window->document()->store()->path());
    const QString cliPdf = m_out.filePath(QStringLiteral("cli-meter.pdf"));
    QStringList args{QStringLiteral("pack"),
                     QStringLiteral("--ledger"),
                     ledger,
                     QStringLiteral("--month"),
                     month->currentData().toString(),
                     QStringLiteral("--page"),
                     QStringLiteral("a4"),
                     QStringLiteral("--meter"),
                     QStringLiteral("%1=time_share").arg(pod),
                     QStringLiteral("-D"),
                     QString::fromStdString(request.ownerKey),
                     QStringLiteral("-o"),
                     cliPdf};
    for (const std::string &f : request.fallbacks)
        args << QStringLiteral("-f") << QString::fromStdString(f);
    if (request.dedupe)
        args << QStringLiteral("--dedupe");
    int exit = -1;
    const QByteArray cli = run(QStringLiteral(UNALLOC_CLI), args, &exit);
    QVERIFY2(exit == 0, cli.constData());
    QVERIFY2(cli.contains("by time_share in the pack only"), cli.constData());
    static const QRegularExpression pagesRe(QStringLiteral(": (\\d+) pages"));
    const auto m = pagesRe.match(QString::fromUtf8(cli));
    QVERIFY2(m.hasMatch(), cli.constData());
    QCOMPARE(dialog.previewPages(), m.captured(1).toInt());
    QVERIFY(dialog.previewPages() >= unsplitPages);

    // Back to "not split": the pod is one row again.
    previewed.clear();
    after->setCurrentIndex(0);
    emit after->activated(0);
    QTRY_VERIFY_WITH_TIMEOUT(!previewed.isEmpty() && !dialog.isRendering(), 60000);
    QVERIFY(dialog.previewContent()->meterSplits.empty());
}

QTEST_MAIN(TstPackDialog)
#include "tst_packdialog.moc"
