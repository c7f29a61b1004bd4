#pragma once
// Subtitles users sent beside a video (chat/uploads/subtitle_pairing.hpp), served by the video's
// own link, in UTF-8, with no Telegram download (the store holds them):
//   GET/HEAD /sub/{id}/{k}.vtt   WebVTT, for the player's <track> in every mode
//   GET/HEAD /sub/{id}/{k}.srt   SubRip, for VLC and mpv (mpv --sub-file=URL)
//   GET/HEAD /sub/{id}/{k}.ass   the ASS/SSA script as sent, for the player's ASS renderer
// {id} is the video's /stream token, checked as /stream checks it (expired 410, invalid or
// revoked 404, the monthly limit 429); {k} counts the video's subtitles in the order they were
// attached. The player learns them from POST /api/playback's "sidecars" (sidecar_tracks_json).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <boost/json/array.hpp>

#include "serving/link_check.hpp"
#include "store/store.hpp"

namespace tglink {

class Router;
class StoreExecutor;

// The video's attached subtitles, read on the store's executor. They were written out as
// WebVTT and SubRip when attached, so an answer parses nothing.
class SidecarSubtitles {
 public:
  SidecarSubtitles(Store& store, StoreExecutor& store_work)
      : store_(store), store_work_(store_work) {}

  // Subtitle `index` with its texts (WebVTT, SubRip, the script).
  [[nodiscard]] boost::asio::awaitable<std::optional<VideoSubtitle>> find(
      std::int64_t video_message_id, std::size_t index);
  // The listing (no texts).
  [[nodiscard]] boost::asio::awaitable<std::vector<VideoSubtitle>> of(
      std::int64_t video_message_id);

 private:
  Store& store_;
  StoreExecutor& store_work_;
};

// [{"index":k,"name":"Film.ru.srt","format":"srt","vtt":"/sub/{id}/k.vtt",
//   "srt":"/sub/{id}/k.srt"[,"ass":"/sub/{id}/k.ass"]}, ...]
[[nodiscard]] boost::json::array sidecar_tracks_json(const std::vector<VideoSubtitle>& subtitles,
                                                     std::string_view token);

struct SidecarRouteDeps {
  LinkCheckDeps link;
  SidecarSubtitles& subtitles;
};

void add_sidecar_subtitle_routes(Router& router, SidecarRouteDeps deps);

}  // namespace tglink
