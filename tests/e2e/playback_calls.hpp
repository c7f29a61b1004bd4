#pragma once
// The player's first call, as the playback end-to-end tests make it: POST /api/playback/{token}
// with what Chromium plays, and the answer as JSON (a failure throws with tglink's output).

#include <stdexcept>
#include <string>
#include <string_view>

#include <boost/json.hpp>

#include "support/http_client.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {

// What Chromium declares it plays, without the closing brace, so that a test may add fields.
inline constexpr std::string_view kChromiumPlays = R"({
  "containers": ["mp4", "webm", "mkv"], "video": ["h264", "vp8", "vp9", "av1"],
  "audio": ["aac", "mp3", "opus", "vorbis", "flac"], "hls": "mse",
  "hls_audio": ["aac", "opus", "flac"])";

// `extra` is added inside the capabilities object (", \"drawn_subtitles\": [...]", say).
inline boost::json::object post_playback(SimHarness& harness, const std::string& token,
                                         const std::string& extra = "") {
  HttpCall call;
  call.method = "POST";
  call.target = "/api/playback/" + token;
  call.headers["Content-Type"] = "application/json";
  call.body = std::string(kChromiumPlays) + extra + "}";
  const HttpResult result = http_call(harness.port(), call);
  if (result.status != 200) {
    throw std::runtime_error("POST /api/playback: " + std::to_string(result.status) + " " +
                             result.body + "\ntglink:\n" + harness.process().output());
  }
  return boost::json::parse(result.body).as_object();
}

}  // namespace tglink::testing
