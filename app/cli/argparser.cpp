#include "argparser.h"

#include <sstream>

namespace unalloc::cli {

std::string ParsedArgs::value(const std::string &name, const std::string &fallback) const
{
    auto it = m_values.find(name);
    if (it == m_values.end() || it->second.empty())
        return fallback;
    return it->second.back();
}

const std::vector<std::string> &ParsedArgs::values(const std::string &name) const
{
    static const std::vector<std::string> kNone;
    auto it = m_values.find(name);
    return it == m_values.end() ? kNone : it->second;
}

core::Result<size_t> ParsedArgs::count(const std::string &name, size_t fallback) const
{
    if (!has(name))
        return fallback;
    const std::string t = value(name);
    if (t.empty() || t.find_first_not_of("0123456789") != std::string::npos || t.size() > 9)
        return core::fail("usage",
                          "--" + name + " expects a non-negative integer, got '" + t + "'");
    return static_cast<size_t>(std::stoul(t));
}

core::Result<std::optional<core::Decimal>> ParsedArgs::percentage(const std::string &name) const
{
    if (!has(name))
        return std::optional<core::Decimal>();
    auto d = core::Decimal::parse(value(name));
    if (!d || d->isNegative())
        return core::fail("usage",
                          "--" + name + " expects a percentage, got '" + value(name) + "'");
    return std::optional<core::Decimal>(*d);
}

ArgParser::ArgParser(std::string command, std::string summary)
    : m_command(std::move(command))
    , m_summary(std::move(summary))
{}

ArgParser &ArgParser::flag(const std::string &longName, char shortName, const std::string &help)
{
    m_specs.push_back({longName, shortName, {}, help});
    return *this;
}

ArgParser &ArgParser::option(const std::string &longName,
                             char shortName,
                             const std::string &valueName,
                             const std::string &help)
{
    m_specs.push_back({longName, shortName, valueName, help});
    return *this;
}

ArgParser &ArgParser::positional(const std::string &name, const std::string &help, bool many)
{
    m_positionals.emplace_back(name, help);
    m_manyPositionals = many;
    return *this;
}

const ArgParser::Spec *ArgParser::findLong(const std::string &name) const
{
    for (const Spec &s : m_specs)
        if (s.longName == name)
            return &s;
    return nullptr;
}

const ArgParser::Spec *ArgParser::findShort(char c) const
{
    for (const Spec &s : m_specs)
        if (s.shortName != 0 && s.shortName == c)
            return &s;
    return nullptr;
}

core::Result<ParsedArgs> ArgParser::parse(const std::vector<std::string> &args) const
{
    ParsedArgs out;
    bool onlyPositionals = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (onlyPositionals || a.size() < 2 || a[0] != '-' || a == "-") {
            out.m_positionals.push_back(a);
            continue;
        }
        if (a == "--") {
            onlyPositionals = true;
            continue;
        }
        if (a == "--help" || a == "-h") {
            out.m_help = true;
            continue;
        }
        const Spec *spec = nullptr;
        std::string inlineValue;
        bool hasInline = false;
        if (a.rfind("--", 0) == 0) {
            std::string name = a.substr(2);
            if (auto eq = name.find('='); eq != std::string::npos) {
                inlineValue = name.substr(eq + 1);
                hasInline = true;
                name.resize(eq);
            }
            spec = findLong(name);
        } else {
            spec = findShort(a[1]);
            if (spec && a.size() > 2) {
                inlineValue = a.substr(2);
                hasInline = true;
            }
        }
        if (!spec)
            return core::fail("usage", "unknown option '" + a + "'");
        if (spec->valueName.empty()) {
            if (hasInline)
                return core::fail("usage", "option '--" + spec->longName + "' takes no value");
            out.m_values[spec->longName].push_back("true");
            continue;
        }
        if (!hasInline) {
            if (i + 1 >= args.size())
                return core::fail("usage", "option '--" + spec->longName + "' needs a value (" +
                                               spec->valueName + ")");
            inlineValue = args[++i];
        }
        out.m_values[spec->longName].push_back(inlineValue);
    }
    if (!m_manyPositionals && out.m_positionals.size() > m_positionals.size())
        return core::fail("usage",
                          "unexpected argument '" + out.m_positionals[m_positionals.size()] + "'");
    return out;
}

std::string ArgParser::help() const
{
    std::ostringstream os;
    os << "Usage: unalloc " << m_command << " [options]";
    for (const auto &[name, h] : m_positionals)
        os << ' ' << name << (m_manyPositionals ? "..." : "");
    os << "\n\n" << m_summary << "\n\nOptions:\n";
    for (const Spec &s : m_specs) {
        std::string left = "  ";
        left += s.shortName ? std::string("-") + s.shortName + ", " : "    ";
        left += "--" + s.longName;
        if (!s.valueName.empty())
            left += " " + s.valueName;
        if (left.size() < 30)
            left.resize(30, ' ');
        else
            left += "  ";
        os << left << s.help << '\n';
    }
    os << "  -h, --help                  Show this help\n";
    return os.str();
}

} // namespace unalloc::cli
