#include "web/player_html.hpp"

#include <stdexcept>

#include "core/user_text.hpp"

namespace tglink {

// Made valid UTF-8 first: the pages declare that charset.
std::string html_escape(std::string_view raw) {
  const std::string text = valid_utf8(raw);
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string fill_template(std::string_view html, const TemplateValues& values) {
  std::string out;
  out.reserve(html.size() * 2);
  std::size_t pos = 0;
  while (true) {
    const std::size_t open = html.find("{{", pos);
    if (open == std::string_view::npos) break;
    const std::size_t close = html.find("}}", open + 2);
    if (close == std::string_view::npos) {
      throw std::logic_error("player template: unclosed {{ at offset " + std::to_string(open));
    }
    const std::string_view name = html.substr(open + 2, close - open - 2);
    const auto value = values.find(name);
    if (value == values.end()) {
      throw std::logic_error("player template: no value for {{" + std::string(name) + "}}");
    }
    out.append(html.substr(pos, open - pos));
    out += html_escape(value->second);
    pos = close + 2;
  }
  out.append(html.substr(pos));
  return out;
}

}  // namespace tglink
