#pragma once

#include "adapters/adapter.h"

#include <string>
#include <string_view>

namespace unalloc::testing {

/// @brief A tiny line format for ledger tests, so cases are readable inline:
///
///     FAKE declared=3
///     key,amount,currency,start,end,team
///
/// Any line "FAIL <why>" fails the read (a bad record in a file), `declared` < rows read
/// marks the batch partial, and a negative amount is a warning (a credit).
class FakeAdapter final : public adapters::Adapter
{
public:
    std::string id() const override { return "fake-lines"; }
    std::string source() const override { return "fake"; }
    std::string description() const override { return "test lines"; }
    bool canRead(std::string_view head, std::string_view) const override
    {
        return head.starts_with("FAKE");
    }
    core::Result<adapters::ReadResult> read(std::string_view bytes,
                                            const adapters::ReadOptions &options,
                                            const adapters::RowSink &sink,
                                            const adapters::Progress &progress) const override;
};

/// The fake adapter when the bytes start with FAKE, else the real registry's choice.
const adapters::Adapter *detectWithFake(std::string_view bytes, std::string_view fileName);

/// "FAKE declared=N\n" + one line per row.
std::string fakeFile(const std::vector<std::string> &lines, long declared = -1);

} // namespace unalloc::testing
