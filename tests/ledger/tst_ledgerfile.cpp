// The ledger file on disk (issue 19): creation is atomic and serialized (a draft next to the
// path, published in one step), a ledger on read-only media opens for reading, a damaged
// file says truncated or corrupt and how to recover, a read-only ledger names itself.
#include "ledgerstorefixtures.h"
#include "ledgertestutil.h"

#include "core/ledger/ledgerstore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace unalloc;
using namespace unalloc::testing;

namespace {

/// Makes a file or directory unwritable for the duration of a test, also for root (who
/// ignores permission bits: then the immutable attribute, where the file system has one).
class ReadOnlyGuard final
{
public:
    explicit ReadOnlyGuard(QString path)
        : m_path(std::move(path))
    {
        if (::geteuid() != 0) {
            m_perms = QFile::permissions(m_path);
            m_ok = QFile::setPermissions(m_path, QFile::ReadOwner | QFile::ExeOwner |
                                                     QFile::ReadGroup | QFile::ExeGroup);
            return;
        }
        m_immutable =
            QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("+i"), m_path}) == 0;
        m_ok = m_immutable;
    }
    ~ReadOnlyGuard()
    {
        if (m_immutable)
            QProcess::execute(QStringLiteral("chattr"), {QStringLiteral("-i"), m_path});
        else if (m_ok)
            QFile::setPermissions(m_path, m_perms);
    }
    ReadOnlyGuard(const ReadOnlyGuard &) = delete;
    ReadOnlyGuard &operator=(const ReadOnlyGuard &) = delete;
    bool ok() const { return m_ok; }

private:
    QString m_path;
    QFile::Permissions m_perms;
    bool m_ok = false, m_immutable = false;
};

QStringList drafts(const QTemporaryDir &dir)
{
    return QDir(dir.path())
        .entryList(QDir::Files | QDir::Hidden)
        .filter(QStringLiteral(".creating-"));
}

/// A closed ledger with two rows at dir/name.unalloc (no -wal left behind).
std::string ledgerWithRows(const QTemporaryDir &dir, const char *name = "l")
{
    auto l = createLedger(dir, name);
    importRows(*l, {makeRow("a", "1.25"), makeRow("b", "2.50")});
    return l->path();
}

} // namespace

class TestLedgerFile final : public QObject
{
    Q_OBJECT

private slots:
    void draftIsInvisibleUntilPublished();
    void secondCreatorGetsLedgerExists();
    void discardedDraftLeavesNothing();
    void opensOnReadOnlyMedia();
    void readOnlyMediaWithUnfoldedWalSaysSo();
    void readOnlyLedgerRefusesImports();
    void damagedFilesSayHowToRecover_data();
    void damagedFilesSayHowToRecover();
};

void TestLedgerFile::draftIsInvisibleUntilPublished()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("new.unalloc")).toStdString();
    auto draft = core::LedgerStore::createDraft(path);
    QVERIFY2(draft, draft ? "" : draft.error().message().c_str());
    QVERIFY(!QFile::exists(QString::fromStdString(path)));
    QCOMPARE(QFileInfo(QString::fromStdString((*draft)->path())).absolutePath(),
             QFileInfo(dir.path()).absoluteFilePath());
    importRows(**draft, {makeRow("a", "1.25")});
    QVERIFY(!QFile::exists(QString::fromStdString(path)));
    QVERIFY(core::LedgerStore::publishDraft(std::move(*draft), path).has_value());
    QVERIFY(drafts(dir).isEmpty());
    auto opened = core::LedgerStore::open(path, true);
    QVERIFY2(opened, opened ? "" : opened.error().message().c_str());
    QCOMPARE((*opened)->rowCount({}).value(), 1);
}

void TestLedgerFile::secondCreatorGetsLedgerExists()
{
    // Two processes creating one ledger: "table batches already exists" or "database is
    // locked" before; now the first to publish wins and the second is told so.
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("race.unalloc")).toStdString();
    auto mine = core::LedgerStore::createDraft(path);
    QVERIFY(mine.has_value());
    importRows(**mine, {makeRow("mine", "1")});
    auto theirs = core::LedgerStore::create(path);
    QVERIFY2(theirs, theirs ? "" : theirs.error().message().c_str());
    auto published = core::LedgerStore::publishDraft(std::move(*mine), path);
    QVERIFY(!published);
    QCOMPARE(published.error().code, std::string("ledger-exists"));
    QCOMPARE(published.error().file, path);
    QVERIFY(drafts(dir).isEmpty());
    QCOMPARE((*theirs)->rowCount({}).value(), 0); // theirs is untouched
    auto again = core::LedgerStore::create(path);
    QVERIFY(!again);
    QCOMPARE(again.error().code, std::string("ledger-exists"));
}

void TestLedgerFile::discardedDraftLeavesNothing()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("gone.unalloc")).toStdString();
    auto draft = core::LedgerStore::createDraft(path);
    QVERIFY(draft.has_value());
    importRows(**draft, {makeRow("a", "1")});
    core::LedgerStore::discardDraft(std::move(*draft));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestLedgerFile::opensOnReadOnlyMedia()
{
    // The reproduction: a ledger archived on a read-only share, without its -wal and -shm,
    // was "not a SQLite database".
    QTemporaryDir dir;
    const std::string path = ledgerWithRows(dir);
    QVERIFY(!QFile::exists(QString::fromStdString(path + "-wal")));
    ReadOnlyGuard readOnly(dir.path());
    if (!readOnly.ok())
        QSKIP("cannot make a directory read-only here (root without chattr support)");
    {
        auto ledger = core::LedgerStore::open(path, true);
        QVERIFY2(ledger, ledger ? "" : ledger.error().message().c_str());
        QCOMPARE((*ledger)->rowCount({}).value(), 2);
        QVERIFY((*ledger)->loadCube().has_value());
        QCOMPARE((*ledger)->batches().value().size(), size_t(1));
    }
    auto writable = core::LedgerStore::open(path, false);
    QVERIFY(!writable);
    QCOMPARE(writable.error().code, std::string("ledger-read-only"));
    QCOMPARE(writable.error().file, path);
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
             QStringList{QStringLiteral("l.unalloc")});
}

void TestLedgerFile::readOnlyMediaWithUnfoldedWalSaysSo()
{
    // Copied while a writer had changes only in its -wal: those cannot be read without a
    // -shm, which a read-only directory cannot hold. The error says so (and an immutable
    // opening, which would ignore the -wal, is not tried).
    QTemporaryDir dir;
    const std::string path = ledgerWithRows(dir);
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("archive")));
    const QString archived = dir.filePath(QStringLiteral("archive/l.unalloc"));
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db,
                          "PRAGMA wal_autocheckpoint = 0; CREATE TABLE extra(x); "
                          "INSERT INTO extra VALUES (1);",
                          nullptr, nullptr, nullptr),
             SQLITE_OK);
    const QString source = QString::fromStdString(path);
    QVERIFY(QFile::copy(source, archived));
    QVERIFY(QFile::copy(source + QStringLiteral("-wal"), archived + QStringLiteral("-wal")));
    sqlite3_close(db);
    QVERIFY(QFileInfo(archived + QStringLiteral("-wal")).size() > 0);
    ReadOnlyGuard readOnly(dir.filePath(QStringLiteral("archive")));
    if (!readOnly.ok())
        QSKIP("cannot make a directory read-only here (root without chattr support)");
    auto ledger = core::LedgerStore::open(archived.toStdString(), true);
    QVERIFY(!ledger);
    QCOMPARE(ledger.error().code, std::string("ledger-open"));
    QVERIFY2(ledger.error().detail.find("write-ahead log") != std::string::npos,
             ledger.error().detail.c_str());
}

void TestLedgerFile::readOnlyLedgerRefusesImports()
{
    // The error used to name the input file being imported, not the ledger.
    QTemporaryDir dir;
    const std::string path = ledgerWithRows(dir);
    ReadOnlyGuard readOnly(QString::fromStdString(path));
    if (!readOnly.ok())
        QSKIP("cannot make a file read-only here (root without chattr support)");
    auto writable = core::LedgerStore::open(path, false);
    QVERIFY(!writable);
    QCOMPARE(writable.error().code, std::string("ledger-read-only"));
    QCOMPARE(writable.error().file, path);
    auto reader = core::LedgerStore::open(path, true);
    QVERIFY2(reader, reader ? "" : reader.error().message().c_str());
    QCOMPARE((*reader)->rowCount({}).value(), 2);
}

void TestLedgerFile::damagedFilesSayHowToRecover_data()
{
    QTest::addColumn<qint64>("keepBytes"); // -1: half of the file
    QTest::addColumn<QString>("says");
    QTest::newRow("empty") << qint64(0) << QStringLiteral("is empty");
    QTest::newRow("cut inside the header") << qint64(60) << QStringLiteral("inside its header");
    QTest::newRow("cut in half") << qint64(-1) << QStringLiteral("is truncated: it holds");
}

void TestLedgerFile::damagedFilesSayHowToRecover()
{
    QFETCH(qint64, keepBytes);
    QFETCH(QString, says);
    QTemporaryDir dir;
    const std::string path = ledgerWithRows(dir);
    QFile f(QString::fromStdString(path));
    QVERIFY(f.resize(keepBytes < 0 ? f.size() / 2 : keepBytes));
    for (bool readOnly : {true, false}) {
        auto l = core::LedgerStore::open(path, readOnly);
        QVERIFY(!l);
        QCOMPARE(l.error().code, std::string("ledger-damaged"));
        QCOMPARE(l.error().file, path);
        QVERIFY2(QString::fromStdString(l.error().detail).contains(says), l.error().detail.c_str());
        QVERIFY2(l.error().detail.find(".recover") != std::string::npos, l.error().detail.c_str());
    }
}

QTEST_GUILESS_MAIN(TestLedgerFile)
#include "tst_ledgerfile.moc"
