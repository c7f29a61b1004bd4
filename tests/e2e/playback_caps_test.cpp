// End to end: the per-viewer conversion caps hold against one address doing all it can with a
// file of eight audio tracks (a remux session per track and two transcodes, segment requests of
// sessions it left, far seeks, playlist polls), counted where it matters: tglink's ffmpeg
// children in /proc never outnumber the address's share (two remuxes and one transcode), and
// a second address still gets its conversions. Then a job outlives the link of the viewer who
// opened it: that link revoked, a viewer of the same file through another link still converts.
// Viewers are told apart by X-Forwarded-For from the loopback proxy the harness trusts.

#include <atomic>
#include <chrono>
#include <set>
#include <sstream>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <signal.h>

#include "e2e/streaming_support.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/get_when_ready.hpp"
#include "support/http_client.hpp"
#include "support/proc_files.hpp"
#include "support/required_tool.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using namespace std::chrono_literals;
using testing::HttpCall;
using testing::HttpResult;
using testing::make_media;
using testing::PostedFile;
using testing::read_proc;
using testing::SimHarness;

// Chromium's answers: H.264 is copied (a remux) ...
constexpr std::string_view kCopies = R"({
  "containers": ["mp4", "webm", "mkv"], "video": ["h264", "vp8", "vp9", "av1"],
  "audio": ["aac", "mp3", "opus", "vorbis", "flac"], "hls": "mse",
  "hls_audio": ["aac", "opus", "flac"], "exclude_direct": true)";
// ... and a browser that decodes no video gets it transcoded.
constexpr std::string_view kTranscodes = R"({
  "containers": ["mp4"], "video": [], "audio": ["aac"], "hls": "mse", "hls_audio": ["aac"])";

// Two remuxes and one transcode per viewer (playback/job_manager.hpp, JobSettings).
constexpr std::size_t kShare = 3;

// 10 minutes of small H.264 and eight AAC tracks (one encoding, muxed eight times): long
// enough that no run reaches the end while the test runs; each goes 20 segments ahead of its
// viewer and is paused there, alive.
fs::path make_many_tracks(const SimHarness& harness) {
  const fs::path audio =
      make_media(harness.dir(), "tone.m4a",
                 "-f lavfi -i sine=frequency=440:sample_rate=8000:duration=600 -c:a aac -b:a 8k");
  std::string maps = "-map 0:v";
  for (int track = 0; track < 8; ++track) maps += " -map 1:a";
  return make_media(harness.dir(), "tracks.mkv",
                    "-f lavfi -i testsrc2=size=160x120:rate=5:duration=600 -i " + audio.string() +
                        " " + maps +
                        " -c:v libx264 -preset ultrafast -crf 45 -pix_fmt yuv420p -g 10 -c:a copy");
}

// 20 s of H.264 with AC-3: a remux for Chromium.
fs::path make_clip(const SimHarness& harness, const std::string& name) {
  return make_media(harness.dir(), name,
                    "-f lavfi -i testsrc2=size=160x120:rate=24:duration=20 -f lavfi -i "
                    "sine=duration=20 -c:v libx264 -preset ultrafast -pix_fmt yuv420p -g 48 "
                    "-c:a ac3 -b:a 64k");
}

// A player at one address.
class Viewer {
 public:
  Viewer(SimHarness& harness, std::string address)
      : harness_(harness), address_(std::move(address)) {}

  // POST /api/playback/{token}; the session's folder ("/hls/T/S/").
  std::string open(const std::string& token, std::string_view profile,
                   const std::string& extra = "", const std::string& method = "remux") {
    HttpCall call = request("POST", "/api/playback/" + token);
    call.headers["Content-Type"] = "application/json";
    call.body = std::string(profile) + extra + "}";
    const HttpResult result = harness_.call(call);
    if (result.status != 200) {
      throw std::runtime_error("POST /api/playback: " + std::to_string(result.status) + " " +
                               result.body);
    }
    const json::object answer = json::parse(result.body).as_object();
    EXPECT_EQ(answer.at("method").as_string(), method) << result.body;
    const std::string url(answer.at("url").as_string());
    return url.substr(0, url.rfind('/') + 1);
  }

  HttpResult get(const std::string& target) { return harness_.call(request("GET", target)); }

  // GETs `target`, asking again while the converter works or waits for a slot (503).
  HttpResult get_when_ready(const std::string& target) {
    return testing::when_ready([&] { return get(target); }, 60s, 200ms);
  }

 private:
  HttpCall request(std::string method, std::string target) const {
    HttpCall call;
    call.method = std::move(method);
    call.target = std::move(target);
    call.headers["X-Forwarded-For"] = address_;
    return call;
  }

  SimHarness& harness_;
  std::string address_;
};

testing::SimHarnessOptions options() {
  testing::SimHarnessOptions o;
  o.env["TRUSTED_PROXIES"] = "127.0.0.1/32";
  // Room for more than one viewer's share, so that only the caps keep the first one within it.
  o.env["REMUX_SLOTS"] = "3";
  o.env["TRANSCODE_SLOTS"] = "2";
  o.env["RATE_LIMIT_BURST"] = "100000";
  o.env["RATE_LIMIT_PER_MINUTE"] = "1000000";
  return o;
}

// Whether `pid` is an ffmpeg that can still run: not a zombie, not exiting (PF_EXITING in its
// flags), no SIGKILL pending. A run tglink has just killed holds nothing any more.
bool live_ffmpeg(pid_t pid) {
  if (!read_proc(pid, "comm").starts_with("ffmpeg")) return false;
  const std::string stat = read_proc(pid, "stat");
  const std::size_t name_end = stat.rfind(')');
  if (name_end == std::string::npos) return false;
  std::istringstream fields(stat.substr(name_end + 1));
  std::string state;
  long long skipped = 0;
  unsigned long long flags = 0;
  fields >> state >> skipped >> skipped >> skipped >> skipped >> skipped >> flags;
  constexpr unsigned long long kExiting = 0x4;
  if (!fields || state == "Z" || state == "X" || (flags & kExiting) != 0) return false;
  std::istringstream status(read_proc(pid, "status"));
  for (std::string line; std::getline(status, line);) {
    if (!line.starts_with("SigPnd:") && !line.starts_with("ShdPnd:")) continue;
    const unsigned long long pending = std::stoull(line.substr(line.find(':') + 1), nullptr, 16);
    if ((pending & (1ull << (SIGKILL - 1))) != 0) return false;
  }
  return true;
}

// tglink's live ffmpeg children.
std::set<pid_t> live_converters(pid_t tglink) {
  std::set<pid_t> found;
  for (const pid_t child : testing::children_of(tglink)) {
    if (live_ffmpeg(child)) found.insert(child);
  }
  return found;
}

// Watches tglink's live ffmpeg children on a thread of its own while the test drives the
// player. A new highest count is confirmed 300 ms later (the children seen then that are still
// live), so a run started in the instant its predecessor was being killed is not counted twice:
// most() is the bound the caps must keep. most_seen() is the highest count of one look, what
// shows that the watch saw the runs at all: on a fast machine the viewer replaces its runs
// faster than 300 ms, and no count above one survives the confirmation.
class ConverterWatch {
 public:
  explicit ConverterWatch(pid_t tglink) : tglink_(tglink), thread_([this] { watch(); }) {}
  ~ConverterWatch() { stop(); }
  ConverterWatch(const ConverterWatch&) = delete;
  ConverterWatch& operator=(const ConverterWatch&) = delete;

  void stop() {
    done_ = true;
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] std::size_t most() const { return most_; }
  [[nodiscard]] std::size_t most_seen() const { return most_seen_; }

 private:
  void watch() {
    while (!done_) {
      const std::set<pid_t> seen = live_converters(tglink_);
      most_seen_ = std::max<std::size_t>(most_seen_, seen.size());
      if (seen.size() > most_) {
        std::this_thread::sleep_for(300ms);
        const std::set<pid_t> later = live_converters(tglink_);
        const auto still = static_cast<std::size_t>(std::count_if(
            seen.begin(), seen.end(), [&](pid_t pid) { return later.contains(pid); }));
        most_ = std::max<std::size_t>(most_, still);
      }
      std::this_thread::sleep_for(5ms);
    }
  }

  pid_t tglink_;
  std::atomic<bool> done_{false};
  std::atomic<std::size_t> most_{0};
  std::atomic<std::size_t> most_seen_{0};
  std::thread thread_;
};

TEST(PlaybackCaps, OneAddressNeverRunsMoreThanItsShareAndAnotherStillGetsItsConversions) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness(options());
  const PostedFile tracks =
      testing::post_file(harness, make_many_tracks(harness), "video/x-matroska");
  Viewer one(harness, "198.51.100.7");
  ConverterWatch watch(harness.process().pid());

  // A session per track, a transcode for the first two as well; each plays its start.
  std::vector<std::string> sessions;
  for (int track = 0; track < 8; ++track) {
    const std::string pick = R"(, "audio_track": )" + std::to_string(track);
    std::vector<std::string> opened{one.open(tracks.token, kCopies, pick)};
    if (track < 2) opened.push_back(one.open(tracks.token, kTranscodes, pick, "transcode"));
    for (const std::string& folder : opened) {
      sessions.push_back(folder);
      EXPECT_EQ(one.get(folder + "master.m3u8").status, 200);
      EXPECT_EQ(one.get(folder + "video.m3u8").status, 200);
      EXPECT_EQ(one.get_when_ready(folder + "init.mp4").status, 200) << folder;
      EXPECT_EQ(one.get_when_ready(folder + "0.m4s").status, 200) << folder;
    }
  }
  // Every session it left asks again: a next segment, a far seek, its playlists.
  for (const std::string& folder : sessions) {
    EXPECT_NE(one.get(folder + "1.m4s").status, 500) << folder;
    EXPECT_NE(one.get(folder + "60.m4s").status, 500) << folder;
  }
  for (int round = 0; round < 2; ++round) {
    for (const std::string& folder : sessions) {
      EXPECT_EQ(one.get(folder + "video.m3u8").status, 200);
    }
    std::this_thread::sleep_for(1s);  // the server's tick gives free slots to the queue
  }
  watch.stop();
  EXPECT_LE(watch.most(), kShare) << harness.process().output();
  EXPECT_GE(watch.most_seen(), 2u) << "confirmed " << watch.most();  // it saw the runs at all
  EXPECT_LE(live_converters(harness.process().pid()).size(), kShare);

  // A second address: a remux and a transcode of its own file start at once and play.
  const PostedFile clip =
      testing::post_file(harness, make_clip(harness, "clip.mkv"), "video/x-matroska");
  Viewer other(harness, "203.0.113.9");
  const std::string remux = other.open(clip.token, kCopies);
  const std::string transcode = other.open(clip.token, kTranscodes, "", "transcode");
  EXPECT_EQ(other.get_when_ready(remux + "0.m4s").status, 200);
  EXPECT_EQ(other.get_when_ready(transcode + "0.m4s").status, 200);
}

TEST(PlaybackCaps, AJobOutlivesTheLinkOfTheViewerWhoOpenedIt) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  constexpr std::int64_t kAdmin = 5550099;
  testing::SimHarnessOptions o = options();
  o.env["ADMINS"] = std::to_string(kAdmin);
  SimHarness harness(o);
  harness.sim().create_user(kAdmin, "Admin");
  // The same file posted twice: two links, one job (jobs are per file).
  const fs::path clip = make_clip(harness, "clip.mkv");
  const PostedFile first = testing::post_file(harness, clip, "video/x-matroska");
  const PostedFile second = testing::post_file(harness, clip, "video/x-matroska");

  // The first viewer opens it near its end: the run converts segments 2 and 3.
  Viewer opener(harness, "198.51.100.7");
  const std::string opened = opener.open(first.token, kCopies, R"(, "start": 14)");
  EXPECT_EQ(opener.get_when_ready(opened + "2.m4s").status, 200);

  harness.sim().send_text(kAdmin, "/revoke " + first.token);
  ASSERT_FALSE(harness.sim().wait_messages(kAdmin, 1, 60000).empty());
  int status = 0;
  for (int i = 0; i < 120 && status != 404; ++i) {
    status = opener.get("/stream/" + first.token).status;
    if (status != 404) std::this_thread::sleep_for(250ms);
  }
  ASSERT_EQ(status, 404);

  // The second viewer's start is not on disk: a new run of the same job, through their link.
  Viewer later(harness, "203.0.113.9");
  const std::string joined = later.open(second.token, kCopies);
  const HttpResult start = later.get_when_ready(joined + "0.m4s");
  EXPECT_EQ(start.status, 200) << start.body << "\n" << harness.process().output();
  EXPECT_EQ(later.get_when_ready(joined + "init.mp4").status, 200);
  // The revoked link gets nothing, converted or not.
  EXPECT_EQ(opener.get(opened + "0.m4s").status, 404);
  EXPECT_EQ(opener.get(opened + "2.m4s").status, 404);
}

}  // namespace
}  // namespace tglink
