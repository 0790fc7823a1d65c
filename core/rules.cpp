#include "rules.h"

#include "labels.h"

#include <QByteArray>

#include <QCryptographicHash>
#include <algorithm>

namespace unalloc::core {

namespace {
std::string quoted(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}
} // namespace

std::string sha256Hex(std::string_view bytes)
{
    const QByteArray h =
        QCryptographicHash::hash(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())),
                                 QCryptographicHash::Sha256);
    return h.toHex().toStdString();
}

std::string Rules::canonicalJson() const
{
    std::map<std::string, std::string> aliases = LabelNormaliser::defaultAliases();
    for (const auto &[k, v] : extraAliases)
        aliases[k] = v;
    std::string out = "{\"aliases\":{";
    bool first = true;
    for (const auto &[k, v] : aliases) {
        if (!first)
            out += ',';
        first = false;
        out += quoted(k) + ':' + quoted(v);
    }
    out += "},\"cached_weight\":" + quoted(cachedWeight.toString());
    out += ",\"fallbacks\":[";
    for (size_t i = 0; i < fallbacks.size(); ++i)
        out += (i ? "," : "") + quoted(fallbacks[i]);
    out += "],\"output_weight\":" + quoted(outputWeight.toString());
    out += ",\"overhead_policy\":" + quoted(overheadPolicy);
    out += ",\"overlap_policy\":" + quoted(overlapPolicy);
    out += ",\"owner_key\":" + quoted(ownerKey);
    out += ",\"prefixes\":[";
    const auto &prefixes = LabelNormaliser::defaultPrefixes();
    for (size_t i = 0; i < prefixes.size(); ++i)
        out += (i ? "," : "") + quoted(prefixes[i]);
    out += "]";
    if (!valueAliases.empty()) {
        std::vector<ValueAlias> sorted = valueAliases;
        std::sort(sorted.begin(), sorted.end());
        out += ",\"value_aliases\":[";
        for (size_t i = 0; i < sorted.size(); ++i)
            out += std::string(i ? "," : "") + "{\"key\":" + quoted(sorted[i].key) +
                   ",\"target\":" + quoted(sorted[i].target) +
                   ",\"value\":" + quoted(sorted[i].value) + "}";
        out += "]";
    }
    out += "}";
    return out;
}

std::string Rules::digest() const
{
    return "sha256:" + sha256Hex(canonicalJson());
}

} // namespace unalloc::core
