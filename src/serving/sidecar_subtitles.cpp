#include "serving/sidecar_subtitles.hpp"

#include <charconv>
#include <string>

#include <boost/json/object.hpp>

#include "http/router.hpp"
#include "store/store_executor.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;
namespace json = boost::json;

constexpr std::string_view kPrefix = "/sub/";

// "{id}/{k}.{ext}" read from the path.
struct SubtitlePath {
  std::string token;
  std::size_t index = 0;
  std::string extension;
};

std::optional<SubtitlePath> subtitle_path(std::string_view rest) {
  const std::size_t slash = rest.find('/');
  const std::size_t dot = rest.rfind('.');
  if (slash == std::string_view::npos || slash == 0 || dot == std::string_view::npos ||
      dot <= slash + 1) {
    return std::nullopt;
  }
  const std::string_view digits = rest.substr(slash + 1, dot - slash - 1);
  SubtitlePath path;
  const auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), path.index);
  if (error != std::errc{} || end != digits.data() + digits.size() ||
      (digits.size() > 1 && digits[0] == '0')) {
    return std::nullopt;
  }
  path.token = std::string(rest.substr(0, slash));
  path.extension = std::string(rest.substr(dot + 1));
  return path;
}

// The subtitle as `extension` asks, or a 404 naming what is missing.
HttpResponse subtitle_answer(VideoSubtitle subtitle, std::string_view extension) {
  HttpResponse response;
  if (extension == "ass") {
    if (subtitle.format != "ass") {
      return json_error(404, "NOT_FOUND", "This subtitle is not an ASS/SSA script");
    }
    response.body = std::move(subtitle.text_utf8);
    response.set_header("Content-Type", "text/x-ssa; charset=utf-8");
  } else if (extension == "vtt") {
    response.body = std::move(subtitle.webvtt);
    response.set_header("Content-Type", "text/vtt; charset=utf-8");
  } else {
    response.body = std::move(subtitle.subrip);
    response.set_header("Content-Type", "application/x-subrip; charset=utf-8");
  }
  // Attached subtitles do not change; a new one gets the next index.
  response.set_header("Cache-Control", "private, max-age=3600");
  response.set_header("X-Content-Type-Options", "nosniff");
  return response;
}

asio::awaitable<void> serve_subtitle(const SidecarRouteDeps& deps, const HttpRequest& request,
                                     ResponseChannel& out) {
  const std::optional<SubtitlePath> path = subtitle_path(request.path().substr(kPrefix.size()));
  if (!path || (path->extension != "vtt" && path->extension != "srt" && path->extension != "ass")) {
    co_await out.send(json_error(404, "NOT_FOUND", "No such page"));
    co_return;
  }
  const LinkCheck check = check_link(deps.link, path->token);
  if (check.refusal) {
    HttpResponse refusal = *check.refusal;
    co_await out.send(std::move(refusal));
    co_return;
  }
  std::optional<VideoSubtitle> subtitle =
      co_await deps.subtitles.find(check.message_id, path->index);
  if (!subtitle) {
    co_await out.send(json_error(404, "NOT_FOUND", "No such subtitle"));
    co_return;
  }
  co_await out.send(subtitle_answer(std::move(*subtitle), path->extension));
}

}  // namespace

asio::awaitable<std::vector<VideoSubtitle>> SidecarSubtitles::of(std::int64_t video_message_id) {
  Store& store = store_;
  co_return co_await store_work_.run(
      [&store, video_message_id] { return store.video_subtitles(video_message_id); });
}

asio::awaitable<std::optional<VideoSubtitle>> SidecarSubtitles::find(std::int64_t video_message_id,
                                                                     std::size_t index) {
  Store& store = store_;
  const auto position = static_cast<std::int64_t>(index);
  co_return co_await store_work_.run([&store, video_message_id, position] {
    return store.find_video_subtitle(video_message_id, position);
  });
}

json::array sidecar_tracks_json(const std::vector<VideoSubtitle>& subtitles,
                                std::string_view token) {
  json::array tracks;
  for (std::size_t k = 0; k < subtitles.size(); ++k) {
    const std::string base = std::string(kPrefix) + std::string(token) + "/" + std::to_string(k);
    json::object track{{"index", k},
                       {"name", subtitles[k].file_name},
                       {"format", subtitles[k].format},
                       {"vtt", base + ".vtt"},
                       {"srt", base + ".srt"}};
    if (subtitles[k].format == "ass") track["ass"] = base + ".ass";
    tracks.push_back(std::move(track));
  }
  return tracks;
}

void add_sidecar_subtitle_routes(Router& router, SidecarRouteDeps deps) {
  router.add_prefix(std::string(kPrefix), [deps](const HttpRequest& request, ResponseChannel& out) {
    return serve_subtitle(deps, request, out);
  });
}

}  // namespace tglink
