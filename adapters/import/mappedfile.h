#pragma once

#include "core/result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace unalloc::adapters {

/// @brief A read-only memory map of a whole file, so parsers see one string_view of any size.
///
/// Pages already consumed can be handed back to the kernel (`release`), which keeps the
/// resident set flat while a multi-gigabyte export streams through.
class MappedFile final
{
public:
    MappedFile() = default;
    MappedFile(MappedFile &&other) noexcept;
    MappedFile &operator=(MappedFile &&other) noexcept;
    MappedFile(const MappedFile &) = delete;
    MappedFile &operator=(const MappedFile &) = delete;
    ~MappedFile();

    /// Maps `path`; an error names the file. `-` is standard input (see openStdin).
    static core::Result<MappedFile> open(const std::string &path);
    /// Standard input, copied into an unlinked temporary file in $TMPDIR (or /tmp) and mapped:
    /// an import hashes its input and reads it again, which a pipe cannot do. Needs as much
    /// free space there as the input; nothing is left behind, whatever happens.
    static core::Result<MappedFile> openStdin();
    /// What an import calls `-` in its batch and its messages.
    static constexpr const char *kStdinName = "<stdin>";

    std::string_view bytes() const { return {m_data, m_size}; }
    std::int64_t size() const { return static_cast<std::int64_t>(m_size); }
    /// Drops the resident pages of [0, upTo); re-reading them would fault them in again.
    void release(std::int64_t upTo);

private:
    static core::Result<MappedFile> map(int fd, const std::string &path);

    const char *m_data = nullptr;
    size_t m_size = 0;
    size_t m_released = 0;
};

} // namespace unalloc::adapters
