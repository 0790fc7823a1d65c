#include "input.h"

namespace unalloc::cli {

// Reading a .unalloc ledger (owned by the ledger store work; see core/ledger/ledgerstore.h).
core::Result<LoadedInput> loadLedger(const InputOptions &options, Io &)
{
    return core::fail("not-implemented", "reading ledger files is not available in this build",
                      options.ledger);
}

} // namespace unalloc::cli
