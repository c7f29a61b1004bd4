#include "telegram/bot_token.hpp"

#include <charconv>

namespace tglink {

std::optional<std::int64_t> bot_id_from_token(std::string_view token) {
  const std::size_t colon = token.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon + 1 == token.size()) {
    return std::nullopt;
  }
  const std::string_view digits = token.substr(0, colon);
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), id);
  if (error != std::errc() || end != digits.data() + digits.size() || id <= 0) {
    return std::nullopt;
  }
  return id;
}

}  // namespace tglink
