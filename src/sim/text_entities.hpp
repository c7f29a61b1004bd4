#pragma once
// Entities Telegram's servers find in plain text a user types: bot commands, mentions and URLs,
// with offsets and lengths in UTF-16 code units as TDLib reports them.

#include <string_view>

#include <boost/json.hpp>

namespace tglink::sim {

// An array of textEntity objects for `text`.
boost::json::array find_text_entities(std::string_view text);

// Length of UTF-8 `text` in UTF-16 code units.
std::int64_t utf16_length(std::string_view text);

}  // namespace tglink::sim
