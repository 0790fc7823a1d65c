// Replays every input under tests/data/fuzz/TARGET/ through the same entry function as the
// libFuzzer targets: an input that once crashed a target, or broke one of its invariants,
// must stay harmless in every build (gcc Release too, without sanitizers).
#include "fuzzentry.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace unalloc;

class TestFuzzReplay : public QObject
{
    Q_OBJECT

private slots:
    void everyTargetHasInputs_data()
    {
        QTest::addColumn<QString>("target");
        for (const std::string &t : fuzz::targetNames())
            QTest::newRow(t.c_str()) << QString::fromStdString(t);
    }
    void everyTargetHasInputs()
    {
        QFETCH(QString, target);
        // Seeds of the decimal and label targets live here; the importers' folders hold
        // their findings. A target without a folder would replay nothing.
        const QDir dir(QStringLiteral(UNALLOC_TEST_DATA "/fuzz/") + target);
        if (target == QLatin1String("decimal") || target == QLatin1String("labels"))
            QVERIFY2(!dir.entryList(QDir::Files).isEmpty(), qPrintable(dir.path()));
        QVERIFY(fuzz::runOne(target.toStdString(), {}));
    }

    void unknownTargetIsRefused() { QVERIFY(!fuzz::runOne("no-such-target", "x")); }

    void replay_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("path");
        const QDir root(QStringLiteral(UNALLOC_TEST_DATA "/fuzz"));
        for (const std::string &t : fuzz::targetNames()) {
            const QString target = QString::fromStdString(t);
            const QDir dir(root.filePath(target));
            for (const QString &f : dir.entryList(QDir::Files, QDir::Name))
                QTest::newRow(qPrintable(target + QLatin1Char('/') + f))
                    << target << dir.filePath(f);
        }
    }
    void replay()
    {
        QFETCH(QString, target);
        QFETCH(QString, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        const QByteArray bytes = file.readAll();
        QVERIFY(fuzz::runOne(target.toStdString(),
                             std::string_view(bytes.constData(), size_t(bytes.size()))));
    }
};

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "tst_fuzzreplay.moc"
