// Helper for tst_killimport: imports FILE into LEDGER and, once `stopAfter` rows have been
// written inside the open transaction, prints "writing" and waits to be SIGKILLed.
//   ledger_kill_helper LEDGER FILE STOP_AFTER_ROWS [new]
// With "new", LEDGER does not exist yet and is created by the import, as `unalloc import`
// creates it (importIntoLedgerFile).
#include "fakeadapter.h"

#include "adapters/import/ledgerimport.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

using namespace unalloc;

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5)
        return 64;
    const long stopAfter = std::atol(argv[3]);
    adapters::ImportOptions o;
    o.detect = &testing::detectWithFake;
    bool told = false;
    auto progress = [&](const adapters::ImportProgress &p) {
        if (!told && p.rows >= stopAfter) {
            told = true;
            std::printf("writing %lld\n", static_cast<long long>(p.rows));
            std::fflush(stdout);
            // The parent kills us here, mid-transaction; never return on our own.
            for (;;)
                std::this_thread::sleep_for(std::chrono::seconds(1));
        }
        return true;
    };
    if (argc == 5) {
        auto r = adapters::importIntoLedgerFile(argv[1], {argv[2]}, o, progress);
        std::printf("finished %d\n", r.has_value() ? 1 : 0);
        return r ? 0 : 1;
    }
    auto ledger = core::LedgerStore::open(argv[1]);
    if (!ledger)
        return 1;
    auto r = adapters::importFiles(**ledger, {argv[2]}, o, progress);
    std::printf("finished %d\n", r.has_value() ? 1 : 0);
    return r ? 0 : 1;
}
