#pragma once
// Whether Telegram takes a URL as an inline keyboard button or a text URL entity. TDLib checks
// both with LinkManager::check_link and refuses the whole message for one URL it rejects: a host
// without a dot (say http://localhost:8080) that is not an IPv6 address, a scheme other than
// http(s) or tg, a bad port or host. tglink leaves such URLs out of buttons and entities and
// writes them as plain text, which Telegram does not check. This mirrors check_link for the
// http(s) URLs tglink makes and refuses whatever else it is unsure of.

#include <string_view>

namespace tglink {

[[nodiscard]] bool telegram_accepts_link(std::string_view url);

// Whether the URL's host is this machine (localhost, 127.0.0.0/8, ::1): such links open only on
// the machine that runs tglink.
[[nodiscard]] bool is_loopback_url(std::string_view url);

}  // namespace tglink
