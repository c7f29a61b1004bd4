// Metrics: GET /metrics on the real binary over the simulator. A download moves the
// byte counters by exactly the file's size; the scrape passes `promtool check metrics`; the
// token guards the main port, METRICS_ADDRESS needs none, and with neither /metrics is 404.
#include <limits>
#include <map>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "e2e/streaming_support.hpp"
#include "sim/control_client.hpp"
#include "support/eventually.hpp"
#include "support/metrics_scrape.hpp"
#include "support/promtool.hpp"

namespace tglink::testing {
namespace {

using namespace std::chrono_literals;

constexpr const char* kToken = "metrics-token-0123456789abcdef";

HttpResult scrape_main_port(SimHarness& harness, const std::string& authorization) {
  HttpCall call;
  call.target = "/metrics";
  if (!authorization.empty()) call.headers["Authorization"] = authorization;
  return harness.call(call);
}

std::map<std::string, double> scrape(SimHarness& harness) {
  const HttpResult result = scrape_main_port(harness, std::string("Bearer ") + kToken);
  EXPECT_EQ(result.status, 200) << result.body;
  return parse_scrape(result.body);
}

// A series of the scrape. A missing one fails the test instead of reading as 0, so a check
// that a counter is 0 cannot pass because the counter is gone.
double value(const std::map<std::string, double>& samples, const std::string& key) {
  const auto found = samples.find(key);
  if (found == samples.end()) {
    ADD_FAILURE() << key << " is missing from the scrape";
    return std::numeric_limits<double>::quiet_NaN();
  }
  return found->second;
}

// A series before the event a test counts: a labelled series appears once first counted, so
// there its absence is 0. What the event leaves behind is read with value().
double baseline(const std::map<std::string, double>& samples, const std::string& key) {
  const auto found = samples.find(key);
  return found == samples.end() ? 0.0 : found->second;
}

// Polls until `key` has grown by at least `delta` since `before` (its updates may trail the
// response by an updateFile).
std::map<std::string, double> wait_for_growth(SimHarness& harness,
                                              const std::map<std::string, double>& before,
                                              const std::string& key, double delta) {
  std::map<std::string, double> now;
  (void)eventually([&] {
    now = scrape(harness);
    return baseline(now, key) - baseline(before, key) >= delta;
  });
  return now;
}

// The token set, and the metrics served on a listener of their own at 127.0.0.1:`port` too.
SimHarnessOptions with_metrics_listener(std::uint16_t port) {
  return with_env(
      {{"METRICS_TOKEN", kToken}, {"METRICS_ADDRESS", "127.0.0.1:" + std::to_string(port)}});
}

TEST(MetricsEndToEnd, ADownloadMovesTheByteCountersByExactlyItsSize) {
  const std::uint16_t metrics_port = free_tcp_port();
  SimHarness harness(with_metrics_listener(metrics_port));
  const std::uint64_t size = 3 * 1024 * 1024 + 4321;
  const auto bytes = static_cast<double>(size);
  const testing::PostedFile file = testing::post_file(harness, harness.make_file("m.bin", size));
  const std::map<std::string, double> before = scrape(harness);

  const HttpResult download = harness.get("/dl/" + file.token + "/m.bin");
  ASSERT_EQ(download.status, 200);
  ASSERT_TRUE(download.complete);
  ASSERT_EQ(download.body.size(), size);

  const std::string bot = "{bot=\"" + std::to_string(SimHarness::kMainBotId) + "\"}";
  const std::string downloaded = "tglink_telegram_downloaded_bytes_total" + bot;
  const std::map<std::string, double> after = wait_for_growth(harness, before, downloaded, bytes);
  const auto delta = [&](const std::string& key) {
    return value(after, key) - baseline(before, key);
  };
  EXPECT_EQ(delta("tglink_http_response_bytes_total{route=\"/dl\"}"), bytes);
  EXPECT_EQ(delta("tglink_http_requests_total{route=\"/dl\",code=\"200\"}"), 1);
  EXPECT_EQ(delta(downloaded), bytes);
  EXPECT_EQ(delta("tglink_cache_served_bytes_total{result=\"hit\"}") +
                delta("tglink_cache_served_bytes_total{result=\"miss\"}"),
            bytes);
  EXPECT_EQ(value(after, "tglink_bots_connected"), 1);
  EXPECT_EQ(value(after, "tglink_build_info{version=\"" TGLINK_VERSION "\"}"), 1);
  EXPECT_GE(value(after, "tglink_cache_disk_bytes"), bytes);
  EXPECT_EQ(after.count("tglink_http_connections"), 1U);
  EXPECT_EQ(value(after, "tglink_http_bodies_waiting"), 0);  // the download is over
  EXPECT_GT(value(after, "process_resident_memory_bytes"), 0);
  EXPECT_GT(value(after, "process_open_fds"), 0);

  // The same file again comes from disk: hits grow by its size, Telegram is not asked again.
  const HttpResult again = harness.get("/dl/" + file.token);
  ASSERT_EQ(again.status, 200);
  const std::map<std::string, double> cached = scrape(harness);
  EXPECT_EQ(value(cached, "tglink_cache_served_bytes_total{result=\"hit\"}") -
                value(after, "tglink_cache_served_bytes_total{result=\"hit\"}"),
            bytes);
  EXPECT_EQ(value(cached, downloaded), value(after, downloaded));
}

TEST(MetricsEndToEnd, AFloodedBotsHandOverIsCountedAgainstIt) {
  constexpr std::int64_t kExtraBot = 1000000002;
  SimHarness harness(
      with_env({{"METRICS_TOKEN", kToken},
                {"ADDITIONAL_BOT_TOKENS", "1000000002:SIMtoken_extra_bot_one_for_end_to_end"}}));
  const std::map<std::string, double> before =
      wait_for_growth(harness, {}, "tglink_bots_connected", 2);
  ASSERT_EQ(value(before, "tglink_bots_connected"), 2);
  const std::uint64_t size = 2 * 1024 * 1024 + 77;
  const testing::PostedFile file = testing::post_file(harness, harness.make_file("f.bin", size));
  // Every part the main bot asks for is flood-waited for good: it gives the range up.
  harness.sim().fault(SimHarness::kMainBotId, "flood", {{"count", -1}, {"retry_after", 1}});
  const HttpResult got = harness.get("/dl/" + file.token);
  ASSERT_EQ(got.status, 200);
  ASSERT_TRUE(got.complete);
  const std::string main_bot = "{bot=\"" + std::to_string(SimHarness::kMainBotId) + "\"}";
  const std::string extra_bot = "{bot=\"" + std::to_string(kExtraBot) + "\"}";
  const std::map<std::string, double> after =
      wait_for_growth(harness, before, "tglink_telegram_downloaded_bytes_total" + extra_bot,
                      static_cast<double>(size));
  harness.sim().fault(SimHarness::kMainBotId, "clear");
  EXPECT_EQ(value(after, "tglink_download_handovers_total" + main_bot), 1);
  EXPECT_EQ(value(after, "tglink_download_handovers_total" + extra_bot), 0);
  EXPECT_EQ(value(after, "tglink_telegram_downloaded_bytes_total" + extra_bot),
            static_cast<double>(size));
  EXPECT_EQ(value(after, "tglink_http_response_bytes_total{route=\"/dl\"}"),
            static_cast<double>(size));
}

TEST(MetricsEndToEnd, TheScrapePassesPromtoolAndTheTokenGuardsTheMainPort) {
  const std::uint16_t metrics_port = free_tcp_port();
  SimHarness harness(with_metrics_listener(metrics_port));
  ASSERT_TRUE(harness.process().wait_until_listening(metrics_port));
  // The listener's own scrapes are not counted; the harness has polled /api/info already.
  const std::map<std::string, double> before =
      parse_scrape(testing::http_get(metrics_port, "/metrics").body);
  (void)harness.get("/api/info");
  (void)harness.get("/no-such-page");

  EXPECT_EQ(scrape_main_port(harness, "").status, 401);
  EXPECT_EQ(scrape_main_port(harness, "Bearer wrong-token-0123456789").status, 401);
  const HttpResult listener = testing::http_get(metrics_port, "/metrics");
  ASSERT_EQ(listener.status, 200);
  EXPECT_EQ(listener.header("content-type"), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(testing::http_get(metrics_port, "/api/info").status, 404);  // metrics only

  const testing::PromtoolVerdict verdict = testing::promtool_check_metrics(listener.body);
  EXPECT_EQ(verdict.exit_code, 0) << verdict.output << "\n" << listener.body;
  EXPECT_EQ(verdict.output, "");
  const std::map<std::string, double> after = parse_scrape(listener.body);
  const auto delta = [&](const std::string& key) {
    return value(after, key) - baseline(before, key);
  };
  EXPECT_EQ(delta("tglink_http_requests_total{route=\"/metrics\",code=\"401\"}"), 2);
  EXPECT_EQ(delta("tglink_http_requests_total{route=\"other\",code=\"404\"}"), 1);
  EXPECT_EQ(delta("tglink_http_requests_total{route=\"/api/info\",code=\"200\"}"), 1);
  EXPECT_EQ(harness.process().output().find(kToken), std::string::npos);
}

TEST(MetricsEndToEnd, LinksMadeAndUploadsRefusedAreCountedByReason) {
  constexpr std::int64_t kUser = 5550001;
  SimHarness harness(with_env({{"METRICS_TOKEN", kToken}, {"MAX_FILE_SIZE", "100000"}}));
  harness.sim().create_user(kUser, "Ann");
  const auto send = [&](const std::string& name, std::uint64_t size, std::size_t replies) {
    sim::SendFileRequest request;
    request.user_id = kUser;
    request.path = harness.make_file(name, size).string();
    request.kind = "document";
    request.mime_type = "application/octet-stream";
    harness.sim().send_file(request);
    EXPECT_GE(harness.sim().wait_messages(kUser, replies, 30000).size(), replies);
  };
  send("small.bin", 1000, 1);
  send("large.bin", 200000, 2);
  // The link is counted once its reply is confirmed, which may trail the reply the user sees.
  const std::map<std::string, double> samples =
      wait_for_growth(harness, {}, "tglink_links_created_total", 1);
  EXPECT_EQ(value(samples, "tglink_links_created_total"), 1);
  EXPECT_EQ(value(samples, "tglink_uploads_refused_total{reason=\"too_large\"}"), 1);
}

TEST(MetricsEndToEnd, WithoutSettingsMetricsIs404) {
  SimHarness harness;
  EXPECT_EQ(scrape_main_port(harness, std::string("Bearer ") + kToken).status, 404);
}

}  // namespace
}  // namespace tglink::testing
