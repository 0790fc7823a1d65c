#pragma once

#include "ui/settings.h"

#include <string_view>

namespace unalloc::ui::keys {

/// The URL a user typed for a source in the Pull dialog; empty: the environment's or the
/// default. URLs only: keys live in the keychain or the environment, never in settings.
inline const SettingKey<QString> pullUrlOpenCost{"pull/url/opencost", {}};
inline const SettingKey<QString> pullUrlLiteLlm{"pull/url/litellm", {}};
inline const SettingKey<QString> pullUrlOpenAi{"pull/url/openai", {}};
inline const SettingKey<QString> pullUrlAnthropic{"pull/url/anthropic", {}};

inline const SettingKey<QString> &pullUrl(std::string_view source)
{
    return source == "opencost"  ? pullUrlOpenCost
           : source == "litellm" ? pullUrlLiteLlm
           : source == "openai"  ? pullUrlOpenAi
                                 : pullUrlAnthropic;
}

} // namespace unalloc::ui::keys
