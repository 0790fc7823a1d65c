// `unalloc pack`: the demo month's PDF checked with poppler-utils (pages, outline, embedded
// fonts, the headline's text, the partial batch on the cover), and statements that add up to
// the chargeback table exactly.
#include "core/decimal.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using unalloc::core::Decimal;

class TstPack final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pagesOutlineAndFonts();
    void headlineText();
    void partialBatchOnTheCover();
    void statementsAddUp();
    void letterPaper();
    void meterSection();
    void meterStatementsAddUp();
    void usage_data();
    void usage();

private:
    struct Run
    {
        int exit = -1;
        QByteArray out, err;
    };
    static Run run(const QString &program, const QStringList &args);
    static Run cli(const QStringList &args) { return run(QStringLiteral(UNALLOC_CLI), args); }
    QString path(const QString &name) const { return m_dir.filePath(name); }
    static QStringList demoFiles();
    static QStringList podFiles();
    /// `unalloc meters --json` of the demo pod: its time_share rows.
    QJsonArray timeShareRows();

    QTemporaryDir m_dir;
    QString m_ledger, m_partial, m_pdf, m_pods;
};

TstPack::Run TstPack::run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

QStringList TstPack::demoFiles()
{
    QStringList files;
    for (const char *f : {"opencost_allocation.json", "litellm_spend.json", "openai_costs.json",
                          "anthropic_cost_report.json", "invoices.json"})
        files << QStringLiteral(UNALLOC_TEST_DATA "/cli-inputs/demo/") + QLatin1String(f);
    return files;
}

QStringList TstPack::podFiles()
{
    return {QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo-pod/opencost_vllm_pod.json"),
            QStringLiteral(UNALLOC_SOURCE_DIR "/resources/demo-pod/litellm_vllm_pod.json")};
}

/// "$12,821.12": the pack's money text, from an exact amount.
static QString dollars(const Decimal &d)
{
    QString t = QString::fromStdString(d.toFixed(2));
    const bool neg = t.startsWith(QLatin1Char('-'));
    if (neg)
        t.remove(0, 1);
    for (qsizetype i = t.indexOf(QLatin1Char('.')) - 3; i > 0; i -= 3)
        t.insert(i, QLatin1Char(','));
    return (neg ? QStringLiteral("-$") : QStringLiteral("$")) + t;
}

void TstPack::initTestCase()
{
    for (const char *tool : {"pdfinfo", "pdftotext", "pdffonts", "pdftohtml"})
        if (QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty())
            QSKIP("poppler-utils is not installed (packaging/install-deps.sh installs it)");
    QVERIFY(m_dir.isValid());
    m_ledger = path(QStringLiteral("demo.unalloc"));
    QCOMPARE(cli(QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), m_ledger} +
                 demoFiles())
                 .exit,
             0);
    // The demo plus an OpenAI page whose has_more says more pages were not read.
    m_partial = path(QStringLiteral("partial.unalloc"));
    QCOMPARE(cli(QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), m_partial} +
                 demoFiles() +
                 QStringList{
                     QStringLiteral(UNALLOC_TEST_DATA "/seams-ui/partial/openai_costs_page1.json")})
                 .exit,
             0);
    // The demo plus the shared inference pod and its request telemetry, for --meter.
    m_pods = path(QStringLiteral("pods.unalloc"));
    QCOMPARE(cli(QStringList{QStringLiteral("import"), QStringLiteral("--ledger"), m_pods} +
                 demoFiles() + podFiles())
                 .exit,
             0);
    m_pdf = path(QStringLiteral("pack.pdf"));
    const Run r = cli({QStringLiteral("pack"), QStringLiteral("--ledger"), m_ledger,
                       QStringLiteral("--month"), QStringLiteral("2026-08"),
                       QStringLiteral("--page"), QStringLiteral("a4"), QStringLiteral("-o"), m_pdf,
                       QStringLiteral("--statements"), path(QStringLiteral("st"))});
    QVERIFY2(r.exit == 0, r.err.constData());
    QVERIFY2(r.out.startsWith("wrote " + m_pdf.toUtf8() + ": 6 pages"), r.out.constData());
}

void TstPack::pagesOutlineAndFonts()
{
    const Run info = run(QStringLiteral("pdfinfo"), {m_pdf});
    QVERIFY(info.out.contains("Pages:           6"));
    QVERIFY(info.out.contains("(A4)"));
    // The outline: one bookmark per section, on the page the section starts.
    const Run xml = run(QStringLiteral("pdftohtml"), {QStringLiteral("-xml"), QStringLiteral("-i"),
                                                      QStringLiteral("-stdout"), m_pdf});
    QStringList items;
    static const QRegularExpression item(QStringLiteral("<item page=\"(\\d+)\">([^<]*)</item>"));
    for (auto it = item.globalMatch(QString::fromUtf8(xml.out)); it.hasNext();) {
        const auto m = it.next();
        items << m.captured(1) + QLatin1Char(' ') + m.captured(2);
    }
    QCOMPARE(items,
             QStringList({QStringLiteral("1 Chargeback pack \u2014 2026-08"),
                          QStringLiteral("2 Headline"), QStringLiteral("2 Chargeback by team"),
                          QStringLiteral("3 Overview and unallocated spend"),
                          QStringLiteral("4 Labelling backlog"),
                          QStringLiteral("5 Reconciliation and double counting"),
                          QStringLiteral("5 Shared pods and feature economics"),
                          QStringLiteral("6 Partial batches and warnings")}));
    // Every font is embedded.
    const QList<QByteArray> fonts = run(QStringLiteral("pdffonts"), {m_pdf}).out.split('\n');
    QVERIFY(fonts.size() > 3);
    for (const QByteArray &line : fonts.mid(2)) {
        if (line.trimmed().isEmpty())
            continue;
        QVERIFY2(line.contains(" yes "), line.constData());
    }
}

void TstPack::headlineText()
{
    const Run page2 =
        run(QStringLiteral("pdftotext"),
            {QStringLiteral("-f"), QStringLiteral("2"), QStringLiteral("-l"), QStringLiteral("2"),
             QStringLiteral("-layout"), m_pdf, QStringLiteral("-")});
    const QString text = QString::fromUtf8(page2.out);
    QVERIFY2(text.contains(QStringLiteral("73.5% of $66,630.38 AI spend is unattributed")),
             qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("platform")));
    QVERIFY(text.contains(QStringLiteral("$13,166.02")));
    QVERIFY(text.contains(QStringLiteral("page 2 of 6")));
    const Run cover = run(QStringLiteral("pdftotext"),
                          {QStringLiteral("-l"), QStringLiteral("1"), m_pdf, QStringLiteral("-")});
    QVERIFY(cover.out.contains("Every batch is complete."));
    QVERIFY(cover.out.contains("Ledger digest: sha256:"));
}

void TstPack::partialBatchOnTheCover()
{
    const QString pdf = path(QStringLiteral("partial.pdf"));
    const Run r =
        cli({QStringLiteral("pack"), QStringLiteral("--ledger"), m_partial,
             QStringLiteral("--month"), QStringLiteral("2026-08"), QStringLiteral("-o"), pdf});
    QCOMPARE(r.exit, 0);
    QVERIFY(r.err.contains("partial batch: 6 openai"));
    const Run cover = run(QStringLiteral("pdftotext"),
                          {QStringLiteral("-l"), QStringLiteral("1"), pdf, QStringLiteral("-")});
    QVERIFY2(cover.out.contains("This pack includes partial batches"), cover.out.constData());
    const Run closing = run(QStringLiteral("pdftotext"),
                            {QStringLiteral("-f"), QStringLiteral("6"), pdf, QStringLiteral("-")});
    QVERIFY2(closing.out.contains("1 of 6 batches partial"), closing.out.constData());
    QVERIFY(closing.out.contains("has_more: true"));
}

void TstPack::statementsAddUp()
{
    // The report of the same month is the chargeback table; each owner's statement adds up to
    // its bucket exactly, and all statements to the total.
    const Run report =
        cli({QStringLiteral("report"), QStringLiteral("--ledger"), m_ledger,
             QStringLiteral("--from"), QStringLiteral("2026-08-01"), QStringLiteral("--to"),
             QStringLiteral("2026-09-01"), QStringLiteral("--json")});
    const QJsonObject doc = QJsonDocument::fromJson(report.out).object();
    const QDir dir(path(QStringLiteral("st")));
    Decimal all;
    int owners = 0;
    for (const QJsonValue &b : doc.value(QStringLiteral("buckets")).toArray()) {
        QString key = b.toObject().value(QStringLiteral("key")).toString();
        const QString file =
            key == QStringLiteral("<unallocated>") ? QStringLiteral("unallocated") : key;
        QFile csv(dir.filePath(QStringLiteral("2026-08-") + file + QStringLiteral(".csv")));
        QVERIFY2(csv.open(QIODevice::ReadOnly), qPrintable(csv.fileName()));
        QVERIFY(QFile::exists(
            dir.filePath(QStringLiteral("2026-08-") + file + QStringLiteral(".pdf"))));
        Decimal sum, stated;
        for (const QByteArray &line : csv.readAll().split('\n')) {
            const QList<QByteArray> f = line.split(',');
            if (f.size() < 7 || f[0] == "owner")
                continue;
            const Decimal amount = Decimal::parse(f[5].toStdString()).value();
            if (f[2] == "total")
                stated = amount;
            else
                sum += amount;
        }
        const std::string bucket =
            b.toObject().value(QStringLiteral("amount_usd")).toString().toStdString();
        QCOMPARE(QString::fromStdString(sum.toString()), QString::fromStdString(bucket));
        QCOMPARE(QString::fromStdString(stated.toString()), QString::fromStdString(bucket));
        all += sum;
        ++owners;
    }
    QCOMPARE(owners, 3);
    QCOMPARE(QString::fromStdString(all.toString()),
             doc.value(QStringLiteral("total_usd")).toString());
    const Run one =
        run(QStringLiteral("pdfinfo"), {dir.filePath(QStringLiteral("2026-08-platform.pdf"))});
    QVERIFY(one.out.contains("Pages:           1"));
}

void TstPack::letterPaper()
{
    const QString pdf = path(QStringLiteral("letter.pdf"));
    QCOMPARE(cli({QStringLiteral("pack"), QStringLiteral("--ledger"), m_ledger,
                  QStringLiteral("--month"), QStringLiteral("2026-08"), QStringLiteral("--page"),
                  QStringLiteral("letter"), QStringLiteral("-o"), pdf})
                 .exit,
             0);
    QVERIFY(run(QStringLiteral("pdfinfo"), {pdf}).out.contains("612 x 792 pts (letter)"));
}

static const QString kPod = QStringLiteral("inference/vllm-llama-3.1-8b");

QJsonArray TstPack::timeShareRows()
{
    const Run m = cli({QStringLiteral("meters"), QStringLiteral("--ledger"), m_pods,
                       QStringLiteral("--pod"), kPod, QStringLiteral("--json")});
    for (const QJsonValue &v :
         QJsonDocument::fromJson(m.out).object().value(QStringLiteral("meters")).toArray())
        if (v.toObject().value(QStringLiteral("meter")).toString() == QStringLiteral("time_share"))
            return v.toObject().value(QStringLiteral("rows")).toArray();
    return {};
}

void TstPack::meterSection()
{
    // The pod's split under the chosen meter, as `unalloc meters` computes it, with the gap to
    // the other meters; the ledger file is not written.
    QFile ledger(m_pods);
    QVERIFY(ledger.open(QIODevice::ReadOnly));
    const QByteArray before = ledger.readAll();
    ledger.close();
    const QString pdf = path(QStringLiteral("meter.pdf"));
    const Run r =
        cli({QStringLiteral("pack"), QStringLiteral("--ledger"), m_pods, QStringLiteral("--month"),
             QStringLiteral("2026-08"), QStringLiteral("--meter"),
             kPod + QStringLiteral("=time_share"), QStringLiteral("-o"), pdf});
    QVERIFY2(r.exit == 0, r.err.constData());
    QVERIFY(ledger.open(QIODevice::ReadOnly));
    QVERIFY(ledger.readAll() == before);
    const QString text = QString::fromUtf8(
        run(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")})
            .out);
    const qsizetype at = text.indexOf(QStringLiteral("Shared inference pods"));
    QVERIFY(at > 0);
    const QString section = text.mid(at, text.indexOf(QStringLiteral("Cost per 1,000"), at) - at);
    QVERIFY2(section.contains(kPod + QStringLiteral(" (#")), qPrintable(section));
    QVERIFY(section.contains(QStringLiteral("$17,280.00, split by time_share")));
    for (const char *other : {"tokens", "list_price", "kv_memory"})
        QVERIFY(section.contains(QLatin1String(other)));
    const QJsonArray rows = timeShareRows();
    QVERIFY(rows.size() >= 3);
    Decimal sum;
    for (const QJsonValue &v : rows) {
        const Decimal amount =
            Decimal::parse(v.toObject().value(QStringLiteral("amount")).toString().toStdString())
                .value();
        QVERIFY2(section.contains(dollars(amount)), qPrintable(dollars(amount)));
        sum += amount;
    }
    QCOMPARE(dollars(sum), QStringLiteral("$17,280.00"));
    // Every tenant line shows its gaps in points (overhead has none).
    QVERIFY(section.count(QStringLiteral(" pts")) >= 3 * (rows.size() - 1));
    QVERIFY(section.contains(QStringLiteral("in this pack only")) ||
            section.contains(QStringLiteral("Split in this pack only")));
}

void TstPack::meterStatementsAddUp()
{
    // With the pod split, each owner's statement is its amount without the split plus its part
    // of the pod; the pod's own amount (unallocated: it carries no team) leaves
    // <unallocated>; the chargeback table shows each statement's total; all add up to the
    // unchanged month total.
    const QString dir = path(QStringLiteral("st-meter"));
    const Run r =
        cli({QStringLiteral("pack"), QStringLiteral("--ledger"), m_pods, QStringLiteral("--month"),
             QStringLiteral("2026-08"), QStringLiteral("--meter"),
             kPod + QStringLiteral("=time_share"), QStringLiteral("-o"),
             path(QStringLiteral("meter2.pdf")), QStringLiteral("--statements"), dir});
    QVERIFY2(r.exit == 0, r.err.constData());
    const QJsonObject report =
        QJsonDocument::fromJson(
            cli({QStringLiteral("report"), QStringLiteral("--ledger"), m_pods,
                 QStringLiteral("--from"), QStringLiteral("2026-08-01"), QStringLiteral("--to"),
                 QStringLiteral("2026-09-01"), QStringLiteral("--json")})
                .out)
            .object();
    std::map<QString, Decimal> expected;
    for (const QJsonValue &b : report.value(QStringLiteral("buckets")).toArray())
        expected[b.toObject().value(QStringLiteral("key")).toString()] =
            Decimal::parse(
                b.toObject().value(QStringLiteral("amount_usd")).toString().toStdString())
                .value();
    const QString unalloc = QStringLiteral("<unallocated>");
    expected[unalloc] -= Decimal::parse("17280").value();
    for (const QJsonValue &v : timeShareRows()) {
        const QJsonValue owner = v.toObject().value(QStringLiteral("owner"));
        expected[owner.isNull() ? unalloc : owner.toString()] +=
            Decimal::parse(v.toObject().value(QStringLiteral("amount")).toString().toStdString())
                .value();
    }
    const QString table = QString::fromUtf8(
        run(QStringLiteral("pdftotext"),
            {QStringLiteral("-f"), QStringLiteral("2"), QStringLiteral("-l"), QStringLiteral("2"),
             QStringLiteral("-layout"), path(QStringLiteral("meter2.pdf")), QStringLiteral("-")})
            .out);
    Decimal all;
    for (const auto &[owner, amount] : expected) {
        if (amount.isZero())
            continue;
        QFile csv(QDir(dir).filePath(QStringLiteral("2026-08-") +
                                     (owner == unalloc ? QStringLiteral("unallocated") : owner) +
                                     QStringLiteral(".csv")));
        QVERIFY2(csv.open(QIODevice::ReadOnly), qPrintable(csv.fileName()));
        Decimal sum;
        for (const QByteArray &line : csv.readAll().split('\n')) {
            const QList<QByteArray> f = line.split(',');
            if (f.size() >= 7 && f[0] != "owner" && f[2] != "total")
                sum += Decimal::parse(f[5].toStdString()).value();
        }
        QCOMPARE(QString::fromStdString(sum.toString()), QString::fromStdString(amount.toString()));
        QVERIFY2(table.contains(dollars(sum)), qPrintable(owner + QLatin1Char(' ') + dollars(sum)));
        all += sum;
    }
    QCOMPARE(QString::fromStdString(all.toString()),
             report.value(QStringLiteral("total_usd")).toString());
}

void TstPack::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad month") << QStringList{QStringLiteral("--month"), QStringLiteral("2026-13")}
                               << QStringLiteral("YYYY-MM");
    QTest::newRow("bad page") << QStringList{QStringLiteral("--month"), QStringLiteral("2026-08"),
                                             QStringLiteral("--page"), QStringLiteral("a3")}
                              << QStringLiteral("a4 or letter");
    QTest::newRow("unknown pod") << QStringList{QStringLiteral("--month"),
                                                QStringLiteral("2026-08"),
                                                QStringLiteral("--meter"),
                                                QStringLiteral("nope=time_share")}
                                 << QStringLiteral("no shared pod 'nope' in the ledger; its pods: "
                                                   "inference/vllm-llama-3.1-8b (#");
    QTest::newRow("unknown meter")
        << QStringList{QStringLiteral("--month"), QStringLiteral("2026-08"),
                       QStringLiteral("--meter"), kPod + QStringLiteral("=watts")}
        << QStringLiteral("unknown meter 'watts'; the meters: tokens, list_price, time_share, "
                          "kv_memory");
    QTest::newRow("no meter") << QStringList{QStringLiteral("--month"), QStringLiteral("2026-08"),
                                             QStringLiteral("--meter"), kPod}
                              << QStringLiteral("POD=METER");
}

void TstPack::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const Run r =
        cli(QStringList{QStringLiteral("pack"), QStringLiteral("--ledger"), m_pods} + args);
    QCOMPARE(r.exit, 64);
    QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
}

QTEST_GUILESS_MAIN(TstPack)
#include "tst_pack.moc"
