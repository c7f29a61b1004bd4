#pragma once
// Which video a subtitle file a user sent belongs to (chat/uploads/upload_queue_subtitles.cpp).
// The user says it, in the order tried:
//   1. by replying to the video with the subtitle;
//   2. by sending both in one album (media group);
//   3. by sending the subtitle within kSubtitlePairingWindow after the video, under the video's
//      base name ("Film.mkv" and "Film.srt", or with a language tag: "Film.en.srt").
// A reply to anything that is not a video the user sent falls through to 2 and 3.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/store.hpp"

namespace tglink {

// How long after a video a subtitle of the same base name is still taken as the video's.
inline constexpr std::chrono::minutes kSubtitlePairingWindow{10};
// How many of the user's videos sent within that window are looked at (newest first).
inline constexpr int kRecentVideosLookedAt = 20;
// A video takes at most this many subtitles: the player's menu and what a page asks of the store
// stay small.
inline constexpr std::size_t kMaxSubtitlesPerVideo = 16;

struct SubtitleArrival {
  std::string file_name;
  std::int64_t album_id = 0;  // media_album_id, or 0
};

enum class PairedBy { kReply, kAlbum, kName };

struct SubtitlePairing {
  SentVideo video;
  PairedBy by = PairedBy::kName;
};

// `replied`: the video the subtitle replies to, when it replies to one; `recent`: the user's
// videos sent within the window, newest first.
[[nodiscard]] std::optional<SubtitlePairing> pair_subtitle(const SubtitleArrival& subtitle,
                                                           const std::optional<SentVideo>& replied,
                                                           const std::vector<SentVideo>& recent);

// "Film.en.srt" and "Film.mkv" are alike: the same name before the extension, in any case, or
// that name and one more dot-separated tag of at most kMaxNameTag characters.
[[nodiscard]] bool same_base_name(std::string_view subtitle_name, std::string_view video_name);
inline constexpr std::size_t kMaxNameTag = 12;

}  // namespace tglink
