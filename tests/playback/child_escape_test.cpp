// An exploited ffmpeg, stood in for by tests/support/escape_attempts_main.cpp, installed as
// FFMPEG_PATH and FFPROBE_PATH under the children's confinement: every escape it tries fails
// (reading DATA_DIR, an env file, tglink's /proc or memory; writing outside its job folder;
// UDP, a Unix socket, TCP to another port; signalling tglink; starting a process or a shell),
// and the real ffmpeg it then hands over to still writes its segment, the real ffprobe still
// answers.
//
// Each attempt is held by one part of the confinement; on a kernel without that part the line
// is not asserted, and the test says which (the machine's Landlock ABI can also be capped, as
// the kernels of docs/security.md's table have it: 6.1 has ABI 2, no TCP rules).
// A run with no confinement at all shows that the stand-in sees an escape when there is one.

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "playback/child_confinement.hpp"
#include "playback/child_process.hpp"
#include "support/build_paths.hpp"
#include "support/loopback_socket.hpp"
#include "support/required_tool.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const fs::path kStandIn = fs::path(TGLINK_BINARY_DIR) / "tests" / "escape_attempts";

// What holds an attempt: the system-call filter, Landlock's file rules or its TCP rules.
enum class HeldBy { kSeccomp, kLandlockFiles, kLandlockTcp };

const std::map<std::string, HeldBy>& attempts() {
  static const std::map<std::string, HeldBy> table{
      {"read DATA_DIR/secret.key", HeldBy::kLandlockFiles},
      {"read DATA_DIR/tglink.db", HeldBy::kLandlockFiles},
      {"read the env file", HeldBy::kLandlockFiles},
      {"read tglink's /proc environ", HeldBy::kLandlockFiles},
      {"read tglink's /proc mem", HeldBy::kLandlockFiles},
      {"write into DATA_DIR", HeldBy::kLandlockFiles},
      {"write into /tmp", HeldBy::kLandlockFiles},
      {"write into a sibling job folder", HeldBy::kLandlockFiles},
      {"send UDP", HeldBy::kSeccomp},
      {"connect to a Unix socket", HeldBy::kSeccomp},
      {"connect by TCP to another port", HeldBy::kLandlockTcp},
      {"signal tglink", HeldBy::kSeccomp},
      {"read tglink's memory", HeldBy::kSeccomp},
      {"start a process", HeldBy::kSeccomp},
      {"exec /bin/sh", HeldBy::kLandlockFiles},
  };
  return table;
}

// "attempt: held (...)" / "attempt: ESCAPED" lines; a later line for an attempt wins.
std::map<std::string, bool> escapes_in(const std::string& report) {
  std::map<std::string, bool> escaped;
  std::istringstream lines(report);
  std::string line;
  while (std::getline(lines, line)) {
    const std::size_t colon = line.rfind(": ");
    if (colon == std::string::npos || !attempts().contains(line.substr(0, colon))) continue;
    escaped[line.substr(0, colon)] = line.substr(colon + 2) == "ESCAPED";
  }
  return escaped;
}

void write_file(const fs::path& path, const std::string& text, fs::perms mode) {
  std::ofstream(path) << text;
  fs::permissions(path, mode);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The stand-in's surroundings (escape_attempts_main.cpp's layout), with tglink's secrets.
class EscapeWorld {
 public:
  EscapeWorld() {
    const fs::path& t = dir_.path();
    fs::create_directories(job());
    fs::create_directories(t / "data" / "hls" / "sibling");
    fs::create_directories(t / "outside");
    write_file(t / "data" / "secret.key", "the-signing-key", fs::perms::owner_read);
    write_file(t / "data" / "tglink.db", "every link",
               fs::perms::owner_read | fs::perms::owner_write);
    write_file(t / "data" / "hls" / "sibling" / "0.m4s", "a viewer's segment",
               fs::perms::owner_read | fs::perms::owner_write);
    write_file(t / "outside" / "tglink.env", "BOT_TOKEN=123:secret",
               fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    fs::create_symlink(kStandIn, t / "ffmpeg");
    fs::create_symlink(kStandIn, t / "ffprobe");
    source_ = testing::loopback_socket(SOCK_STREAM);
    other_ = testing::loopback_socket(SOCK_STREAM);
    udp_ = testing::loopback_socket(SOCK_DGRAM);
    fs::create_symlink(std::to_string(testing::port_of(other_)), t / "tcp-port");
    fs::create_symlink(std::to_string(testing::port_of(udp_)), t / "udp-port");
    unix_ = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    const std::string path = (t / "outside" / "unix.sock").string();
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    bind(unix_, reinterpret_cast<sockaddr*>(&address), sizeof address);
    listen(unix_, 8);
  }
  ~EscapeWorld() {
    for (const int fd : {source_, other_, udp_, unix_}) close(fd);
  }
  EscapeWorld(const EscapeWorld&) = delete;
  EscapeWorld& operator=(const EscapeWorld&) = delete;

  [[nodiscard]] fs::path job() const { return dir_.path() / "data" / "hls" / "job"; }
  [[nodiscard]] std::string ffmpeg() const { return (dir_.path() / "ffmpeg").string(); }
  [[nodiscard]] std::string ffprobe() const { return (dir_.path() / "ffprobe").string(); }

  // This host's confinement, as tglink would find it at start, with the Landlock ABI capped
  // at `max_abi` and the filter left out without `seccomp`.
  [[nodiscard]] ConfinementSettings settings(int max_abi, bool seccomp) const {
    ConfinementSettings settings;
    settings.source_port = testing::port_of(source_);
    ConfinementState state = detect_confinement();
    state.landlock_abi = std::min(state.landlock_abi, max_abi);
    if (!seccomp) state.syscalls.reset();
    apply_confinement_state(settings, state, ffmpeg(), ffprobe());
    return settings;
  }

  // Whether a datagram reached the UDP socket.
  [[nodiscard]] bool udp_received() const {
    char buffer[64];
    return recv(udp_, buffer, sizeof buffer, MSG_DONTWAIT) > 0;
  }

  // The sibling's segment and DATA_DIR's files are as they were.
  [[nodiscard]] bool untouched() const {
    const fs::path& t = dir_.path();
    return read_file(t / "data" / "hls" / "sibling" / "0.m4s") == "a viewer's segment" &&
           !fs::exists(t / "data" / "escaped");
  }

 private:
  testing::TempDir dir_{"tglink-escape"};
  int source_ = -1;
  int other_ = -1;
  int udp_ = -1;
  int unix_ = -1;
};

// A short remux-like run of the real ffmpeg into the job folder, started through the stand-in.
std::vector<std::string> conversion_argv(const EscapeWorld& world) {
  return {world.ffmpeg(),
          "-nostdin",
          "-hide_banner",
          "-loglevel",
          "error",
          "-f",
          "lavfi",
          "-i",
          "testsrc2=size=160x120:rate=10:duration=2",
          "-c:v",
          "libx264",
          "-preset",
          "ultrafast",
          "-f",
          "hls",
          "-hls_time",
          "1",
          "-hls_segment_type",
          "fmp4",
          "-hls_flags",
          "temp_file",
          "-hls_playlist_type",
          "vod",
          "-hls_segment_filename",
          (world.job() / "%d.m4s").string(),
          (world.job() / "ffmpeg.m3u8").string()};
}

// Runs the stand-in as ffmpeg for a job under `settings`; its report, from the job folder.
std::string run_job(const EscapeWorld& world, const ConfinementSettings& settings, bool confined) {
  ChildLimits limits = confined ? limits_for(settings, 2) : ChildLimits{};
  limits.files.writable = world.job();
  const CapturedRun run = run_captured(conversion_argv(world), limits, 120s, 1 << 20);
  EXPECT_TRUE(run.exit && run.exit->success) << run.error << run.diagnostics;
  EXPECT_TRUE(fs::exists(world.job() / "0.m4s")) << "the conversion wrote no segment";
  std::string report;
  for (const fs::directory_entry& entry : fs::directory_iterator(world.job())) {
    if (entry.path().filename().string().starts_with("escapes-")) {
      report += read_file(entry.path());
      fs::remove(entry.path());
    }
  }
  return report;
}

// Which attempts this configuration holds, with the reason it can't hold the others.
bool enforced(HeldBy by, const ConfinementSettings& settings, std::string& why_not) {
  switch (by) {
    case HeldBy::kSeccomp:
      why_not = "no seccomp filter";
      return settings.syscalls != nullptr;
    case HeldBy::kLandlockFiles:
      why_not = "no Landlock (ABI " + std::to_string(settings.landlock_abi) + ")";
      return settings.landlock_abi >= kLandlockFileAbi;
    case HeldBy::kLandlockTcp:
      why_not = "Landlock ABI " + std::to_string(settings.landlock_abi) + " has no TCP rules";
      return settings.landlock_abi >= kLandlockNetworkAbi;
  }
  return false;
}

void expect_all_held(const std::string& report, const ConfinementSettings& settings) {
  const std::map<std::string, bool> escaped = escapes_in(report);
  for (const auto& [attempt, by] : attempts()) {
    ASSERT_TRUE(escaped.contains(attempt)) << "no report of '" << attempt << "' in:\n" << report;
    std::string why_not;
    if (!enforced(by, settings, why_not)) {
      std::cout << "[ not held here ] " << attempt << " (" << why_not
                << "): " << (escaped.at(attempt) ? "escaped" : "held") << "\n";
      continue;
    }
    EXPECT_FALSE(escaped.at(attempt)) << attempt << " escaped; the report:\n" << report;
  }
}

// The machine's own confinement, and the same with the Landlock ABI of older kernels.
class ChildEscape : public ::testing::TestWithParam<int> {};

TEST_P(ChildEscape, AHijackedFfmpegGetsNothingAndTheConversionStillPlays) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  const EscapeWorld world;
  const ConfinementSettings settings = world.settings(GetParam(), true);
  if (settings.landlock_abi < GetParam() && GetParam() != 99) {
    GTEST_SKIP() << "this kernel's Landlock ABI is " << settings.landlock_abi;
  }
  std::cout << "Landlock ABI " << settings.landlock_abi << ", seccomp "
            << (settings.syscalls ? "on" : "unavailable") << "\n";
  const std::string report = run_job(world, settings, true);
  std::cout << report;
  expect_all_held(report, settings);
  if (settings.syscalls) {
    EXPECT_FALSE(world.udp_received());
  }
  if (settings.landlock_abi >= kLandlockFileAbi) {
    EXPECT_TRUE(world.untouched());
  }
}

// 99: whatever the kernel has; 4: Linux 6.7 to 6.11; 3: 6.2 to 6.6; 2: 6.1 (Debian 12); 0: no
// Landlock (before 5.13, or a seccomp profile that refuses it).
INSTANTIATE_TEST_SUITE_P(LandlockAbi, ChildEscape, ::testing::Values(99, 4, 3, 2, 0));

TEST(ChildEscapeProbe, AHijackedFfprobeWritesNowhereAndStillAnswers) {
  TGLINK_REQUIRE_PROGRAM("ffprobe");
  const EscapeWorld world;
  const ConfinementSettings settings = world.settings(99, true);
  const CapturedRun run = run_captured({world.ffprobe(), "-v", "error", "-show_format", "-of",
                                        "json", "-f", "lavfi", "-i", "testsrc2=duration=1"},
                                       limits_for(settings, 0), 60s, 1 << 20);
  ASSERT_TRUE(run.exit && run.exit->success) << run.error << run.diagnostics;
  EXPECT_NE(run.output.find("\"format\""), std::string::npos) << run.output;
  expect_all_held(run.diagnostics, settings);
}

// The check itself works: unconfined, the same stand-in reads the key, sends UDP, writes /tmp.
TEST(ChildEscapeProbe, WithoutConfinementTheStandInEscapes) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  const EscapeWorld world;
  const std::map<std::string, bool> escaped =
      escapes_in(run_job(world, world.settings(99, true), false));
  EXPECT_TRUE(escaped.at("read DATA_DIR/secret.key"));
  EXPECT_TRUE(escaped.at("read the env file"));
  EXPECT_TRUE(escaped.at("write into /tmp"));
  EXPECT_TRUE(escaped.at("send UDP"));
  EXPECT_TRUE(escaped.at("connect to a Unix socket"));
  EXPECT_TRUE(escaped.at("connect by TCP to another port"));
  EXPECT_TRUE(escaped.at("start a process"));
  EXPECT_TRUE(world.udp_received());
}

}  // namespace
}  // namespace tglink
