#pragma once
// Builds TDLib's formattedText (text plus entities) piece by piece. Entity offsets and lengths
// are in UTF-16 code units, as TDLib counts them, so the builder measures every piece it appends.
// Computing entities here, rather than parsing HTML, means no user-supplied file name can inject
// markup: names are always plain text. Text from users goes in through text_for_chat
// (core/user_text.hpp), so it cannot add lines or turn the text around it; whatever is appended
// is made valid UTF-8 here, so the offsets after it stay right.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

namespace tglink {

class FormattedText {
 public:
  FormattedText& plain(std::string_view text);
  FormattedText& bold(std::string_view text);
  FormattedText& code(std::string_view text);
  // The URL shown as itself and clickable (textEntityTypeUrl).
  FormattedText& url(std::string_view url);
  // `label` shown, clickable to `url` (textEntityTypeTextUrl); "label: url" with a plain URL
  // when Telegram would refuse `url` as a text URL (telegram_accepts_link).
  FormattedText& link(std::string_view label, std::string_view url);
  FormattedText& line(std::string_view text = {});  // text, then a newline

  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] const boost::json::array& entities() const { return entities_; }
  // {"@type":"formattedText","text":...,"entities":[...]}
  [[nodiscard]] boost::json::object to_json() const;

  // The text in pieces of at most `max_units` UTF-16 units, each ending after a line break where
  // one is in reach (a line longer than a piece is cut between characters); an entity that spans
  // a cut is cut with it. One piece (this text) when it fits.
  [[nodiscard]] std::vector<FormattedText> split(std::size_t max_units) const;
  [[nodiscard]] std::int64_t utf16_size() const { return utf16_length_; }

 private:
  FormattedText& styled(std::string_view text, boost::json::object type);
  // The piece between these UTF-16 offsets (given with their byte offsets), entities clipped.
  [[nodiscard]] FormattedText piece(std::size_t first_byte, std::size_t end_byte,
                                    std::int64_t first_unit, std::int64_t end_unit) const;

  std::string text_;
  boost::json::array entities_;
  std::int64_t utf16_length_ = 0;
};

// How many UTF-16 code units the UTF-8 text takes (4-byte sequences count 2).
[[nodiscard]] std::int64_t utf16_length(std::string_view utf8);

}  // namespace tglink
