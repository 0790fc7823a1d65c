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

} // namespace unalloc::core::rowcodes
