#include "sim/text_entities.hpp"

#include <cctype>
#include <string>

namespace tglink::sim {
namespace json = boost::json;

namespace {

bool is_word_char(unsigned char c) { return std::isalnum(c) != 0 || c == '_' || c >= 0x80; }

bool starts_word(std::string_view text, std::size_t at) {
  return at == 0 || std::isspace(static_cast<unsigned char>(text[at - 1])) != 0;
}

// End of the token that starts at `at` and runs while `accept` holds.
template <typename Accept>
std::size_t token_end(std::string_view text, std::size_t at, Accept accept) {
  std::size_t end = at;
  while (end < text.size() && accept(static_cast<unsigned char>(text[end]))) ++end;
  return end;
}

json::object entity(std::string_view text, std::size_t begin, std::size_t end, const char* type) {
  return json::object{{"@type", "textEntity"},
                      {"offset", utf16_length(text.substr(0, begin))},
                      {"length", utf16_length(text.substr(begin, end - begin))},
                      {"type", json::object{{"@type", type}}}};
}

bool is_command_char(unsigned char c) { return is_word_char(c) || c == '@'; }
bool is_url_char(unsigned char c) { return std::isspace(c) == 0; }

}  // namespace

std::int64_t utf16_length(std::string_view text) {
  std::int64_t units = 0;
  for (unsigned char c : text) {
    if ((c & 0xC0) == 0x80) continue;  // continuation byte
    units += (c >= 0xF0) ? 2 : 1;      // 4-byte sequences are surrogate pairs
  }
  return units;
}

json::array find_text_entities(std::string_view text) {
  json::array entities;
  std::size_t at = 0;
  while (at < text.size()) {
    if (!starts_word(text, at)) {
      ++at;
      continue;
    }
    std::size_t end = at;
    if (text[at] == '/' && at + 1 < text.size() && is_word_char(text[at + 1])) {
      end = token_end(text, at + 1, is_command_char);
      entities.push_back(entity(text, at, end, "textEntityTypeBotCommand"));
    } else if (text[at] == '@' && at + 1 < text.size() && is_word_char(text[at + 1])) {
      end = token_end(text, at + 1, is_word_char);
      entities.push_back(entity(text, at, end, "textEntityTypeMention"));
    } else if (text.substr(at, 7) == "http://" || text.substr(at, 8) == "https://") {
      end = token_end(text, at, is_url_char);
      entities.push_back(entity(text, at, end, "textEntityTypeUrl"));
    }
    at = end > at ? end : at + 1;
  }
  return entities;
}

}  // namespace tglink::sim
