// Demo: `tglink demo` runs the real binary on the simulator, sends a sample video and
// a document as a simulated user, prints the bot's replies with links that the real curl then
// fetches byte for byte, and serves until SIGINT. `demo --send` sends the given files instead,
// and a missing one is named without stopping the demo.
#include <array>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "support/http_client.hpp"
#include "support/required_tool.hpp"
#include "support/sim_harness.hpp"
#include "support/temp_dir.hpp"
#include "support/text_contains.hpp"
#include "support/tglink_process.hpp"

namespace tglink::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* kDone = "Press Ctrl-C to stop.";

// The values of the lines that start with `label`, in order.
std::vector<std::string> lines_after(const std::string& text, const std::string& label) {
  std::istringstream lines{text};
  std::vector<std::string> values;
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind(label, 0) == 0) values.push_back(line.substr(label.size()));
  }
  return values;
}

// Runs a command through the shell; answers its stdout.
std::string command_output(const std::string& command) {
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return {};
  std::string output;
  std::array<char, 4096> buffer{};
  while (const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) {
    output.append(buffer.data(), n);
  }
  ::pclose(pipe);
  return output;
}

// The bytes the real curl downloads from `url` (empty on failure).
std::string curl_bytes(const std::string& url, const std::filesystem::path& into) {
  const std::string command = "curl -sS -f -o '" + into.string() + "' '" + url + "' 2>&1";
  const std::string errors = command_output(command);
  EXPECT_TRUE(errors.empty()) << "curl " << url << ": " << errors;
  return std::filesystem::exists(into) ? testing::read_file(into) : std::string{};
}

// The status curl gets for the first 100 bytes of `url`.
std::string curl_range_status(const std::string& url) {
  return command_output("curl -s -o /dev/null -w '%{http_code}' -r 0-99 '" + url + "'");
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream{path, std::ios::binary} << bytes;
}

// `tglink demo ARGS...` in a fresh directory, on a free port, with nothing else set.
class DemoRun {
 public:
  explicit DemoRun(std::vector<std::string> args = {}) : port_(testing::free_tcp_port()) {
    args.insert(args.begin(), "demo");
    TglinkProcessOptions options;
    options.args = std::move(args);
    options.env = {{"PORT", std::to_string(port_)},
                   {"BASE_URL", "http://127.0.0.1:" + std::to_string(port_)},
                   {"DATA_DIR", data_dir().string()}};
    options.working_directory = dir_.path();
    process_ = std::make_unique<TglinkProcess>(std::move(options));
  }

  // Waits until the demo has printed its closing line; answers everything printed so far.
  std::string wait_until_done() {
    const auto deadline = std::chrono::steady_clock::now() + 180s;
    while (std::chrono::steady_clock::now() < deadline) {
      if (contains(process_->output(), kDone)) return process_->output();
      if (process_->wait_for_exit(0ms) != -1) break;
      std::this_thread::sleep_for(100ms);
    }
    ADD_FAILURE() << "the demo never printed \"" << kDone << "\":\n" << process_->output();
    return process_->output();
  }

  [[nodiscard]] std::filesystem::path data_dir() const { return dir_.path() / "data"; }
  [[nodiscard]] std::filesystem::path scratch(const std::string& name) const {
    return dir_.path() / name;
  }
  [[nodiscard]] std::uint16_t port() const { return port_; }
  TglinkProcess& process() { return *process_; }

 private:
  TempDir dir_{"tglink-demo"};
  std::uint16_t port_;
  std::unique_ptr<TglinkProcess> process_;
};

TEST(Demo, SendsTheSamplesPrintsWorkingLinksAndServesUntilSigint) {
  DemoRun demo;
  const std::string output = demo.wait_until_done();
  const std::vector<std::string> downloads = lines_after(output, "  Download: ");
  const std::filesystem::path samples = demo.data_dir() / "demo";

  // Without ffmpeg the demo sends no sample video; under CI=true that is a failure.
  const bool ffmpeg = testing::program_installed("ffmpeg");
  ASSERT_TRUE(ffmpeg || !testing::skips_fail()) << "ffmpeg is not installed (CI=true)";
  if (ffmpeg) {
    ASSERT_TRUE(contains(output, "Sent video tglink-demo.mp4")) << output;
    ASSERT_EQ(downloads.size(), 2U) << output;
    EXPECT_TRUE(curl_bytes(downloads[0], demo.scratch("video")) ==
                testing::read_file(samples / "tglink-demo.mp4"))
        << "the video's download differs from " << (samples / "tglink-demo.mp4");
    const std::vector<std::string> streams = lines_after(output, "  Stream:   ");
    ASSERT_EQ(streams.size(), 1U) << output;
    EXPECT_EQ(curl_range_status(streams[0]), "206");
    ASSERT_EQ(lines_after(output, "  Player:   ").size(), 1U) << output;
    EXPECT_TRUE(contains(output, "Try: curl -OJ '" + downloads[0] + "'   or open ")) << output;
  } else {
    EXPECT_TRUE(contains(output, "ffmpeg is not installed")) << output;
    ASSERT_EQ(downloads.size(), 1U) << output;
  }
  EXPECT_TRUE(contains(output, "Sent document tglink-demo.txt")) << output;
  EXPECT_TRUE(curl_bytes(downloads.back(), demo.scratch("document")) ==
              testing::read_file(samples / "tglink-demo.txt"));

  EXPECT_EQ(demo.process().stop(SIGINT, 30s), 0) << demo.process().output();
}

TEST(Demo, SecondRunReusesTheSampleVideo) {
  TGLINK_REQUIRE_PROGRAM("ffmpeg");
  DemoRun demo;
  demo.wait_until_done();
  const std::filesystem::path video = demo.data_dir() / "demo" / "tglink-demo.mp4";
  const auto made = std::filesystem::last_write_time(video);
  ASSERT_EQ(demo.process().stop(SIGINT, 30s), 0);
  // The same DATA_DIR again: the sample is sent as it is, not made anew.
  TglinkProcessOptions options;
  options.args = {"demo"};
  const std::uint16_t port = testing::free_tcp_port();
  options.env = {{"PORT", std::to_string(port)}, {"DATA_DIR", demo.data_dir().string()}};
  options.working_directory = demo.scratch("");
  TglinkProcess again{std::move(options)};
  const auto deadline = std::chrono::steady_clock::now() + 180s;
  while (!contains(again.output(), kDone) && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(contains(again.output(), "Sent video tglink-demo.mp4")) << again.output();
  EXPECT_TRUE(std::filesystem::last_write_time(video) == made);
  EXPECT_EQ(again.stop(SIGINT, 30s), 0) << again.output();
}

TEST(Demo, SendGivenFilesByTheirKind) {
  TempDir files{"tglink-demo-files"};
  const std::filesystem::path song = files.path() / "song.mp3";
  const std::filesystem::path notes = files.path() / "notes.txt";
  write_file(song, std::string(50000, 'a') + "tail");
  write_file(notes, "some notes\n");
  DemoRun demo{{"--send", song.string(), notes.string()}};
  const std::string output = demo.wait_until_done();

  EXPECT_TRUE(contains(output, "Sent audio song.mp3")) << output;
  EXPECT_TRUE(contains(output, "Sent document notes.txt")) << output;
  EXPECT_FALSE(contains(output, "tglink-demo.mp4")) << "no samples with --send:\n" << output;
  EXPECT_FALSE(contains(output, "tglink-demo.txt")) << "no samples with --send:\n" << output;
  const std::vector<std::string> downloads = lines_after(output, "  Download: ");
  ASSERT_EQ(downloads.size(), 2U) << output;
  EXPECT_TRUE(curl_bytes(downloads[0], demo.scratch("1")) == testing::read_file(song));
  EXPECT_TRUE(curl_bytes(downloads[1], demo.scratch("2")) == testing::read_file(notes));
  EXPECT_EQ(lines_after(output, "  Stream:   ").size(), 1U) << "audio streams:\n" << output;
  EXPECT_EQ(demo.process().stop(SIGINT, 30s), 0);
}

TEST(Demo, MissingFileIsNamedAndTheDemoKeepsServing) {
  TempDir files{"tglink-demo-files"};
  const std::filesystem::path present = files.path() / "present.bin";
  const std::string missing = (files.path() / "missing.mp4").string();
  write_file(present, "present bytes");
  DemoRun demo{{"--send", missing, present.string()}};
  const std::string output = demo.wait_until_done();

  EXPECT_TRUE(contains(output, "cannot send \"" + missing + "\": no such file")) << output;
  const std::vector<std::string> downloads = lines_after(output, "  Download: ");
  ASSERT_EQ(downloads.size(), 1U) << output;
  EXPECT_EQ(curl_bytes(downloads[0], demo.scratch("got")), "present bytes");
  EXPECT_EQ(testing::http_get(demo.port(), "/api/info").status, 200);
  EXPECT_EQ(demo.process().stop(SIGINT, 30s), 0) << demo.process().output();
}

}  // namespace
}  // namespace tglink::testing
