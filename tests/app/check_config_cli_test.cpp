// `tglink check-config` as a user runs it: the real binary, a bare environment.
#include <fstream>

#include <gtest/gtest.h>

#include "support/temp_dir.hpp"
#include "support/tglink_process.hpp"

namespace tglink {
namespace {

using testing::CompletedRun;
using testing::run_tglink;
using testing::TempDir;

CompletedRun check_config(const TempDir& dir, std::map<std::string, std::string> env) {
  return run_tglink(
      {.args = {"check-config"}, .env = std::move(env), .working_directory = dir.path()});
}

const std::map<std::string, std::string> kValid{
    {"BOT_TOKEN", "123456789:AAEabcdefghijklmnopqrstuvwxyz0123456"},
    {"API_ID", "12345"},
    {"API_HASH", "0123456789abcdef0123456789abcdef"},
    {"LOG_CHANNEL", "-1001234567890"}};

// The valid settings with `changes` added or put in place of theirs.
std::map<std::string, std::string> valid_with(std::map<std::string, std::string> changes) {
  changes.insert(kValid.begin(), kValid.end());  // keeps the changed values
  return changes;
}

TEST(CheckConfigCli, EmptyEnvironmentListsEveryRequiredVariable) {
  TempDir dir;
  const CompletedRun run = check_config(dir, {});
  EXPECT_EQ(run.status, 2);
  for (const char* name : {"BOT_TOKEN", "API_ID", "API_HASH", "LOG_CHANNEL"}) {
    EXPECT_NE(run.output.find(name), std::string::npos) << name << " missing from:\n" << run.output;
  }
}

TEST(CheckConfigCli, BadPortIsNamedWithWhatIsWrong) {
  TempDir dir;
  const CompletedRun run = check_config(dir, valid_with({{"PORT", "abc"}}));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("PORT"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("\"abc\" is not a port number"), std::string::npos) << run.output;
}

TEST(CheckConfigCli, ValidSettingsPassAndSecretsStayHidden) {
  TempDir dir;
  const CompletedRun run = check_config(dir, kValid);
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_EQ(run.output.find("AAEabcdefghijklmnopqrstuvwxyz0123456"), std::string::npos);
  EXPECT_EQ(run.output.find("0123456789abcdef0123456789abcdef"), std::string::npos);
}

TEST(CheckConfigCli, ReadsDotEnvFromTheWorkingDirectory) {
  TempDir dir;
  std::ofstream(dir.path() / ".env") << "BOT_TOKEN=123456789:AAEabcdefghijklmnopqrstuvwxyz0123456\n"
                                        "API_ID=12345\nAPI_HASH=0123456789abcdef0123456789abcdef\n"
                                        "LOG_CHANNEL=-1001234567890\n";
  EXPECT_EQ(check_config(dir, {}).status, 0);
  const CompletedRun overridden = check_config(dir, {{"API_ID", "not-a-number"}});
  EXPECT_EQ(overridden.status, 2) << "the environment must win over .env";
  EXPECT_NE(overridden.output.find("API_ID"), std::string::npos);
}

TEST(CheckConfigCli, ABrokenDotEnvLineIsNamedWithoutItsContent) {
  TempDir dir;
  std::ofstream(dir.path() / ".env") << "API_ID=1\nthis line has no equals sign SECRETVALUE\n";
  const CompletedRun run = check_config(dir, {});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find(":2:"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("SECRETVALUE"), std::string::npos);
}

TEST(CheckConfigCli, SharedDatabaseWithAGeneratedKeyIsRefusedWithTheReason) {
  TempDir dir;
  std::map<std::string, std::string> env =
      valid_with({{"DATABASE_URL", "postgresql://tglink:DbSECRETVALUE@db.example.com/tglink"}});
  const CompletedRun refused = check_config(dir, env);
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.output.find("SECRET_KEY: must be set when DATABASE_URL is"), std::string::npos)
      << refused.output;
  EXPECT_EQ(refused.output.find("SECRETVALUE"), std::string::npos) << refused.output;

  env["SECRET_KEY"] = "the-same-key-on-every-node";
  const CompletedRun accepted = check_config(dir, env);
  EXPECT_EQ(accepted.status, 0) << accepted.output;
  EXPECT_NE(accepted.output.find("postgresql://tglink:***@db.example.com/tglink"),
            std::string::npos)
      << accepted.output;
  EXPECT_EQ(accepted.output.find("SECRETVALUE"), std::string::npos) << accepted.output;
}

TEST(Cli, UnknownCommandGetsUsage) {
  TempDir dir;
  const CompletedRun run =
      run_tglink({.args = {"frobnicate"}, .env = {}, .working_directory = dir.path()});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.output.find("Usage:"), std::string::npos);
}

// What an operator runs to see which files are converted, and bench/playback.sh to run ffmpeg
// as tglink does: the lists every ffprobe and ffmpeg gets, with no setting needed.
TEST(Cli, MediaFormatsPrintsTheListsFfmpegIsGiven) {
  TempDir dir;
  const CompletedRun run =
      run_tglink({.args = {"media-formats"}, .env = {}, .working_directory = dir.path()});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("format_whitelist mov,matroska,webm,avi,"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("codec_whitelist h264,hevc,"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("protocol_whitelist http,tcp\n"), std::string::npos) << run.output;
  for (const char* opener : {"hls", "dash", "concat", "image2", "magicyuv", "file"}) {
    EXPECT_EQ(run.output.find(std::string(",") + opener + ","), std::string::npos) << opener;
  }
}

// --- check-config --online and healthcheck (selftest/) ---

namespace online {

std::map<std::string, std::string> on_port(std::uint16_t port, const std::string& base_url) {
  return valid_with(
      {{"PORT", std::to_string(port)}, {"BIND_ADDRESS", "127.0.0.1"}, {"BASE_URL", base_url}});
}

CompletedRun run(const TempDir& dir, std::vector<std::string> args,
                 std::map<std::string, std::string> env) {
  env["DATA_DIR"] = (dir.path() / "data").string();
  return run_tglink(
      {.args = std::move(args), .env = std::move(env), .working_directory = dir.path()});
}

// Nothing runs on PORT: a stand-in answers there for the moment of the test.
TEST(CheckConfigOnline, LoopbackBaseUrlPassesAndKeepsItsWarning) {
  TempDir dir;
  const std::uint16_t port = testing::free_tcp_port();
  const std::string base = "http://localhost:" + std::to_string(port);
  const CompletedRun checked = run(dir, {"check-config", "--online"}, on_port(port, base));
  EXPECT_EQ(checked.status, 0) << checked.output;
  EXPECT_NE(checked.output.find("Self-test of " + base + "/_tglink/self-test: passed"),
            std::string::npos)
      << checked.output;
  EXPECT_NE(checked.output.find("work only on this machine"), std::string::npos) << checked.output;
}

TEST(CheckConfigOnline, BaseUrlWhereNothingListensFailsWithTheStep) {
  TempDir dir;
  const std::uint16_t port = testing::free_tcp_port();
  const std::uint16_t elsewhere = testing::free_tcp_port();
  const CompletedRun checked = run(dir, {"check-config", "--online"},
                                   on_port(port, "http://127.0.0.1:" + std::to_string(elsewhere)));
  EXPECT_EQ(checked.status, 1) << checked.output;
  EXPECT_NE(checked.output.find("FAILED at TCP connect"), std::string::npos) << checked.output;
}

TEST(Healthcheck, FailsWhenNothingAnswers) {
  TempDir dir;
  const std::uint16_t port = testing::free_tcp_port();
  const CompletedRun checked = run(dir, {"healthcheck"}, {{"PORT", std::to_string(port)}});
  EXPECT_EQ(checked.status, 1) << checked.output;
  EXPECT_NE(checked.output.find("cannot connect to 127.0.0.1 port " + std::to_string(port)),
            std::string::npos)
      << checked.output;
}

}  // namespace online

}  // namespace
}  // namespace tglink
