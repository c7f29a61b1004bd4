#pragma once
// Pure parsers for the shapes of values the configuration accepts. Each returns nullopt (or
// false) for anything it does not fully accept; callers turn that into a ConfigProblem.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

// A whole decimal number with an optional leading '-', nothing else ("+1", "1.0", " 1" fail).
[[nodiscard]] std::optional<std::int64_t> parse_integer(std::string_view text);

// A finite, non-negative decimal number ("10", "0.5", "1e3").
[[nodiscard]] std::optional<double> parse_non_negative_decimal(std::string_view text);

// Seconds ("86400"), or amounts with units s, m, h, d, w, optionally combined ("30m", "1h30m",
// "7d"). "0", "false", "off", "none" and "disabled" (any case) mean 0 s: no expiry.
[[nodiscard]] std::optional<std::chrono::seconds> parse_duration(std::string_view text);

// "<digits>:<at least 30 of A-Z a-z 0-9 _ ->", the shape @BotFather hands out.
[[nodiscard]] bool is_bot_token(std::string_view text);

// The part of a bot token before the colon: the bot's own user id, which is not secret.
[[nodiscard]] std::string_view bot_id_of(std::string_view bot_token);

// 32 hexadecimal characters, as my.telegram.org issues.
[[nodiscard]] bool is_api_hash(std::string_view text);

// A channel or supergroup in Bot API form: -100 followed by the channel's own number.
[[nodiscard]] bool is_channel_id(std::int64_t chat_id);

// A literal IPv4 or IPv6 address (no host names, no prefix).
[[nodiscard]] bool is_ip_address(std::string_view text);

// "http(s)://host[:port][/path]" with trailing slashes removed; nullopt for anything else,
// including user info, a query or a fragment.
[[nodiscard]] std::optional<std::string> normalize_http_url(std::string_view text);

// Items separated by commas and/or whitespace, empty items dropped.
[[nodiscard]] std::vector<std::string> split_list(std::string_view text);

// `text` without leading and trailing whitespace.
[[nodiscard]] std::string_view trim(std::string_view text);

// `text` in lower case (ASCII).
[[nodiscard]] std::string to_lower(std::string_view text);

}  // namespace tglink
