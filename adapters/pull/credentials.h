#pragma once

#include "pull.h"

#include "core/result.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace unalloc::adapters::pull {

/// @brief Where keys live between runs: the OS keychain, never a file of ours.
class KeyStore
{
public:
    virtual ~KeyStore() = default;
    /// The key for `source`, none when no key is stored; an error when the store cannot be
    /// reached (a headless machine without a keychain service).
    virtual core::Result<std::optional<std::string>> read(const std::string &source) = 0;
    virtual core::Result<void> write(const std::string &source, const std::string &key) = 0;
    virtual core::Result<void> remove(const std::string &source) = 0;
};

/// The OS keychain through qtkeychain (service "unalloc", one entry per source; no plain-text
/// fallback). With UNALLOC_NO_KEYCHAIN=1 in the environment, a store that is never reachable
/// (tests, CI: the environment variables are the only keys).
std::unique_ptr<KeyStore> systemKeyStore();

/// A source's configuration from the environment, the keychain and --url.
struct ResolvedSource
{
    SourceConfig config;
    bool configured = false; ///< a URL, and a key when the source needs one
    std::string keyFrom;     ///< "OPENAI_ADMIN_KEY", "keychain" or "" (no key)
    std::string why;         ///< when not configured: what to set
};
using EnvFn = std::function<std::string(const std::string &name)>;
/// `urlOverride` (from --url) wins over the variable; a variable's empty value counts as
/// unset; the key variable wins over the keychain, which is only asked when it is unset.
ResolvedSource resolveSource(const SourceSpec &spec,
                             const EnvFn &env,
                             KeyStore *store,
                             const std::string &urlOverride = {});
/// The process environment.
std::string processEnv(const std::string &name);

} // namespace unalloc::adapters::pull
