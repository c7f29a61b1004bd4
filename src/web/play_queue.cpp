#include "web/play_queue.hpp"

#include <algorithm>
#include <string_view>

#include "core/user_text.hpp"

namespace tglink {

namespace {

// One line of text, whatever the name held.
std::string title_line(std::string_view title) {
  const std::string valid = valid_utf8(title);
  std::string out;
  out.reserve(valid.size());
  for (std::size_t at = 0; at < valid.size();) {
    const auto lead = static_cast<unsigned char>(valid[at]);
    const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
    const std::string_view bytes = std::string_view(valid).substr(at, length);
    char32_t code = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (std::size_t i = 1; i < length; ++i) {
      code = (code << 6) | (static_cast<unsigned char>(bytes[i]) & 0x3F);
    }
    out += is_hidden_or_layout(code) ? std::string(" ") : std::string(bytes);
    at += length;
  }
  return out;
}

bool is_safe_url(std::string_view url) {
  if (!url.starts_with("http://") && !url.starts_with("https://")) return false;
  return std::none_of(url.begin(), url.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7f;
  });
}

}  // namespace

std::string play_queue_m3u8(const std::vector<PlayQueueItem>& items) {
  std::string out = "#EXTM3U\n";
  for (const PlayQueueItem& item : items) {
    if (!is_safe_url(item.url)) continue;
    out += "#EXTINF:-1," + title_line(item.title) + "\n" + item.url + "\n";
  }
  return out;
}

}  // namespace tglink
