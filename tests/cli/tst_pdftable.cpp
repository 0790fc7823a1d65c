// The pack's tables (PdfDoc::table): a cell too wide for its column wraps at spaces when each
// word fits, and is otherwise elided in the middle on one line, a UUID like any other id (Qt
// would break it after each hyphen: four lines for one owner, while a hex id was elided).
#include "pack/pdfdoc.h"

#include <QFile>
#include <QGuiApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using unalloc::pack::PdfDoc;

class TstPdfTable final : public QObject
{
    Q_OBJECT

private slots:
    void cellsWrapAtSpacesOrElide_data();
    void cellsWrapAtSpacesOrElide();
};

void TstPdfTable::cellsWrapAtSpacesOrElide_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QStringList>("lines"); // what pdftotext finds of it, line by line
    // The pack's chargeback table wrapped this one: each part between hyphens fits.
    QTest::newRow("uuid") << QStringLiteral("0e841f2a-b6a8-422c-b168-b10ab39f77db")
                          << QStringList{QStringLiteral("0e841…f77db")};
    QTest::newRow("hex id") << QStringLiteral("97f4b2c15d3e4a8f9b210c6e8d4753b7")
                            << QStringList{QStringLiteral("97f4b…753b7")};
    QTest::newRow("words") << QStringLiteral("platform search ranking")
                           << QStringList{QStringLiteral("platform"),
                                          QStringLiteral("search ranking")};
    QTest::newRow("a word too wide among others")
        << QStringLiteral("team 97f4b2c15d3e4a8f9b210c6e8d4753b7")
        << QStringList{QStringLiteral("team …753b7")};
    QTest::newRow("fits") << QStringLiteral("search") << QStringList{QStringLiteral("search")};
}

void TstPdfTable::cellsWrapAtSpacesOrElide()
{
    QFETCH(QString, cell);
    QFETCH(QStringList, lines);
    const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (pdftotext.isEmpty())
        QSKIP("poppler-utils is not installed (packaging/install-deps.sh installs it)");
    QTemporaryDir dir;
    const QString pdf = dir.filePath(QStringLiteral("t.pdf"));
    {
        QFile out(pdf);
        QVERIFY(out.open(QIODevice::WriteOnly));
        PdfDoc doc(&out, QPageSize(QPageSize::A4), QStringLiteral("test"), 1);
        // The owner column of the chargeback table (packlayout.cpp): 15 % of the text width.
        doc.table(
            {QStringLiteral("Owner"), QStringLiteral("Amount")},
            {{cell, QStringLiteral("$1.00")}, {QStringLiteral("next"), QStringLiteral("$2.00")}},
            {PdfDoc::Align::Left, PdfDoc::Align::Right}, {0.15, 0.85});
        QCOMPARE(doc.finish(), 1);
    }
    QProcess p;
    p.start(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    QVERIFY(p.waitForFinished(30000));
    QStringList got;
    bool in = false;
    for (const QString &line :
         QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        const QString text = line.trimmed();
        if (text.startsWith(QStringLiteral("next")))
            break;
        if (in && !text.isEmpty())
            got << text.section(QStringLiteral("   "), 0, 0).trimmed();
        in = in || text.startsWith(QStringLiteral("Owner"));
    }
    QCOMPARE(got.join(QLatin1Char('|')), lines.join(QLatin1Char('|')));
}

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    TstPdfTable t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_pdftable.moc"
