// TELEGRAM_PROXY: the real binary on the simulator sends addProxy (enabled) before
// the bot token, the simulator (which checks addProxy as TDLib does) accepts it, and the
// proxy's password never reaches the log.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>
#include <vector>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/eventually.hpp"
#include "support/sim_harness.hpp"
#include "support/text_contains.hpp"

namespace tglink::testing {
namespace {

TEST(TelegramProxyEndToEnd, AddProxyComesBeforeTheBotTokenAndIsAccepted) {
  testing::SimHarnessOptions options;
  testing::TempDir logs("tglink-proxy-log");
  const std::filesystem::path request_log = logs.path() / "requests.jsonl";
  options.env["TELEGRAM_PROXY"] = "socks5://alice:proxy-pass-42@127.0.0.1:1080";
  options.env["TGLINK_SIM_REQUEST_LOG"] = request_log.string();
  testing::SimHarness harness(options);  // waits until the bot is connected

  std::ifstream lines(request_log);
  std::string line;
  std::vector<std::string> types;
  boost::json::object proxy_request;
  while (std::getline(lines, line)) {
    const boost::json::object request = boost::json::parse(line).as_object();
    types.emplace_back(request.at("@type").as_string());
    if (types.back() == "addProxy") proxy_request = request;
  }
  const auto position = [&types](const std::string& type) {
    return std::find(types.begin(), types.end(), type) - types.begin();
  };
  ASSERT_LT(position("addProxy"), static_cast<std::ptrdiff_t>(types.size()));
  EXPECT_LT(position("addProxy"), position("checkAuthenticationBotToken"));
  EXPECT_LT(position("addProxy"), position("setTdlibParameters"));
  EXPECT_EQ(proxy_request.at("enable"), true);
  EXPECT_EQ(proxy_request.at("proxy").at("server"), "127.0.0.1");
  EXPECT_EQ(proxy_request.at("proxy").at("port"), 1080);

  const std::string output = harness.process().output();
  EXPECT_EQ(output.find("addProxy failed"), std::string::npos) << output;
  EXPECT_EQ(output.find("proxy-pass-42"), std::string::npos);
  EXPECT_NE(output.find("socks5://alice:***@127.0.0.1:1080"), std::string::npos);
}

// A bot that loses Telegram for 60 s gets one WARNING naming what to check; /api/info keeps its
// 500 form meanwhile. Waits out the real 60 s grace (about 65 s with the 5 s check).
TEST(TelegramProxyEndToEnd, ABotOfflineForAMinuteGetsOneWarningSayingWhatToCheck) {
  testing::SimHarnessOptions options;
  options.env["TELEGRAM_PROXY"] = "http://127.0.0.1:3128";
  testing::SimHarness harness(options);
  harness.sim().fault(testing::SimHarness::kMainBotId, "disconnect");
  ASSERT_TRUE(harness.wait_for_api_status(500));
  const std::string warning = "main bot lost its connection to Telegram 60 s ago";
  (void)eventually([&] { return harness.process().output().find(warning) != std::string::npos; },
                   std::chrono::seconds(150), std::chrono::milliseconds(500));
  const std::string output = harness.process().output();
  ASSERT_NE(output.find(warning), std::string::npos) << output;
  EXPECT_NE(output.find("DNS"), std::string::npos);
  EXPECT_NE(output.find("TELEGRAM_PROXY=http://127.0.0.1:3128"), std::string::npos);
  EXPECT_EQ(harness.get("/api/info").status, 500);
  std::this_thread::sleep_for(std::chrono::seconds(6));  // one more check: still one warning
  EXPECT_EQ(count_of(harness.process().output(), warning), 1u);
  harness.sim().fault(testing::SimHarness::kMainBotId, "reconnect");
  EXPECT_TRUE(harness.wait_for_api_status(200));
}

TEST(TelegramProxyEndToEnd, CheckConfigNamesABadProxy) {
  testing::TempDir dir("tglink-proxy-check");
  const testing::CompletedRun run = testing::run_tglink(testing::TglinkProcessOptions{
      .args = {"check-config"},
      .env = {{"BOT_TOKEN", testing::SimHarness::kMainBotToken},
              {"API_ID", "1"},
              {"API_HASH", "00000000000000000000000000000000"},
              {"LOG_CHANNEL", std::to_string(testing::SimHarness::kLogChannel)},
              {"TELEGRAM_PROXY", "socks5://bob:hidden-pass@proxy"}},
      .working_directory = dir.path()});
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.output.find("TELEGRAM_PROXY"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("hidden-pass"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace tglink::testing
