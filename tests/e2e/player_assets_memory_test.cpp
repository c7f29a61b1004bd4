// Clients that ask for the player's largest assets and never read them hold sockets, not
// megabytes: 120 clients, each from an address of its own on loopback, ask for a 24 MiB font
// attached to an MKV, the session's ASS script and the file's /dl, and read nothing past the
// response head. tglink's resident memory (VmRSS) must grow by less than 160 MiB (the font alone,
// held once per client, would be 2.9 GiB), and /healthz must still answer meanwhile (its time is
// printed, never asserted). About 20 s, most of it making, uploading and converting the file.

#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "core/process_memory.hpp"
#include "e2e/raw_client.hpp"
#include "e2e/streaming_support.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/get_when_ready.hpp"
#include "support/http_client.hpp"
#include "support/proc_files.hpp"
#include "support/required_tool.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using testing::HttpCall;
using testing::HttpResult;
using testing::kMiB;
using testing::PostedFile;
using testing::RawClient;
using testing::SimHarness;

constexpr std::uint64_t kFontBytes = 24 * kMiB;
constexpr int kClients = 120;
constexpr std::int64_t kMostGrowth = 160 * static_cast<std::int64_t>(kMiB);

// tglink's resident memory now, in bytes.
std::int64_t resident_bytes(pid_t pid) {
  const std::optional<ProcessMemory> memory = parse_proc_status(testing::read_proc(pid, "status"));
  if (!memory) throw std::runtime_error("no VmRSS for tglink's pid " + std::to_string(pid));
  return memory->rss_bytes;
}

// A 4 s MKV with an ASS track and a 24 MiB "font" (pseudo-random bytes: ffprobe judges an
// attachment by its name and MIME type, and no renderer reads it here).
std::filesystem::path make_mkv_with_big_font(const SimHarness& harness) {
  const std::filesystem::path script = harness.dir() / "sign.ass";
  std::ofstream(script) << "[Script Info]\nScriptType: v4.00+\nPlayResX: 160\nPlayResY: 120\n\n"
                           "[V4+ Styles]\nFormat: Name, Fontname, Fontsize\nStyle: Sign,Big,20\n\n"
                           "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, "
                           "MarginV, Effect, Text\n"
                           "Dialogue: 0,0:00:01.00,0:00:03.00,Sign,,0,0,0,,{\\an8}Top sign\n";
  const std::filesystem::path font = harness.make_file("big.ttf", kFontBytes);
  return testing::make_media(
      harness.dir(), "big-font.mkv",
      "-f lavfi -i testsrc2=size=160x120:rate=24:duration=4 -i " + script.string() +
          " -map 0 -map 1 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:s copy -attach " +
          font.string() + " -metadata:s:t mimetype=application/x-truetype-font");
}

// The session folder ("/hls/T/S/") of a remux that shows the file's first (ASS) subtitle.
std::string ass_session(SimHarness& harness, const std::string& token) {
  HttpCall call;
  call.method = "POST";
  call.target = "/api/playback/" + token;
  call.headers["Content-Type"] = "application/json";
  call.body = R"({"containers": ["mp4", "webm"], "video": ["h264"], "audio": ["aac"],
                  "hls": "mse", "hls_audio": ["aac"], "subtitle_track": 0})";
  const HttpResult result = testing::http_call(harness.port(), call);
  if (result.status != 200) {
    throw std::runtime_error("POST /api/playback: " + std::to_string(result.status) + " " +
                             result.body);
  }
  const std::string url(json::parse(result.body).at("url").as_string());
  return url.substr(0, url.rfind('/') + 1);
}

TEST(PlayerAssetsMemory, ClientsThatReadNothingHoldSocketsNotTheFontsAndScripts) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  const PostedFile file =
      testing::post_file(harness, make_mkv_with_big_font(harness), "video/x-matroska");
  const std::string folder = ass_session(harness, file.token);
  // Everything is on disk before the clients come, and each answer has been given once.
  const HttpResult font = testing::get_when_ready(harness.port(), folder + "font-0");
  ASSERT_EQ(font.status, 200) << font.body;
  ASSERT_EQ(font.body.size(), kFontBytes);
  ASSERT_EQ(testing::get_when_ready(harness.port(), folder + "subs.ass").status, 200);
  ASSERT_EQ(harness.get("/dl/" + file.token).status, 200);
  const std::int64_t before = resident_bytes(harness.process().pid());

  std::vector<std::unique_ptr<RawClient>> clients;
  for (int i = 0; i < kClients; ++i) {
    // 127.0.0.2 ... 127.0.0.121: a client each, as far as the rate limit and the shares go.
    const std::string source = "127.0.0." + std::to_string(2 + i);
    for (const std::string& target :
         {folder + "font-0", folder + "subs.ass", "/dl/" + file.token}) {
      auto client = std::make_unique<RawClient>(harness.port(), 4096, source);
      ASSERT_TRUE(client->connected()) << source;
      ASSERT_TRUE(client->send(testing::get_request(target)));
      clients.push_back(std::move(client));
    }
  }
  int answered = 0;
  for (const std::unique_ptr<RawClient>& client : clients) {
    if (client->read_head(std::chrono::seconds(60)).status == 200) ++answered;
  }
  EXPECT_EQ(answered, 3 * kClients) << "every answer was begun (and its body is waiting)";
  std::int64_t most = 0;
  for (int sample = 0; sample < 5; ++sample) {
    most = std::max(most, resident_bytes(harness.process().pid()));
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  const auto asked = std::chrono::steady_clock::now();
  const HttpResult health = harness.get("/healthz");
  const auto took = std::chrono::steady_clock::now() - asked;
  std::cout << "[ memory   ] VmRSS " << before / static_cast<std::int64_t>(kMiB) << " MiB before, "
            << most / static_cast<std::int64_t>(kMiB) << " MiB at most with " << clients.size()
            << " answers waiting; /healthz answered in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms\n";
  EXPECT_EQ(health.status, 200) << "within the client's 60 s";
  EXPECT_LT(most - before, kMostGrowth);
}

}  // namespace
}  // namespace tglink
