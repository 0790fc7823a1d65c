#include "demoledger.h"

#include "adapters/import/importer.h"
#include "format.h"

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

} // namespace unalloc::ui
