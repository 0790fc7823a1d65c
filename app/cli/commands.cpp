#include "command.h"
#ifdef UNALLOC_CLI_FORWARDS
#include "forward.h"
#endif

namespace unalloc::cli {

int runReport(const std::vector<std::string> &args, Io &io);
int runLabels(const std::vector<std::string> &args, Io &io);
int runReconcile(const std::vector<std::string> &args, Io &io);
int runImport(const std::vector<std::string> &args, Io &io);
int runLedger(const std::vector<std::string> &args, Io &io);
int runMeters(const std::vector<std::string> &args, Io &io);
int runSimulate(const std::vector<std::string> &args, Io &io);
int runEconomics(const std::vector<std::string> &args, Io &io);
int runBreakeven(const std::vector<std::string> &args, Io &io);
int runExport(const std::vector<std::string> &args, Io &io);
int runVerify(const std::vector<std::string> &args, Io &io);
int runBatches(const std::vector<std::string> &args, Io &io);
#ifdef UNALLOC_CLI_FORWARDS
// `unalloc` links neither QtGui nor QtNetwork: these three run in unalloc-full (forward.h).
static int runPack(const std::vector<std::string> &args, Io &io)
{
    return forwardToFullCli("pack", args, io);
}
static int runPull(const std::vector<std::string> &args, Io &io)
{
    return forwardToFullCli("pull", args, io);
}
static int runCredentials(const std::vector<std::string> &args, Io &io)
{
    return forwardToFullCli("credentials", args, io);
}
#else
int runPack(const std::vector<std::string> &args, Io &io);
int runPull(const std::vector<std::string> &args, Io &io);
int runCredentials(const std::vector<std::string> &args, Io &io);
#endif
int runAliases(const std::vector<std::string> &args, Io &io);

const std::vector<Command> &commands()
{
    static const std::vector<Command> kCommands = {
        {"import", "Import export files into a ledger: every file or nothing", &runImport},
        {"ledger", "List a ledger's import batches and their completeness", &runLedger},
        {"report", "Who owns the spend, what nobody owns; --budget gates CI", &runReport},
        {"labels", "The labelling backlog, available keys and key collisions", &runLabels},
        {"reconcile", "Ledger vs provider invoices per source and period", &runReconcile},
        {"meters", "Split a shared inference pod among tenants under each meter", &runMeters},
        {"simulate", "Simulate a vLLM-style server and print its meters", &runSimulate},
        {"economics", "Cost per 1,000 requests per feature, API and cluster together",
         &runEconomics},
        {"breakeven", "Self-hosted GPU vs API tiers: the break-even request rate", &runBreakeven},
        {"export", "Write the ledger as FOCUS 1.2 CSV with each row's owner", &runExport},
        {"verify", "Recompute a --json result from the inputs its provenance names", &runVerify},
        {"pack", "The month's chargeback pack (PDF) and a statement per owner", &runPack},
        {"batches", "Delete an import batch or replace it by new files, atomically", &runBatches},
        {"pull", "Pull live APIs into a ledger: complete, or loudly not", &runPull},
        {"credentials", "Store, list or delete API keys in the OS keychain", &runCredentials},
        {"aliases", "Label value aliases (team=e8d1460f → search), applied before attribution",
         &runAliases},
    };
    return kCommands;
}

} // namespace unalloc::cli
