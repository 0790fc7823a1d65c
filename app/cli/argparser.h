#pragma once

#include "core/decimal.h"
#include "core/result.h"

#include <map>
#include <string>
#include <vector>

namespace unalloc::cli {

/// Options after parsing: values by long name, in command-line order.
class ParsedArgs final
{
public:
    bool has(const std::string &name) const { return m_values.contains(name); }
    /// Last value given for `name`, or `fallback`.
    std::string value(const std::string &name, const std::string &fallback = {}) const;
    const std::vector<std::string> &values(const std::string &name) const;
    const std::vector<std::string> &positionals() const { return m_positionals; }
    bool helpRequested() const { return m_help; }
    /// A non-negative integer option, or `fallback` when absent; a usage error otherwise.
    core::Result<size_t> count(const std::string &name, size_t fallback) const;
    /// A non-negative decimal option (a percentage), or none when absent.
    core::Result<std::optional<core::Decimal>> percentage(const std::string &name) const;

private:
    friend class ArgParser;
    std::map<std::string, std::vector<std::string>> m_values;
    std::vector<std::string> m_positionals;
    bool m_help = false;
};

/// @brief A small getopt-style parser: `--name value`, `--name=value`, `-x value`, `-xvalue`,
/// flags, repeatable options and positionals. Every mistake is a usage error (exit 64).
class ArgParser final
{
public:
    explicit ArgParser(std::string command, std::string summary);
    ArgParser &flag(const std::string &longName, char shortName, const std::string &help);
    ArgParser &option(const std::string &longName,
                      char shortName,
                      const std::string &valueName,
                      const std::string &help);
    ArgParser &positional(const std::string &name, const std::string &help, bool many = false);

    core::Result<ParsedArgs> parse(const std::vector<std::string> &args) const;
    std::string help() const;

private:
    struct Spec
    {
        std::string longName;
        char shortName;
        std::string valueName; ///< empty for flags
        std::string help;
    };
    const Spec *findLong(const std::string &name) const;
    const Spec *findShort(char c) const;

    std::string m_command;
    std::string m_summary;
    std::vector<Spec> m_specs;
    std::vector<std::pair<std::string, std::string>> m_positionals;
    bool m_manyPositionals = false;
};

} // namespace unalloc::cli
