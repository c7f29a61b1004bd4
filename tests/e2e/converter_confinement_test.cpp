// The converter's confinement through the real tglink: a stand-in for an exploited decoder
// (tests/support/escape_attempts_main.cpp) installed as FFMPEG_PATH and FFPROBE_PATH tries every
// escape from inside the run tglink starts for a viewer, and each fails where this kernel can
// hold it, while the segment it then converts with the real ffmpeg is served. And tglink itself
// is not dumpable, yet its leak check at exit still runs.

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <boost/json.hpp>
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <linux/capability.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e/playback_calls.hpp"
#include "e2e/streaming_support.hpp"
#include "support/build_paths.hpp"
#include "support/ffmpeg_media.hpp"
#include "support/get_when_ready.hpp"
#include "support/http_client.hpp"
#include "support/required_tool.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using ::testing::HasSubstr;
using testing::post_playback;
using testing::PostedFile;
using testing::SimHarness;
using testing::SimHarnessOptions;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The stand-in's reports ("attempt: held (...)" / "attempt: ESCAPED") under DATA_DIR/hls.
std::map<std::string, bool> escapes_under(const fs::path& hls) {
  std::map<std::string, bool> escaped;
  std::error_code ec;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(hls, ec)) {
    if (!entry.path().filename().string().starts_with("escapes-")) continue;
    std::istringstream lines(read_text(entry.path()));
    std::string line;
    while (std::getline(lines, line)) {
      const std::size_t colon = line.rfind(": ");
      if (colon != std::string::npos) {
        escaped[line.substr(0, colon)] = line.substr(colon + 2) == "ESCAPED";
      }
    }
  }
  return escaped;
}

TEST(ConverterConfinement, AHijackedFfmpegInTglinksRunGetsNothingAndTheSegmentIsServed) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  const testing::TempDir t("tglink-escape-e2e");
  const fs::path stand_in = fs::path(TGLINK_BINARY_DIR) / "tests" / "escape_attempts";
  fs::create_directories(t.path() / "data");
  fs::create_directories(t.path() / "outside");
  std::ofstream(t.path() / "data" / "secret.key") << "a key file";
  std::ofstream(t.path() / "outside" / "tglink.env") << "BOT_TOKEN=123:secret";
  fs::create_symlink(stand_in, t.path() / "ffmpeg");
  fs::create_symlink(stand_in, t.path() / "ffprobe");
  fs::create_symlink("9", t.path() / "tcp-port");  // discard: refused or unreachable alike
  fs::create_symlink("9", t.path() / "udp-port");
  SimHarnessOptions options;
  options.env = {{"DATA_DIR", (t.path() / "data").string()},
                 {"FFMPEG_PATH", (t.path() / "ffmpeg").string()},
                 {"FFPROBE_PATH", (t.path() / "ffprobe").string()}};
  SimHarness harness(options);
  // The folder beside the job's, made after tglink emptied DATA_DIR/hls at start.
  fs::create_directories(t.path() / "data" / "hls" / "sibling");
  std::ofstream(t.path() / "data" / "hls" / "sibling" / "0.m4s") << "a viewer's segment";

  const fs::path movie =
      testing::make_media(harness.dir(), "movie.avi",
                          "-f lavfi -i testsrc2=size=160x120:rate=10:duration=8 -c:v mpeg4");
  const PostedFile posted = testing::post_file(harness, movie, "video/x-msvideo", "video");
  const json::object answer = post_playback(harness, posted.token);
  ASSERT_EQ(answer.at("method").as_string(), "transcode") << json::serialize(answer);
  const std::string url(answer.at("url").as_string());
  const std::string folder = url.substr(0, url.rfind('/') + 1);
  EXPECT_EQ(testing::get_when_ready(harness.port(), folder + "init.mp4").status, 200);
  EXPECT_EQ(testing::get_when_ready(harness.port(), folder + "0.m4s").status, 200)
      << harness.process().output();

  const std::map<std::string, bool> escaped = escapes_under(t.path() / "data" / "hls");
  ASSERT_FALSE(escaped.empty()) << "the stand-in wrote no report";
  const std::string log = harness.process().output();
  const bool landlock_files = log.find("Landlock file rules:") != std::string::npos;
  const bool seccomp = log.find("a system-call filter (") != std::string::npos;
  for (const auto& [attempt, got_out] : escaped) {
    const bool by_filter = attempt == "send UDP" || attempt == "connect to a Unix socket" ||
                           attempt == "signal tglink" || attempt == "read tglink's memory" ||
                           attempt == "start a process";
    const bool tcp = attempt == "connect by TCP to another port";
    if (tcp || (by_filter && !seccomp) || (!by_filter && !landlock_files)) {
      std::cout << "[ not asserted here ] " << attempt << ": " << (got_out ? "escaped" : "held")
                << "\n";
      continue;
    }
    EXPECT_FALSE(got_out) << attempt << " escaped";
  }
  EXPECT_EQ(read_text(t.path() / "data" / "hls" / "sibling" / "0.m4s"), "a viewer's segment");
  EXPECT_FALSE(fs::exists(t.path() / "data" / "escaped"));
  // /api/info says what is in force.
  const json::object info = json::parse(harness.get("/api/info").body).as_object();
  EXPECT_EQ(info.at("streaming_info").at("player_confinement").as_string().empty(), false);
}

// Whether a process of the same user (here with CAP_SYS_PTRACE taken away) can open `path`:
// forked, so the test keeps its capabilities.
bool same_user_can_open(const std::string& path) {
  const pid_t child = fork();
  if (child == 0) {
    __user_cap_header_struct header{_LINUX_CAPABILITY_VERSION_3, 0};
    __user_cap_data_struct data[2] = {};
    if (syscall(SYS_capget, &header, data) == 0) {
      data[0].effective &= ~(1U << CAP_SYS_PTRACE);
      data[0].permitted &= ~(1U << CAP_SYS_PTRACE);
      syscall(SYS_capset, &header, data);
    }
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);  // plain calls only after fork
    _exit(fd >= 0 ? 0 : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

TEST(ConverterConfinement, TglinkIsNotDumpableAndItsLeakCheckStillRuns) {
  SimHarness harness;
  // Another process of tglink's user cannot open its environ. Measured here: root opens any
  // environ file whatever the flag, so under root only the leak check below is asserted.
  if (geteuid() != 0) {
    EXPECT_FALSE(
        same_user_can_open("/proc/" + std::to_string(harness.process().pid()) + "/environ"));
    EXPECT_TRUE(same_user_can_open("/proc/" + std::to_string(getpid()) + "/environ"));
  } else {
    std::cout << "[ not asserted as root ] another process's reading of tglink's environ\n";
  }
  // The sanitizer build's LeakSanitizer attaches to tglink's threads at exit, which a
  // non-dumpable process refuses unless the flag is set back first.
  EXPECT_EQ(harness.stop(), 0) << harness.process().output();
  EXPECT_THAT(harness.process().output(), ::testing::Not(HasSubstr("LeakSanitizer")));
}

}  // namespace
}  // namespace tglink
