#include "chat/uploads/subtitle_pairing.hpp"

#include <algorithm>
#include <cctype>

#include "core/ascii_case.hpp"

namespace tglink {

namespace {

// The name without its extension, in lower case.
std::string stem(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  return ascii_lower(name.substr(0, dot));
}

}  // namespace

bool same_base_name(std::string_view subtitle_name, std::string_view video_name) {
  const std::string subtitle = stem(subtitle_name);
  const std::string video = stem(video_name);
  if (video.empty()) return false;
  if (subtitle == video) return true;
  if (!subtitle.starts_with(video + ".")) return false;
  const std::string_view tag = std::string_view(subtitle).substr(video.size() + 1);
  return !tag.empty() && tag.size() <= kMaxNameTag && tag.find('.') == std::string_view::npos;
}

std::optional<SubtitlePairing> pair_subtitle(const SubtitleArrival& subtitle,
                                             const std::optional<SentVideo>& replied,
                                             const std::vector<SentVideo>& recent) {
  if (replied) return SubtitlePairing{*replied, PairedBy::kReply};
  if (subtitle.album_id != 0) {
    for (const SentVideo& video : recent) {
      if (video.album_id == subtitle.album_id) return SubtitlePairing{video, PairedBy::kAlbum};
    }
  }
  for (const SentVideo& video : recent) {
    if (same_base_name(subtitle.file_name, video.file_name)) {
      return SubtitlePairing{video, PairedBy::kName};
    }
  }
  return std::nullopt;
}

}  // namespace tglink
