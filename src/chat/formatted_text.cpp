#include "chat/formatted_text.hpp"

#include "core/telegram_link_check.hpp"

namespace tglink {

namespace json = boost::json;

std::int64_t utf16_length(std::string_view utf8) {
  std::int64_t units = 0;
  for (const char c : utf8) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte & 0xC0) == 0x80) continue;  // continuation byte
    units += byte >= 0xF0 ? 2 : 1;        // a 4-byte sequence is a surrogate pair
  }
  return units;
}

FormattedText& FormattedText::plain(std::string_view text) {
  text_.append(text);
  utf16_length_ += utf16_length(text);
  return *this;
}

FormattedText& FormattedText::line(std::string_view text) {
  plain(text);
  return plain("\n");
}

FormattedText& FormattedText::bold(std::string_view text) {
  json::object type{{"@type", "textEntityTypeBold"}};
  return styled(text, std::move(type));
}

FormattedText& FormattedText::code(std::string_view text) {
  json::object type{{"@type", "textEntityTypeCode"}};
  return styled(text, std::move(type));
}

FormattedText& FormattedText::url(std::string_view url) {
  json::object type{{"@type", "textEntityTypeUrl"}};
  return styled(url, std::move(type));
}

FormattedText& FormattedText::link(std::string_view label, std::string_view url) {
  // A text URL Telegram would refuse makes TDLib refuse the whole message: write it out instead.
  if (!telegram_accepts_link(url)) return plain(label).plain(": ").url(url);
  json::object type{{"@type", "textEntityTypeTextUrl"}, {"url", url}};
  return styled(label, std::move(type));
}

FormattedText& FormattedText::styled(std::string_view text, json::object type) {
  const std::int64_t length = utf16_length(text);
  if (length > 0) {
    entities_.push_back(json::object{{"@type", "textEntity"},
                                     {"offset", utf16_length_},
                                     {"length", length},
                                     {"type", std::move(type)}});
  }
  return plain(text);
}

json::object FormattedText::to_json() const {
  return json::object{{"@type", "formattedText"}, {"text", text_}, {"entities", entities_}};
}

}  // namespace tglink
