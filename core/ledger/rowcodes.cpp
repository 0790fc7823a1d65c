#include "rowcodes.h"

#include <array>

namespace unalloc::core::rowcodes {

namespace {

// Frozen with schema v8 (see Coded): a change here is a new schema version.
constexpr std::array<std::string_view, 7> kSources = {
    "litellm", "opencost", "openai", "anthropic", "focus", "openai-usage", "anthropic-usage"};
constexpr std::array<std::string_view, 10> kCurrencies = {"USD", "EUR", "GBP", "JPY", "CAD",
                                                          "AUD", "CHF", "CNY", "INR", "SEK"};
constexpr std::array<std::string_view, 8> kUnits = {"",       "tokens",   "gpu-hours", "requests",
                                                    "Tokens", "Requests", "hours",     "Hours"};
constexpr std::array<std::string_view, 14> kProviders = {
    "openai",  "azure",  "anthropic",   "bedrock", "vertex_ai", "gemini", "hosted_vllm",
    "mistral", "cohere", "together_ai", "groq",    "deepseek",  "xai",    "azure_ai"};

std::string quoted(std::string_view s)
{
    std::string out = "'";
    for (char c : s) {
        if (c == '\'')
            out += '\'';
        out += c;
    }
    return out + "'";
}

} // namespace

const Coded kSource{"source", "source_code", kSources};
const Coded kCurrency{"currency", "currency_code", kCurrencies};
const Coded kUnit{"unit", "unit_code", kUnits};
const Coded kProvider{"provider", "provider_code", kProviders};

int codeOf(const Coded &c, std::string_view text)
{
    for (size_t i = 0; i < c.texts.size(); ++i)
        if (c.texts[i] == text)
            return static_cast<int>(i);
    return -1;
}

void bind(sql::Stmt &st, int param, const Coded &c, std::string_view text, bool transient)
{
    if (const int code = codeOf(c, text); code >= 0)
        st.bind(param, std::int64_t{code});
    else
        st.bind(param, text, transient);
}

std::string generatedColumn(const Coded &c)
{
    std::string out = std::string(c.column) + " TEXT GENERATED ALWAYS AS (CASE " + c.stored;
    for (size_t i = 0; i < c.texts.size(); ++i)
        out += " WHEN " + std::to_string(i) + " THEN " + quoted(c.texts[i]);
    return out + " ELSE " + c.stored + " END) VIRTUAL";
}

std::string encodeSql(const Coded &c, std::string_view expr)
{
    std::string out = "CASE " + std::string(expr);
    for (size_t i = 0; i < c.texts.size(); ++i)
        out += " WHEN " + quoted(c.texts[i]) + " THEN " + std::to_string(i);
    return out + " ELSE " + std::string(expr) + " END";
}

namespace {

constexpr std::string_view kChatPrefix = "chatcmpl-";
constexpr std::string_view kMessagePrefix = "msg_";
constexpr unsigned char kChatForm = 1, kMessageForm = 2, kUuidForm = 3;

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1; // upper case too: it would not read back as written
}

bool packUuid(std::string_view key, std::string &blob)
{
    if (key.size() != 36 || key[8] != '-' || key[13] != '-' || key[18] != '-' || key[23] != '-')
        return false;
    blob.assign(1, static_cast<char>(kUuidForm));
    int high = -1;
    for (size_t i = 0; i < key.size(); ++i) {
        if (i == 8 || i == 13 || i == 18 || i == 23)
            continue;
        const int d = hexDigit(key[i]);
        if (d < 0)
            return false;
        if (high < 0) {
            high = d;
        } else {
            blob += static_cast<char>(high * 16 + d);
            high = -1;
        }
    }
    return true;
}

bool packPrefixed(std::string_view key,
                  std::string_view prefix,
                  unsigned char form,
                  std::string &blob)
{
    if (key.size() <= prefix.size() || !key.starts_with(prefix))
        return false;
    blob.assign(1, static_cast<char>(form));
    blob.append(key.substr(prefix.size()));
    return true;
}

} // namespace

bool packKey(std::string_view key, std::string &blob)
{
    return packPrefixed(key, kChatPrefix, kChatForm, blob) ||
           packPrefixed(key, kMessagePrefix, kMessageForm, blob) || packUuid(key, blob);
}

void bindKey(sql::Stmt &st, int param, std::string_view key, std::string &scratch)
{
    if (packKey(key, scratch))
        st.bindBlob(param, scratch.data(), static_cast<int>(scratch.size()), false);
    else
        st.bind(param, key, false);
}

std::string recordKeySql(std::string_view packed)
{
    // substr and hex count bytes on a BLOB; hex() is upper case, the packed uuid was lower.
    const std::string p(packed);
    const auto part = [&p](int from, int n) {
        return "substr(hex(" + p + "), " + std::to_string(from) + ", " + std::to_string(n) + ")";
    };
    return "(CASE typeof(" + p + ") WHEN 'blob' THEN CASE substr(" + p +
           ", 1, 1) WHEN x'01' THEN " + quoted(kChatPrefix) + " || CAST(substr(" + p +
           ", 2) AS TEXT) WHEN x'02' THEN " + quoted(kMessagePrefix) + " || CAST(substr(" + p +
           ", 2) AS TEXT) WHEN x'03' THEN lower(" + part(3, 8) + " || '-' || " + part(11, 4) +
           " || '-' || " + part(15, 4) + " || '-' || " + part(19, 4) + " || '-' || " +
           part(23, 12) + ") END ELSE " + p + " END)";
}

Result<std::string> unpackKey(const sql::Stmt &st, int col)
{
    if (!st.isBlob(col))
        return st.text(col);
    const std::string_view b = st.blob(col);
    const auto form = b.empty() ? 0 : static_cast<unsigned char>(b[0]);
    if ((form == kChatForm || form == kMessageForm) && b.size() > 1)
        return std::string(form == kChatForm ? kChatPrefix : kMessagePrefix) +
               std::string(b.substr(1));
    if (form == kUuidForm && b.size() == 17) {
        static constexpr char kHex[] = "0123456789abcdef";
        std::string out;
        out.reserve(36);
        for (size_t i = 1; i < b.size(); ++i) {
            if (i == 5 || i == 7 || i == 9 || i == 11)
                out += '-';
            const auto byte = static_cast<unsigned char>(b[i]);
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        }
        return out;
    }
    return fail("ledger-corrupt", "a stored record key has an unknown form");
}

} // namespace unalloc::core::rowcodes
