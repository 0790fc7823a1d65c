#include "importpreview.h"

#include "adapters/adapter.h"
#include "core/ledger/ledgerstore.h"
#include "ui/format.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <memory>
#include <set>

namespace unalloc::ui {

namespace {

FilePreview previewOne(const QString &path,
                       int index,
                       int count,
                       const PreviewProgress &progress,
                       const core::LedgerStore *ledger)
{
    FilePreview p;
    p.path = path;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        p.error = file.errorString();
        return p;
    }
    const QByteArray bytes = file.readAll();
    const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
    const std::string name = fmt::s(QFileInfo(path).fileName());
    const adapters::Adapter *adapter = adapters::Registry::instance().detect(view, name);
    if (adapter == nullptr) {
        p.error = QCoreApplication::translate("Import", "Unknown format. Accepted: %1")
                      .arg(fmt::q(adapters::Registry::instance().acceptedList()));
        return p;
    }
    p.format = fmt::q(adapter->id());
    p.description = fmt::q(adapter->description());
    core::LabelNormaliser normaliser;
    adapters::ReadOptions options;
    options.fileName = name;
    options.normaliser = &normaliser;
    adapters::ReadResult result;
    std::int64_t rows = 0;
    std::vector<core::RecordId> keys;
    std::set<std::pair<std::string, std::string>> seen;
    std::int64_t repeats = 0; // a record twice in the file is imported once
    auto read = adapter->read(
        view, options,
        [&](core::CostRow &&row) {
            ++rows;
            if (!ledger)
                return;
            if (!seen.emplace(row.source, row.recordKey).second)
                ++repeats;
            else
                keys.push_back({std::move(row.source), std::move(row.recordKey)});
        },
        [&](std::int64_t done, std::int64_t total) {
            return !progress || progress(index, count, done, total);
        });
    if (!read) {
        p.error = fmt::q(read.error().message());
        return p;
    }
    const core::ImportBatch &b = read->batch;
    p.source = fmt::q(b.source);
    p.rows = rows;
    p.invoices = static_cast<std::int64_t>(read->invoices.size());
    p.totals = b.totals;
    p.status = b.status;
    p.reason = fmt::q(b.evidence.reason);
    p.warnings = b.warnings;
    if (ledger) {
        if (auto known = ledger->countKnownRecords(keys))
            p.duplicates = *known + repeats;
    }
    return p;
}

} // namespace

std::vector<FilePreview>
previewFiles(const QStringList &paths, const PreviewProgress &progress, const QString &ledgerPath)
{
    std::vector<FilePreview> out;
    std::unique_ptr<core::LedgerStore> ledger;
    if (!ledgerPath.isEmpty()) {
        if (auto opened = core::LedgerStore::open(fmt::s(ledgerPath), true))
            ledger = std::move(*opened);
    }
    for (int i = 0; i < paths.size(); ++i) {
        if (progress && !progress(i, int(paths.size()), 0, 0))
            break;
        out.push_back(previewOne(paths[i], i, int(paths.size()), progress, ledger.get()));
    }
    return out;
}

} // namespace unalloc::ui
