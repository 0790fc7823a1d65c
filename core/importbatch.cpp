#include "importbatch.h"

namespace unalloc::core {

std::string Warning::message() const
{
    return Error{code, detail, file, record, field}.message();
}

const char *toString(BatchStatus s)
{
    switch (s) {
    case BatchStatus::Complete:
        return "complete";
    case BatchStatus::Partial:
        return "partial";
    case BatchStatus::Failed:
        return "failed";
    }
    return "failed";
}

std::optional<BatchStatus> batchStatusFromString(std::string_view s)
{
    if (s == "complete")
        return BatchStatus::Complete;
    if (s == "partial")
        return BatchStatus::Partial;
    if (s == "failed")
        return BatchStatus::Failed;
    return std::nullopt;
}

} // namespace unalloc::core
