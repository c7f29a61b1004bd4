#include "chat/messages/formatted_text.hpp"

#include <algorithm>
#include <optional>

#include "core/telegram_button_urls.hpp"
#include "core/user_text.hpp"

namespace tglink {

namespace json = boost::json;

std::int64_t utf16_length(std::string_view utf8) {
  return static_cast<std::int64_t>(utf16_units(utf8));
}

// Made valid first: TDLib refuses a string that is not UTF-8, and the offsets of the entities
// after it would be counted wrong.
FormattedText& FormattedText::plain(std::string_view text) {
  const std::string valid = valid_utf8(text);
  text_.append(valid);
  utf16_length_ += utf16_length(valid);
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
  const std::int64_t length = utf16_length(valid_utf8(text));
  if (length > 0) {
    entities_.push_back(json::object{{"@type", "textEntity"},
                                     {"offset", utf16_length_},
                                     {"length", length},
                                     {"type", std::move(type)}});
  }
  return plain(text);
}

namespace {

struct Cut {
  std::size_t byte = 0;
  std::int64_t unit = 0;
};

std::int64_t units_of_lead(unsigned char byte) { return byte >= 0xF0 ? 2 : 1; }

// Where the piece starting at `from` ends: after the last line break that fits, else after the
// last whole character that fits.
Cut piece_end(const std::string& text, Cut from, std::int64_t max_units) {
  Cut at = from;
  Cut last_fit = from;
  std::optional<Cut> after_break;
  while (at.byte < text.size()) {
    const auto lead = static_cast<unsigned char>(text[at.byte]);
    std::size_t bytes = 1;
    while (at.byte + bytes < text.size() &&
           (static_cast<unsigned char>(text[at.byte + bytes]) & 0xC0) == 0x80) {
      ++bytes;
    }
    const Cut next{at.byte + bytes, at.unit + units_of_lead(lead)};
    if (next.unit - from.unit > max_units) break;
    last_fit = next;
    if (lead == '\n') after_break = next;
    at = next;
  }
  if (at.byte >= text.size()) return at;
  if (after_break && after_break->byte > from.byte) return *after_break;
  return last_fit.byte > from.byte ? last_fit : at;
}

}  // namespace

std::vector<FormattedText> FormattedText::split(std::size_t max_units) const {
  if (utf16_length_ <= static_cast<std::int64_t>(max_units)) return {*this};
  std::vector<FormattedText> pieces;
  const auto limit = static_cast<std::int64_t>(std::max<std::size_t>(max_units, 2));
  for (Cut from; from.byte < text_.size();) {
    const Cut end = piece_end(text_, from, limit);
    pieces.push_back(piece(from.byte, end.byte, from.unit, end.unit));
    from = end;
  }
  return pieces;
}

FormattedText FormattedText::piece(std::size_t first_byte, std::size_t end_byte,
                                   std::int64_t first_unit, std::int64_t end_unit) const {
  FormattedText out;
  out.text_ = text_.substr(first_byte, end_byte - first_byte);
  out.utf16_length_ = end_unit - first_unit;
  for (const json::value& value : entities_) {
    const json::object& entity = value.as_object();
    const std::int64_t offset = entity.at("offset").as_int64();
    const std::int64_t end = offset + entity.at("length").as_int64();
    const std::int64_t clipped_first = std::max(offset, first_unit);
    const std::int64_t clipped_end = std::min(end, end_unit);
    if (clipped_end <= clipped_first) continue;
    json::object clipped = entity;
    clipped["offset"] = clipped_first - first_unit;
    clipped["length"] = clipped_end - clipped_first;
    out.entities_.push_back(std::move(clipped));
  }
  return out;
}

json::object FormattedText::to_json() const {
  return json::object{{"@type", "formattedText"}, {"text", text_}, {"entities", entities_}};
}

}  // namespace tglink
