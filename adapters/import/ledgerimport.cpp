#include "ledgerimport.h"

#include <filesystem>
#include <functional>

namespace unalloc::adapters {

namespace {

std::unexpected<LedgerImportFailure>
failure(core::Error e, bool created, const std::string &draft, const std::string &ledgerPath)
{
    // The temporary name means nothing to the person who asked for `ledgerPath`.
    if (!draft.empty() && e.file == draft)
        e.file = ledgerPath;
    return std::unexpected(LedgerImportFailure{std::move(e), created});
}

using ImportFn = std::function<core::Result<ImportReport>(core::LedgerStore &)>;

std::expected<ImportReport, LedgerImportFailure> importInto(const std::string &ledgerPath,
                                                            const ImportFn &import)
{
    std::error_code ec;
    if (!std::filesystem::exists(ledgerPath, ec)) {
        auto draft = core::LedgerStore::createDraft(ledgerPath);
        if (!draft)
            return failure(draft.error(), true, {}, ledgerPath);
        const std::string draftPath = (*draft)->path();
        auto report = import(**draft);
        if (!report) {
            core::LedgerStore::discardDraft(std::move(*draft));
            return failure(report.error(), true, draftPath, ledgerPath);
        }
        auto published = core::LedgerStore::publishDraft(std::move(*draft), ledgerPath);
        if (published)
            return std::move(*report);
        if (published.error().code != "ledger-exists")
            return failure(published.error(), true, draftPath, ledgerPath);
        // Another import created the ledger meanwhile: import into that one instead.
    }
    auto ledger = core::LedgerStore::open(ledgerPath);
    if (!ledger)
        return failure(ledger.error(), false, {}, ledgerPath);
    auto report = import(**ledger);
    if (!report)
        return failure(report.error(), false, {}, ledgerPath);
    return std::move(*report);
}

} // namespace

std::expected<ImportReport, LedgerImportFailure>
importIntoLedgerFile(const std::string &ledgerPath,
                     const std::vector<std::string> &paths,
                     const ImportOptions &options,
                     const ImportProgressFn &progress)
{
    return importInto(ledgerPath, [&](core::LedgerStore &ledger) {
        return importFiles(ledger, paths, options, progress);
    });
}

std::expected<ImportReport, LedgerImportFailure>
importInputsIntoLedgerFile(const std::string &ledgerPath,
                           const std::vector<ImportInput> &inputs,
                           const ImportOptions &options,
                           const ImportProgressFn &progress)
{
    return importInto(ledgerPath, [&](core::LedgerStore &ledger) {
        return importInputs(ledger, inputs, options, progress);
    });
}

} // namespace unalloc::adapters
