#include "playback/playback_request.hpp"

#include <algorithm>
#include <cmath>

#include <boost/json.hpp>

namespace tglink {

namespace json = boost::json;

namespace {

constexpr std::size_t kMaxListItems = 64;
constexpr std::size_t kMaxNameLength = 32;
constexpr int kMaxTrackIndex = 1000;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Fills `out` from a list of short strings; false (and `error` set) when it is anything else.
bool read_names(const json::value& value, std::string_view field, std::vector<std::string>& out,
                std::string& error) {
  const std::string problem = std::string(field) +
                              " must be a list of at most 64 codec or "
                              "container names";
  if (!value.is_array() || value.get_array().size() > kMaxListItems) {
    error = problem;
    return false;
  }
  for (const json::value& item : value.get_array()) {
    if (!item.is_string() || item.get_string().empty() ||
        item.get_string().size() > kMaxNameLength) {
      error = problem;
      return false;
    }
    out.emplace_back(item.get_string());
  }
  return true;
}

bool read_track(const json::value& value, std::string_view field, std::optional<int>& out,
                std::string& error) {
  if (value.is_null()) {
    out.reset();
    return true;
  }
  if (value.is_int64() && value.get_int64() >= 0 && value.get_int64() <= kMaxTrackIndex) {
    out = static_cast<int>(value.get_int64());
    return true;
  }
  if (value.is_uint64() && value.get_uint64() <= kMaxTrackIndex) {
    out = static_cast<int>(value.get_uint64());
    return true;
  }
  error = std::string(field) + " must be null or a whole number from 0 to 1000";
  return false;
}

bool read_hls(const json::value& value, HlsSupport& out, std::string& error) {
  const std::string_view text = value.is_string() ? std::string_view(value.get_string()) : "";
  if (text == "mse") {
    out = HlsSupport::kMse;
  } else if (text == "native") {
    out = HlsSupport::kNative;
  } else if (text == "none") {
    out = HlsSupport::kNone;
  } else {
    error = "hls must be \"mse\", \"native\" or \"none\"";
    return false;
  }
  return true;
}

bool read_start(const json::value& value, double& out, std::string& error) {
  double seconds = -1;
  if (value.is_int64()) seconds = static_cast<double>(value.get_int64());
  if (value.is_uint64()) seconds = static_cast<double>(value.get_uint64());
  if (value.is_double()) seconds = value.get_double();
  if (!std::isfinite(seconds) || seconds < 0 || seconds > 1e7) {
    error = "start must be a number of seconds, 0 or more";
    return false;
  }
  out = seconds;
  return true;
}

bool read_field(std::string_view key, const json::value& value, PlaybackRequest& request,
                std::string& error) {
  ClientCapabilities& client = request.client;
  if (key == "containers") return read_names(value, key, client.containers, error);
  if (key == "video") return read_names(value, key, client.video, error);
  if (key == "audio") return read_names(value, key, client.audio, error);
  if (key == "hls_audio") return read_names(value, key, client.hls_audio, error);
  if (key == "hls") return read_hls(value, client.hls, error);
  if (key == "drawn_subtitles") return read_names(value, key, client.drawn_subtitles, error);
  if (key == "audio_track") return read_track(value, key, request.audio_track, error);
  if (key == "subtitle_track") return read_track(value, key, request.subtitle_track, error);
  if (key == "start") return read_start(value, request.start_seconds, error);
  if (key == "exclude_direct") {
    if (!value.is_bool()) {
      error = "exclude_direct must be true or false";
      return false;
    }
    request.exclude_direct = value.get_bool();
    return true;
  }
  error = "unknown field " + std::string(key.substr(0, kMaxNameLength));
  return false;
}

}  // namespace

bool ClientCapabilities::plays_container(std::string_view name) const {
  return contains(containers, name);
}
bool ClientCapabilities::decodes_video(std::string_view codec) const {
  return contains(video, codec);
}
bool ClientCapabilities::decodes_audio(std::string_view codec) const {
  return contains(audio, codec);
}
bool ClientCapabilities::decodes_hls_audio(std::string_view codec) const {
  return contains(hls_audio, codec);
}
bool ClientCapabilities::draws_subtitle(std::string_view codec) const {
  return contains(drawn_subtitles, codec);
}

PlaybackRequestParse parse_playback_request(std::string_view body) {
  PlaybackRequestParse result;
  PlaybackRequest request;
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    result.request = request;
    return result;
  }
  boost::system::error_code ec;
  const json::value root = json::parse(body, ec);
  if (ec || !root.is_object()) {
    result.error = "the body must be a JSON object";
    return result;
  }
  for (const json::key_value_pair& field : root.get_object()) {
    if (!read_field(field.key(), field.value(), request, result.error)) return result;
  }
  result.request = std::move(request);
  return result;
}

}  // namespace tglink
