// Error cases: 404, 410, 416, 429 (rate limit and bandwidth) and 503 from /dl and
// /stream on the simulator, each with its JSON body and headers.
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "e2e/streaming_support.hpp"
#include "support/eventually.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

// The spec's error body, and the headers every response carries.
void expect_json_error(const HttpResult& r, int status, const std::string& error_code) {
  ASSERT_EQ(r.status, status) << r.body;
  EXPECT_EQ(r.header("content-type").rfind("application/json", 0), 0U) << r.header("content-type");
  const json::object body = json::parse(r.body).as_object();
  EXPECT_EQ(body.at("status"), "error");
  EXPECT_EQ(std::string(body.at("error_code").as_string()), error_code);
  EXPECT_FALSE(body.at("message").as_string().empty());
  EXPECT_FALSE(r.header("x-ratelimit-limit").empty());
  EXPECT_FALSE(r.header("x-ratelimit-remaining").empty());
  EXPECT_FALSE(r.header("x-ratelimit-reset").empty());
}

std::int64_t retry_after(const HttpResult& r) {
  const std::string value = r.header("retry-after");
  return value.empty() ? -1 : std::stoll(value);
}

TEST(ErrorCases, InvalidTamperedAndDeletedLinksAre404) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("x.bin", 100));
  harness.sim().reset_counters();
  std::string tampered = file.token;
  tampered[tampered.size() / 2] = tampered[tampered.size() / 2] == 'A' ? 'B' : 'A';
  expect_json_error(harness.get("/dl/" + tampered), 404, "LINK_NOT_FOUND");
  expect_json_error(harness.get("/stream/not-a-token/x.mp4"), 404, "LINK_NOT_FOUND");
  EXPECT_EQ(harness.sim().counters(SimHarness::kMainBotId).requests.size(), 0U)
      << "a bad link makes no Telegram call";

  boost::json::object deleted;
  deleted["chat_id"] = SimHarness::kLogChannel;
  deleted["message_id"] = file.message_id;
  harness.sim().fault(SimHarness::kMainBotId, "delete_message", deleted);
  expect_json_error(harness.get("/dl/" + file.token), 404, "FILE_NOT_FOUND");
}

TEST(ErrorCases, ExpiredLinkIs410WithoutTelegram) {
  SimHarness harness;
  const PostedFile file =
      testing::post_file(harness, harness.make_file("old.bin", 100), "application/octet-stream",
                         "document", SystemTime{std::chrono::seconds{1'000'000'000}});
  harness.sim().reset_counters();
  expect_json_error(harness.get("/dl/" + file.token), 410, "LINK_EXPIRED");
  expect_json_error(harness.get("/stream/" + file.token), 410, "LINK_EXPIRED");
  EXPECT_EQ(harness.sim().counters(SimHarness::kMainBotId).requests.size(), 0U);
}

TEST(ErrorCases, RangeOutsideTheFileIs416WithItsSize) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("r.bin", 4095));
  HttpCall call;
  call.target = "/stream/" + file.token;
  call.headers["Range"] = "bytes=4095-";
  const HttpResult r = harness.call(call);
  expect_json_error(r, 416, "RANGE_NOT_SATISFIABLE");
  EXPECT_EQ(r.header("content-range"), "bytes */4095");
}

TEST(ErrorCases, RateLimitIs429WithRetryAfter) {
  SimHarnessOptions options;
  options.env["RATE_LIMIT_BURST"] = "3";
  options.env["RATE_LIMIT_PER_MINUTE"] = "1";
  options.wait_connected = false;  // its polling would spend the small bucket
  SimHarness harness{options};
  (void)eventually([&] { return !harness.sim().bots().empty(); });
  const PostedFile file = testing::post_file(harness, harness.make_file("rl.bin", 10));
  HttpResult last;
  for (int i = 0; i < 4; ++i) last = harness.get("/dl/" + file.token);
  expect_json_error(last, 429, "RATE_LIMITED");
  EXPECT_GE(retry_after(last), 1);
  EXPECT_EQ(last.header("x-ratelimit-remaining"), "0");
}

TEST(ErrorCases, MonthlyBandwidthUsedUpIs429UntilNextMonth) {
  SimHarnessOptions options;
  options.env["BANDWIDTH_LIMIT_GB"] = "0.000001";  // about 1 KiB
  SimHarness harness{options};
  const PostedFile file = testing::post_file(harness, harness.make_file("bw.bin", 4095));
  const HttpResult first = harness.get("/dl/" + file.token);
  EXPECT_EQ(first.status, 200) << "under the limit when it started";
  const HttpResult refused = harness.get("/stream/" + file.token);
  expect_json_error(refused, 429, "BANDWIDTH_LIMIT_EXCEEDED");
  EXPECT_GE(retry_after(refused), 1);
  EXPECT_LE(retry_after(refused), 31 * 86400);
  const json::object info = json::parse(harness.get("/api/info").body).as_object();
  EXPECT_EQ(info.at("bandwidth_info").at("used_bytes").to_number<std::int64_t>(), 4095);
}

// Bytes are counted as they are sent and saved at shutdown, so a restart keeps the month's figure.
TEST(Bandwidth, UsedBytesSurviveARestart) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("keep.bin", 5000));
  ASSERT_EQ(harness.get("/dl/" + file.token).status, 200);
  HttpCall range;
  range.target = "/stream/" + file.token;
  range.headers["Range"] = "bytes=100-199";
  ASSERT_EQ(harness.call(range).status, 206);
  const auto used = [&] {
    const json::object info = json::parse(harness.get("/api/info").body).as_object();
    return info.at("bandwidth_info").at("used_bytes").to_number<std::int64_t>();
  };
  EXPECT_EQ(used(), 5100);
  EXPECT_EQ(harness.stop(), 0);
  harness.restart();
  ASSERT_TRUE(harness.wait_for_api_status(200));
  EXPECT_EQ(used(), 5100);
}

TEST(ErrorCases, NoConnectedBotIs503WithRetryAfter) {
  SimHarness harness;
  const PostedFile file = testing::post_file(harness, harness.make_file("d.bin", 100));
  harness.sim().fault(SimHarness::kMainBotId, "disconnect");
  ASSERT_TRUE(harness.wait_for_api_status(500));
  const HttpResult r = harness.get("/dl/" + file.token);
  expect_json_error(r, 503, "SERVICE_UNAVAILABLE");
  EXPECT_GE(retry_after(r), 1);
}

}  // namespace
}  // namespace tglink::testing
