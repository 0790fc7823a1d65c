#include "demoledger.h"

#include "adapters/import/importer.h"
#include "format.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace unalloc::ui {

core::Result<std::unique_ptr<core::LedgerStore>> createDemoLedger(const QString &ledgerPath,
                                                                  const QString &sampleDir)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(ledgerPath + suffix);
    auto store = core::LedgerStore::create(fmt::s(ledgerPath));
    if (!store)
        return core::fail(store.error());
    std::vector<QByteArray> contents;
    std::vector<std::string> names;
    for (const QString &folder :
         {sampleDir, sampleDir + QStringLiteral("-pod"), sampleDir + QStringLiteral("-gateway"),
          sampleDir + QStringLiteral("-economics")}) {
        const QDir dir(folder);
        const QStringList patterns{QStringLiteral("*.json"), QStringLiteral("*.csv")};
        for (const QString &name : dir.entryList(patterns, QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                return core::fail("unreadable", fmt::s(file.errorString()), fmt::s(name));
            contents.push_back(file.readAll());
            names.push_back(fmt::s(name));
        }
    }
    std::vector<adapters::ImportInput> inputs;
    for (size_t i = 0; i < contents.size(); ++i)
        inputs.push_back({names[i], std::string_view(contents[i].constData(),
                                                     static_cast<size_t>(contents[i].size()))});
    if (auto report = adapters::importInputs(**store, inputs); !report)
        return core::fail(report.error());
    return store;
}

namespace {

void removeLedgerFiles(const QString &path)
{
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
}

} // namespace

DemoLedgerFile::DemoLedgerFile(QString path, std::unique_ptr<QLockFile> lock)
    : m_path(std::move(path))
    , m_lock(std::move(lock))
{}

std::unique_ptr<DemoLedgerFile> DemoLedgerFile::claim(const QString &dir)
{
    const QDir folder(dir);
    // Demo ledgers nobody holds: their lock is gone (clean exit) or stale (a crash).
    const QStringList ledgers =
        folder.entryList({QStringLiteral("demo-*.unalloc")}, QDir::Files, QDir::Name);
    for (const QString &name : ledgers) {
        const QString path = folder.filePath(name);
        QLockFile other(path + QStringLiteral(".lock"));
        if (other.tryLock(0)) {
            removeLedgerFiles(path);
            other.unlock();
        }
    }
    static int serial = 0;
    const QString path = folder.filePath(
        QStringLiteral("demo-%1-%2.unalloc").arg(QCoreApplication::applicationPid()).arg(++serial));
    auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
    if (!lock->tryLock(0))
        return nullptr;
    removeLedgerFiles(path);
    return std::unique_ptr<DemoLedgerFile>(new DemoLedgerFile(path, std::move(lock)));
}

void DemoLedgerFile::remove() const
{
    removeLedgerFiles(m_path);
}

} // namespace unalloc::ui
