#include "serving/playback_routes.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <sstream>

#include <boost/json.hpp>

#include "core/json_writer.hpp"
#include "http/cache_lifetime.hpp"
#include "http/rate_limit_key.hpp"
#include "http/router.hpp"
#include "logging/log.hpp"
#include "media/file_streamer.hpp"
#include "playback/attached_fonts.hpp"
#include "playback/ffmpeg_command.hpp"
#include "playback/hls_playlists.hpp"
#include "playback/job_file.hpp"
#include "playback/media_allow_lists.hpp"
#include "playback/merged_subtitle_file.hpp"
#include "serving/active_streams.hpp"
#include "serving/answer_budget.hpp"
#include "serving/bandwidth_meter.hpp"
#include "serving/counted_body.hpp"
#include "serving/job_file_answer.hpp"
#include "serving/link_traffic.hpp"
#include "serving/playback_service.hpp"
#include "serving/sidecar_subtitles.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;
namespace json = boost::json;
namespace fs = std::filesystem;

constexpr std::string_view kApiPrefix = "/api/playback/";
constexpr std::string_view kHlsPrefix = "/hls/";
constexpr std::chrono::seconds kSegmentMaxAge{3600};
constexpr std::int64_t kBusyRetryAfter = 2;
constexpr std::int64_t kNotReadyRetryAfter = 1;
// The bit rate a 720p x264 CRF 23 stream stays under (-maxrate 4M), plus audio.
constexpr std::uint64_t kTranscodeBandwidth = 4'200'000;

std::vector<std::string_view> path_parts(std::string_view rest) {
  std::vector<std::string_view> parts;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  return parts;
}

json::value track_json(const AudioStream& audio, std::size_t index) {
  return json::object{{"index", index},
                      {"codec", audio.codec},
                      {"channels", audio.channels},
                      {"language", audio.language},
                      {"title", audio.title},
                      {"default", audio.is_default}};
}

json::value subtitle_json(const SubtitleStream& subtitle, std::size_t index) {
  return json::object{{"index", index},
                      {"codec", subtitle.codec},
                      {"kind", subtitle_kind_name(subtitle.kind)},
                      {"language", subtitle.language},
                      {"title", subtitle.title},
                      {"default", subtitle.is_default}};
}

json::value video_json(const std::optional<MediaProbe>& probe) {
  if (!probe || !probe->video) return nullptr;
  const VideoStream& v = *probe->video;
  return json::object{{"codec", v.codec},
                      {"profile", v.profile},
                      {"bit_depth", v.bit_depth},
                      {"width", v.width},
                      {"height", v.height}};
}

json::value optional_int(std::optional<int> value) {
  return value ? json::value(*value) : json::value(nullptr);
}

std::string answer_body(const PlaybackDecision& decision, const std::optional<MediaProbe>& probe,
                        const std::string& token, const std::string& url, int queue_position,
                        int max_height, json::array sidecars) {
  json::object body;
  body["method"] = method_name(decision.method);
  if (!url.empty()) body["url"] = url;
  json::array reasons;
  for (const std::string& reason : decision.reasons) reasons.emplace_back(reason);
  body["reasons"] = std::move(reasons);
  body["notice"] = playback_notice(decision, probe, queue_position, max_height);
  body["duration"] = probe && probe->duration ? json::value(*probe->duration) : nullptr;
  body["container"] = probe ? probe->container : "";
  body["video"] = video_json(probe);
  json::array audio;
  json::array subtitles;
  if (probe) {
    for (std::size_t i = 0; i < probe->audio.size(); ++i)
      audio.push_back(track_json(probe->audio[i], i));
    for (std::size_t i = 0; i < probe->subtitles.size(); ++i) {
      subtitles.push_back(subtitle_json(probe->subtitles[i], i));
    }
  }
  body["audio"] = std::move(audio);
  body["subtitles"] = std::move(subtitles);
  body["sidecars"] = std::move(sidecars);
  // Fonts attached to the file: a session showing an ASS subtitle serves them as font-{k}.
  body["fonts"] = probe ? probe->fonts.size() : 0;
  body["audio_track"] = optional_int(decision.audio_track);
  body["subtitle_track"] = optional_int(decision.subtitle_track);
  body["queue_position"] = queue_position;
  body["download_url"] = "/dl/" + token;
  body["stream_url"] = "/stream/" + token;
  return write_json(body);
}

SessionChoice choice_of(const PlaybackDecision& decision, int max_height) {
  SessionChoice choice;
  choice.mode = decision.method == PlaybackMethod::kTranscode ? ConversionMode::kTranscode
                                                              : ConversionMode::kRemux;
  choice.copy_audio = decision.copy_audio;
  choice.audio_track = decision.audio_track;
  choice.subtitle_track = decision.subtitle_track;
  choice.draw_subtitle = decision.subtitle_drawn;
  choice.max_height = max_height;
  return choice;
}

// The link's checks and its file, or the refusal already sent.
struct LinkedFile {
  std::optional<StoredFile> file;
  LinkCheck check;
};

asio::awaitable<LinkedFile> linked_file(const PlaybackRouteDeps& deps, std::string_view token,
                                        ResponseChannel& out) {
  LinkedFile linked;
  linked.check = check_link(deps.link, token);
  if (linked.check.refusal) {
    HttpResponse refusal = *linked.check.refusal;
    co_await out.send(std::move(refusal));
    co_return linked;
  }
  const LocateResult located = co_await deps.files.locate(linked.check.message_id);
  if (located.status != LocateStatus::Found) {
    co_await out.send(locate_refusal(located));
    co_return linked;
  }
  linked.file = located.file;
  co_return linked;
}

// Whether the link `token` may still start conversions: checked again before each run of the
// job starts, since a queued job may wait past the link's end or its revocation.
std::function<bool()> link_still_valid(const PlaybackRouteDeps& deps, std::string token) {
  return [link = deps.link, token = std::move(token)] {
    return !check_link(link, token, false).refusal.has_value();
  };
}

asio::awaitable<void> serve_api(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                ResponseChannel& out) {
  const std::vector<std::string_view> parts = path_parts(request.path().substr(kApiPrefix.size()));
  if (parts.size() != 1 || parts[0].empty()) {
    co_await out.send(json_error(404, "NOT_FOUND", "No such page"));
    co_return;
  }
  const std::string token(parts[0]);
  const PlaybackRequestParse parsed = parse_playback_request(request.body);
  const LinkedFile linked = co_await linked_file(deps, token, out);
  if (!linked.file) co_return;
  if (!parsed.request) {
    co_await out.send(json_error(400, "BAD_REQUEST", "Bad playback request: " + parsed.error));
    co_return;
  }
  const StoredFile& file = *linked.file;
  PlaybackService& playback = deps.playback;
  const std::optional<MediaProbe> probe = co_await playback.probe(file);
  PlaybackDecision decision =
      decide_playback(probe, file.file_name, *parsed.request, playback.policy());
  const int max_height = playback.settings().max_height;
  std::string url;
  int queue_position = 0;
  if (decision.method == PlaybackMethod::kDirect) {
    url = "/stream/" + token;
  } else if (decision.method != PlaybackMethod::kUnplayable) {
    const SessionChoice choice = choice_of(decision, max_height);
    const std::optional<SegmentGrid> grid = SegmentGrid::make(probe->duration, choice.mode);
    url = "/hls/" + token + "/" + deps.sessions.encode(token, choice) + "/master.m3u8";
    const JobSpec spec =
        playback.job_spec(file, choice, *probe, *grid, rate_limit_key(request.client_address),
                          link_still_valid(deps, token));
    queue_position = playback.open(spec, grid->segment_at(parsed.request->start_seconds));
    if (queue_position > 0) decision.reasons.push_back("converter_busy");
  }
  json::array sidecars;
  if (deps.sidecars != nullptr) {
    sidecars = sidecar_tracks_json(co_await deps.sidecars->of(linked.check.message_id), token);
  }
  HttpResponse response = json_response(
      200,
      answer_body(decision, probe, token, url, queue_position, max_height, std::move(sidecars)));
  response.set_header("Cache-Control", "no-store");
  co_await out.send(std::move(response));
}

// --- /hls ------------------------------------------------------------------------------------

HttpResponse playlist_response(std::string text) {
  HttpResponse response;
  response.body = std::move(text);
  response.set_header("Content-Type", "application/vnd.apple.mpegurl");
  response.set_header("Cache-Control", "no-store");
  return response;
}

MasterPlaylistFacts master_facts(const StoredFile& file, const SessionChoice& choice,
                                 const MediaProbe& probe, const SegmentGrid& grid) {
  MasterPlaylistFacts facts;
  std::vector<std::string> codecs;
  if (probe.video) {
    codecs.push_back(video_codec_string(*probe.video, choice.mode));
    if (choice.mode == ConversionMode::kTranscode) {
      facts.height = transcoded_height(probe.video->height, choice.max_height);
      facts.width = transcoded_width(probe.video->width, probe.video->height, choice.max_height);
    } else {
      facts.width = probe.video->width;
      facts.height = probe.video->height;
    }
  }
  if (choice.audio_track && static_cast<std::size_t>(*choice.audio_track) < probe.audio.size()) {
    codecs.push_back(audio_codec_string(probe.audio[static_cast<std::size_t>(*choice.audio_track)],
                                        choice.copy_audio));
  }
  for (const std::string& codec : codecs) {
    facts.codecs += (facts.codecs.empty() ? "" : ",") + codec;
  }
  facts.bandwidth = choice.mode == ConversionMode::kTranscode
                        ? kTranscodeBandwidth
                        : static_cast<std::uint64_t>(static_cast<double>(file.size) * 8 * 1.5 /
                                                     std::max(1.0, grid.duration()));
  if (const std::optional<std::size_t> text = chosen_text_subtitle(choice, probe)) {
    facts.subtitle = probe.subtitles[*text];
  }
  return facts;
}

// "12.m4s" -> 12 (and the extension checked); nullopt otherwise.
std::optional<int> numbered(std::string_view name, std::string_view extension) {
  if (!name.ends_with(extension)) return std::nullopt;
  const std::string_view digits = name.substr(0, name.size() - extension.size());
  int number = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
      number < 0 || (digits.size() > 1 && digits[0] == '0')) {
    return std::nullopt;
  }
  return number;
}

HttpResponse waiting_answer(const SegmentStatus& status) {
  if (status.state == SegmentState::kQueued) {
    const json::object body{{"status", "error"},
                            {"message", "Waiting for a converter slot"},
                            {"error_code", "CONVERTER_BUSY"},
                            {"retry_after", kBusyRetryAfter},
                            {"queue_position", status.queue_position}};
    HttpResponse response = json_response(503, write_json(body));
    response.set_header("Retry-After", std::to_string(kBusyRetryAfter));
    response.set_header("Cache-Control", "no-store");
    return response;
  }
  if (status.state == SegmentState::kFailed) {
    return json_error(500, "CONVERSION_FAILED", "The converter could not convert this part");
  }
  if (status.state == SegmentState::kOutOfRange) {
    return json_error(404, "NOT_FOUND", "No such segment");
  }
  return json_error(503, "SEGMENT_NOT_READY", "The converter is still working on this part",
                    kNotReadyRetryAfter);
}

// "font-3" -> 3; nullopt otherwise.
std::optional<int> numbered_font(std::string_view name) {
  constexpr std::string_view kPrefix = "font-";
  if (!name.starts_with(kPrefix)) return std::nullopt;
  return numbered(name.substr(kPrefix.size()), "");
}

// What a session's renderer draws (the ASS script, the PGS stream, an attached font), opened by
// `open` once the session is known to show it (`shown`); otherwise 404 naming what it lacks. 503
// until the job has written it. The script and the stream grow as the job goes, so the player asks
// again while it plays (no-store); a font is whole once it is there. A .sup or a font has no
// media type of its own: application/octet-stream.
struct DrawnFile {
  bool shown = false;
  std::string_view lacking;
  JobFileAnswer how;
};

asio::awaitable<void> serve_drawn(
    const PlaybackRouteDeps& deps, const HttpRequest& request, const LinkCheck& check,
    const JobSpec& spec, const DrawnFile& drawn,
    const std::function<asio::awaitable<std::optional<JobFile>>()>& open, ResponseChannel& out) {
  deps.playback.touch(spec);
  if (!drawn.shown) {
    co_await out.send(
        json_error(404, "NOT_FOUND", "This session has no " + std::string(drawn.lacking)));
    co_return;
  }
  const std::optional<JobFile> file = co_await open();
  if (!file) {
    co_await out.send(json_error(503, "SEGMENT_NOT_READY",
                                 "The converter has not reached the subtitles yet",
                                 kNotReadyRetryAfter));
    co_return;
  }
  co_await send_job_file(deps, request, check, *file, drawn.how, out);
}

// The cache lifetime of a converted file that never changes: an hour, never past the link.
std::string segment_cache_control(const PlaybackRouteDeps& deps, const LinkCheck& check) {
  const std::chrono::seconds max_age =
      link_max_age(kSegmentMaxAge, check.expires_at, deps.link.clock.now());
  return "private, max-age=" + std::to_string(max_age.count());
}

// A font attached to the file, for the ASS renderer of a session that shows an ASS subtitle.
asio::awaitable<void> serve_font(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                 const LinkCheck& check, const JobSpec& spec,
                                 const SessionChoice& choice, const MediaProbe& probe,
                                 std::size_t k, ResponseChannel& out) {
  const DrawnFile drawn{chosen_ass_subtitle(choice, probe) && k < probe.fonts.size(),
                        "such font",
                        {"application/octet-stream", segment_cache_control(deps, check)}};
  const std::filesystem::path folder = deps.playback.job_folder(spec);
  co_await serve_drawn(
      deps, request, check, spec, drawn,
      [&]() -> asio::awaitable<std::optional<JobFile>> {
        co_return attached_font(folder, k, probe.fonts[k]);
      },
      out);
}

// The ASS script or the PGS stream, merged from the job's runs into one file.
asio::awaitable<void> serve_drawn_subtitle(const PlaybackRouteDeps& deps,
                                           const HttpRequest& request, const LinkCheck& check,
                                           const JobSpec& spec, const DrawnFile& drawn,
                                           const DrawnSubtitleMerge& kind, ResponseChannel& out) {
  co_await serve_drawn(
      deps, request, check, spec, drawn,
      [&] { return deps.playback.drawn_subtitle(deps.playback.job_folder(spec), kind); }, out);
}

// An answer built in memory (a playlist, a WebVTT segment), within the answer budget.
asio::awaitable<void> send_built(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                 HttpResponse response, ResponseChannel& out) {
  const std::optional<AnswerBudget::Ticket> ticket =
      deps.answers->take(rate_limit_key(request.client_address), response.body.size());
  if (!ticket) {
    co_await out.send(player_busy_answer());
    co_return;
  }
  co_await out.send(std::move(response));
}

struct HlsTarget {
  std::string token;
  std::string session;
  std::string name;
};

std::optional<HlsTarget> hls_target(std::string_view path) {
  const std::vector<std::string_view> parts = path_parts(path.substr(kHlsPrefix.size()));
  if (parts.size() != 3 || parts[0].empty() || parts[1].empty() || parts[2].empty()) {
    return std::nullopt;
  }
  return HlsTarget{std::string(parts[0]), std::string(parts[1]), std::string(parts[2])};
}

asio::awaitable<void> serve_segment(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                    const LinkCheck& check, const JobSpec& spec, int segment,
                                    ResponseChannel& out) {
  const SegmentStatus status = co_await deps.playback.wait_segment(
      spec, segment, std::chrono::duration_cast<std::chrono::milliseconds>(kSegmentPatience));
  if (status.state != SegmentState::kReady) {
    co_await out.send(waiting_answer(status));
    co_return;
  }
  const std::optional<JobFile> file = JobFile::open(status.path);
  if (!file) {
    co_await out.send(json_error(503, "SEGMENT_NOT_READY", "Try again", kNotReadyRetryAfter));
    co_return;
  }
  // Named, not a temporary in the co_await's operand: GCC 12 destroys such a temporary wrongly.
  const JobFileAnswer how{"video/mp4", segment_cache_control(deps, check)};
  co_await send_job_file(deps, request, check, *file, how, out);
}

asio::awaitable<void> serve_subtitle(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                     const JobSpec& spec, const SegmentGrid& grid, int n,
                                     ResponseChannel& out) {
  if (n >= grid.count()) {
    co_await out.send(json_error(404, "NOT_FOUND", "No such segment"));
    co_return;
  }
  // The cues up to the end of segment n are written once the job is past it.
  const int after = std::min(n + 1, grid.count() - 1);
  const SegmentStatus status = co_await deps.playback.wait_segment(
      spec, after, std::chrono::duration_cast<std::chrono::milliseconds>(kSegmentPatience));
  if (status.state != SegmentState::kReady) {
    co_await out.send(waiting_answer(status));
    co_return;
  }
  HttpResponse response;
  response.body = co_await deps.playback.subtitle_segment(status.path.parent_path(), grid, n);
  response.set_header("Content-Type", "text/vtt; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  co_await send_built(deps, request, std::move(response), out);
}

asio::awaitable<void> serve_hls(const PlaybackRouteDeps& deps, const HttpRequest& request,
                                ResponseChannel& out) {
  const std::optional<HlsTarget> target = hls_target(request.path());
  if (!target) {
    co_await out.send(json_error(404, "NOT_FOUND", "No such page"));
    co_return;
  }
  const LinkedFile linked = co_await linked_file(deps, target->token, out);
  if (!linked.file) co_return;
  const std::optional<SessionChoice> choice = deps.sessions.decode(target->token, target->session);
  if (!choice) {
    co_await out.send(json_error(404, "SESSION_NOT_FOUND", "No such playback session"));
    co_return;
  }
  const StoredFile& file = *linked.file;
  const std::optional<MediaProbe> probe = co_await deps.playback.probe(file);
  // A session made before the file was judged against the allow-lists never starts a job.
  if (probe && (probe->refused || refusal_of(*probe))) {
    co_await out.send(
        json_error(422, "MEDIA_REFUSED", "This file's format is not one the server converts"));
    co_return;
  }
  const std::optional<SegmentGrid> grid =
      probe ? SegmentGrid::make(probe->duration, choice->mode) : std::nullopt;
  if (!grid) {
    co_await out.send(
        json_error(500, "CONVERSION_FAILED", "The file can no longer be read for conversion"));
    co_return;
  }
  const JobSpec spec =
      deps.playback.job_spec(file, *choice, *probe, *grid, rate_limit_key(request.client_address),
                             link_still_valid(deps, target->token));
  const std::string& name = target->name;
  if (name == "master.m3u8" || name == "video.m3u8" || name == "subs.m3u8") {
    deps.playback.touch(spec);
    if (name == "master.m3u8") {
      co_await send_built(
          deps, request,
          playlist_response(master_playlist(master_facts(file, *choice, *probe, *grid))), out);
    } else if (name == "video.m3u8") {
      co_await send_built(deps, request, playlist_response(media_playlist(*grid)), out);
    } else if (chosen_text_subtitle(*choice, *probe)) {
      co_await send_built(deps, request, playlist_response(subtitle_playlist(*grid)), out);
    } else {
      co_await out.send(json_error(404, "NOT_FOUND", "This session has no subtitles"));
    }
    co_return;
  }
  if (name == "subs.ass") {
    const DrawnFile drawn{chosen_ass_subtitle(*choice, *probe).has_value(),
                          "ASS subtitles",
                          {"text/x-ssa; charset=utf-8", "no-store"}};
    const DrawnSubtitleMerge kind = ass_script_merge();
    co_await serve_drawn_subtitle(deps, request, linked.check, spec, drawn, kind, out);
    co_return;
  }
  if (const std::optional<int> font = numbered_font(name)) {
    co_await serve_font(deps, request, linked.check, spec, *choice, *probe,
                        static_cast<std::size_t>(*font), out);
    co_return;
  }
  if (name == "subs.sup") {
    const DrawnFile drawn{chosen_pgs_subtitle(*choice, *probe).has_value(),
                          "PGS subtitles",
                          {"application/octet-stream", "no-store"}};
    const DrawnSubtitleMerge kind = pgs_stream_merge();
    co_await serve_drawn_subtitle(deps, request, linked.check, spec, drawn, kind, out);
    co_return;
  }
  if (name == "init.mp4") {
    co_await serve_segment(deps, request, linked.check, spec, -1, out);
  } else if (const std::optional<int> segment = numbered(name, ".m4s")) {
    co_await serve_segment(deps, request, linked.check, spec, *segment, out);
  } else if (const std::optional<int> cue_segment = numbered(name, ".vtt");
             cue_segment && choice->subtitle_track) {
    co_await serve_subtitle(deps, request, spec, *grid, *cue_segment, out);
  } else {
    co_await out.send(json_error(404, "NOT_FOUND", "No such page"));
  }
}

}  // namespace

void add_playback_routes(Router& router, PlaybackRouteDeps deps) {
  if (!deps.answers) deps.answers = std::make_shared<AnswerBudget>();
  router.add_post_prefix(std::string(kApiPrefix),
                         [deps](const HttpRequest& request, ResponseChannel& out) {
                           return serve_api(deps, request, out);
                         });
  router.add_prefix(std::string(kHlsPrefix),
                    [deps](const HttpRequest& request, ResponseChannel& out) {
                      return serve_hls(deps, request, out);
                    });
}

}  // namespace tglink
