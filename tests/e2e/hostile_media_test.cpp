// Every upload is hostile: a corpus made at test time (manifests posing as videos and sent as
// documents, a concat script, an exotic codec, a 17000 px picture, a thousand tracks, a
// duration of years, a truncated file) goes through tglink's probe and, where one is offered,
// its conversion, while a listener on another loopback port waits for the request a manifest
// would make. It must see none, every file gets an answer, and tglink keeps serving.
// Then a running ffmpeg is looked at as a local user would (/proc/PID/environ, fd/, limits),
// and tglink is killed with SIGKILL: no child may be left.

#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <set>
#include <thread>

#include <boost/json.hpp>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "e2e/playback_calls.hpp"
#include "e2e/streaming_support.hpp"
#include "support/eventually.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/http_client.hpp"
#include "support/loopback_socket.hpp"
#include "support/proc_files.hpp"
#include "support/required_tool.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using namespace std::chrono_literals;
using namespace std::string_literals;
using ::testing::HasSubstr;
using testing::make_media;
using testing::post_playback;
using testing::PostedFile;
using testing::read_proc;
using testing::SimHarness;

// A TCP listener on 127.0.0.1 that counts every connection made to it, as a cloud metadata
// service or an admin port would see them.
class TrapListener {
 public:
  TrapListener() {
    fd_ = testing::loopback_socket(SOCK_STREAM);
    if (fd_ < 0) throw std::runtime_error("the trap listener could not listen");
    port_ = testing::port_of(fd_);
    thread_ = std::thread([this] { accept_loop(); });
  }
  ~TrapListener() {
    stop_ = true;
    thread_.join();
    close(fd_);
  }
  TrapListener(const TrapListener&) = delete;
  TrapListener& operator=(const TrapListener&) = delete;

  [[nodiscard]] std::uint16_t port() const { return port_; }
  [[nodiscard]] int connections() const { return connections_; }

 private:
  void accept_loop() {
    while (!stop_) {
      pollfd watch{fd_, POLLIN, 0};
      if (poll(&watch, 1, 50) <= 0) continue;
      const int client = accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (client < 0) continue;
      ++connections_;
      close(client);
    }
  }

  int fd_ = -1;
  std::uint16_t port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> connections_{0};
  std::thread thread_;
};

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string hls_manifest(std::uint16_t port) {
  const std::string base = "http://127.0.0.1:" + std::to_string(port);
  return "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\n" + base +
         "/segment0.ts\n#EXTINF:4.0,\n" + base + "/latest/meta-data/iam\n#EXT-X-ENDLIST\n";
}

std::string dash_manifest(std::uint16_t port) {
  return R"(<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" minBufferTime="PT1S"
     profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" mediaPresentationDuration="PT8S">
  <Period><AdaptationSet mimeType="video/mp4">
    <Representation id="v" bandwidth="100000" codecs="avc1.42c00d" width="160" height="120">
      <BaseURL>http://127.0.0.1:)" +
         std::to_string(port) + R"(/video.mp4</BaseURL>
      <SegmentBase indexRange="0-999"><Initialization range="0-499"/></SegmentBase>
    </Representation>
  </AdaptationSet></Period>
</MPD>
)";
}

std::string concat_script(std::uint16_t port) {
  return "ffconcat version 1.0\nfile 'http://127.0.0.1:" + std::to_string(port) +
         "/part1.mp4'\nfile '/etc/passwd'\n";
}

// An MKV whose segment duration says a few hundred years (the float after the Duration ID).
fs::path with_absurd_duration(const fs::path& mkv) {
  std::ifstream in(mkv, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string duration_id("\x44\x89\x88", 3);
  const std::size_t at = bytes.find(duration_id);
  if (at == std::string::npos) throw std::runtime_error("no Duration element in " + mkv.string());
  const double milliseconds = 1e13;  // about 317 years
  std::uint64_t raw = 0;
  std::memcpy(&raw, &milliseconds, sizeof raw);
  for (int i = 0; i < 8; ++i) {
    bytes[at + 3 + static_cast<std::size_t>(i)] = static_cast<char>(raw >> (56 - 8 * i));
  }
  const fs::path out = mkv.parent_path() / "years.mkv";
  std::ofstream(out, std::ios::binary) << bytes;
  return out;
}

fs::path truncated(const fs::path& file) {
  const fs::path out = file.parent_path() / ("truncated-" + file.filename().string());
  fs::copy_file(file, out, fs::copy_options::overwrite_existing);
  fs::resize_file(out, fs::file_size(file) / 3);
  return out;
}

struct HostileFile {
  std::string label;
  fs::path path;
  std::string mime;
  std::string kind;
  std::string reason;  // a reason the answer must hold ("" for any answer)
};

bool has_reason(const json::object& answer, const std::string& reason) {
  for (const json::value& value : answer.at("reasons").as_array()) {
    if (std::string(value.as_string()).starts_with(reason)) return true;
  }
  return false;
}

// What a conversion offered: the playlists and the first segments, asked for a while.
void pull_conversion(const SimHarness& harness, const json::object& answer) {
  if (!answer.contains("url")) return;
  const std::string url(answer.at("url").as_string());
  const std::string folder = url.substr(0, url.rfind('/') + 1);
  for (const std::string name : {"master.m3u8", "video.m3u8", "init.mp4", "0.m4s", "1.m4s"}) {
    for (int i = 0; i < 20; ++i) {
      if (testing::http_get(harness.port(), folder + name).status != 503) break;
      std::this_thread::sleep_for(250ms);
    }
  }
}

std::vector<HostileFile> corpus(const SimHarness& harness, std::uint16_t trap) {
  const fs::path dir = harness.dir();
  std::vector<HostileFile> files;
  write_text(dir / "hls.mp4", hls_manifest(trap));
  files.push_back(
      {"HLS playlist as a video", dir / "hls.mp4", "video/mp4", "video", "container_refused:hls"});
  write_text(dir / "playlist.m3u8", hls_manifest(trap));
  files.push_back({"HLS playlist as a document", dir / "playlist.m3u8",
                   "application/vnd.apple.mpegurl", "document", "container_refused:hls"});
  write_text(dir / "dash.mp4", dash_manifest(trap));
  files.push_back(
      {"DASH manifest as a video", dir / "dash.mp4", "video/mp4", "video", "container_refused"});
  write_text(dir / "manifest.mpd", dash_manifest(trap));
  files.push_back({"DASH manifest as a document", dir / "manifest.mpd", "application/dash+xml",
                   "document", "container_refused"});
  write_text(dir / "concat.mkv", concat_script(trap));
  files.push_back({"concat script", dir / "concat.mkv", "video/x-matroska", "document",
                   "container_refused:concat"});
  files.push_back({"MagicYUV AVI",
                   make_media(harness.dir(), "magic.avi",
                              "-f lavfi -i testsrc2=size=160x120:rate=5:duration=1 -c:v magicyuv"),
                   "video/x-msvideo", "video", "codec_refused:magicyuv"});
  files.push_back({"17000 px picture",
                   make_media(harness.dir(), "wide.avi",
                              "-f lavfi -i color=size=17000x16:rate=1:duration=1 -c:v mjpeg "
                              "-pix_fmt yuvj420p"),
                   "video/x-msvideo", "video", "value_out_of_range:video_width"});
  std::string many =
      "-f lavfi -i testsrc2=size=160x120:rate=5:duration=1 -f lavfi -i "
      "sine=sample_rate=8000:duration=1 -map 0:v";
  // FFmpeg keeps at most 1000 streams in a file: the video and 999 sound tracks.
  for (int i = 0; i < 999; ++i) many += " -map 1:a";
  files.push_back({"a thousand tracks",
                   make_media(harness.dir(), "tracks.mkv", many + " -c:v mpeg4 -c:a pcm_s16le"),
                   "video/x-matroska", "video", ""});
  const fs::path plain = make_media(harness.dir(), "plain.mkv",
                                    "-f lavfi -i testsrc2=size=160x120:rate=10:duration=8 -f lavfi "
                                    "-i sine=duration=8 -c:v mpeg4 -c:a ac3");
  files.push_back({"a duration of years", with_absurd_duration(plain), "video/x-matroska", "video",
                   "duration_unknown"});
  const fs::path faststart =
      make_media(harness.dir(), "moov_last.mp4",
                 "-f lavfi -i testsrc2=size=160x120:rate=10:duration=8 -c:v mpeg4");
  files.push_back({"truncated MP4 (index lost)", truncated(faststart), "video/mp4", "video", ""});
  files.push_back({"truncated MKV", truncated(plain), "video/x-matroska", "video", ""});
  return files;
}

TEST(HostileMedia, NothingReachesAnotherPortAndEveryFileGetsAnAnswer) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  TrapListener trap;
  for (const HostileFile& file : corpus(harness, trap.port())) {
    SCOPED_TRACE(file.label);
    const PostedFile posted = testing::post_file(harness, file.path, file.mime, file.kind);
    const json::object answer = post_playback(harness, posted.token);
    if (!file.reason.empty()) {
      EXPECT_TRUE(has_reason(answer, file.reason)) << json::serialize(answer);
      EXPECT_EQ(answer.at("method").as_string(), "unplayable") << json::serialize(answer);
      EXPECT_FALSE(std::string(answer.at("notice").as_string()).empty());
    }
    pull_conversion(harness, answer);
    EXPECT_EQ(testing::http_get(harness.port(), "/api/info").status, 200);
  }
  // A manifest's fetch would come within moments of its probe; give stragglers a second.
  std::this_thread::sleep_for(1s);
  EXPECT_EQ(trap.connections(), 0) << harness.process().output();
}

// tglink's children named `name`.
std::vector<pid_t> children_named(pid_t parent, const std::string& name) {
  std::vector<pid_t> found;
  for (const pid_t child : testing::children_of(parent)) {
    if (read_proc(child, "comm").starts_with(name)) found.push_back(child);
  }
  return found;
}

// The socket inodes a process holds ("socket:[1234]").
std::set<std::string> sockets_of(pid_t pid) {
  std::set<std::string> sockets;
  for (const auto& [fd, target] : testing::descriptors_of(pid)) {
    if (target.starts_with("socket:")) sockets.insert(target);
  }
  return sockets;
}

TEST(HostileMedia, ARunningConverterHoldsNothingOfOursAndDiesWithTglink) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  SimHarness harness;
  // Long enough that the converter is still there (running, or paused far ahead of a viewer
  // who never watches) when it is looked at.
  const fs::path movie = make_media(harness.dir(), "long.avi",
                                    "-f lavfi -i testsrc2=size=160x120:rate=10:duration=600 "
                                    "-c:v mpeg4 -g 50");
  const PostedFile posted = testing::post_file(harness, movie, "video/x-msvideo", "video");
  const json::object answer = post_playback(harness, posted.token);
  ASSERT_EQ(answer.at("method").as_string(), "transcode") << json::serialize(answer);
  // The start says which confinement is in force.
  EXPECT_THAT(harness.process().output(),
              HasSubstr("Player: ffmpeg and ffprobe run with PATH and LANG only"));
  const pid_t tglink = harness.process().pid();
  std::vector<pid_t> converters;
  for (int i = 0; i < 200 && converters.empty(); ++i) {
    converters = children_named(tglink, "ffmpeg");
    if (converters.empty()) std::this_thread::sleep_for(50ms);
  }
  ASSERT_EQ(converters.size(), 1u) << harness.process().output();
  const pid_t ffmpeg = converters.front();

  const std::string environment = read_proc(ffmpeg, "environ");
  EXPECT_EQ(environment, "PATH=/usr/local/bin:/usr/bin:/bin\0LANG=C\0"s);
  for (const std::string secret : {"BOT_TOKEN", "SECRET_KEY", "API_HASH", "DATABASE_URL"}) {
    EXPECT_THAT(environment, ::testing::Not(HasSubstr(secret)));
  }
  const std::set<std::string> ours = sockets_of(tglink);
  for (const std::string& socket : sockets_of(ffmpeg)) {
    EXPECT_FALSE(ours.contains(socket)) << socket << " is tglink's";
  }
  EXPECT_THAT(read_proc(ffmpeg, "limits"), HasSubstr("Max address space"));
  EXPECT_THAT(read_proc(ffmpeg, "status"), HasSubstr("NoNewPrivs:\t1"));
  EXPECT_THAT(read_proc(ffmpeg, "cmdline"), HasSubstr("/source/"));
  EXPECT_THAT(read_proc(ffmpeg, "cmdline"), ::testing::Not(HasSubstr(posted.token)));

  ASSERT_NE(harness.process().stop(SIGKILL, 10s), -1);
  EXPECT_TRUE(testing::eventually([&] { return !testing::running(ffmpeg); }, 5s, 10ms))
      << "ffmpeg " << ffmpeg << " outlived tglink";
}

}  // namespace
}  // namespace tglink
