#include "http/api_info.hpp"

#include <boost/json.hpp>
#include <gtest/gtest.h>

namespace tglink {
namespace {

namespace json = boost::json;

json::object body_of(const HttpResponse& response) {
  return json::parse(response.body).as_object();
}

StatusSnapshot connected_snapshot() {
  StatusSnapshot s;
  s.bot_connected = true;
  s.bot = BotIdentity{123456, "file_bot", "Files"};
  s.bandwidth = BandwidthFigures{true, "", 1610612736, "2026-11"};  // 1.5 GiB
  s.active_streams = 3;
  s.total_users = 42;
  s.uptime = std::chrono::seconds{90061};
  s.now = SystemTime{std::chrono::sys_days{std::chrono::year{2026} / 11 / 21}};
  return s;
}

TEST(ApiInfo, ConnectedNamesTheNodeAndWhetherItLeads) {
  StatusSnapshot snapshot = connected_snapshot();
  snapshot.node = NodeStatus{"edge-2:8080", false};
  const json::object follower = body_of(api_info_response(Config{}, snapshot));
  const json::object& node = follower.at("node").as_object();
  EXPECT_EQ(node.at("id"), "edge-2:8080");
  EXPECT_FALSE(node.at("leader").as_bool());
  EXPECT_EQ(node.size(), 2u);
  // The spec's fields stay as they are beside it.
  EXPECT_EQ(follower.at("status"), "ok");
  EXPECT_EQ(follower.at("totaluser").as_int64(), 42);

  snapshot.node.leader = true;
  EXPECT_TRUE(body_of(api_info_response(Config{}, snapshot)).at("node").at("leader").as_bool());
}

TEST(ApiInfo, ConnectedHasEveryFieldWithTheSpecTypes) {
  Config config;
  config.bandwidth_limit_gb = 100;
  config.force_sub_channels = {-1001234567890};
  const HttpResponse response = api_info_response(config, connected_snapshot());
  ASSERT_EQ(response.status, 200);
  EXPECT_EQ(response.header("Content-Type"), "application/json");
  const json::object body = body_of(response);
  EXPECT_EQ(body.at("status"), "ok");
  EXPECT_EQ(body.at("bot_status"), "connected");
  EXPECT_EQ(body.at("uptime"), "1d 1h 1m 1s");
  EXPECT_EQ(body.at("server_time_utc"), "2026-11-21T00:00:00.000000Z");
  EXPECT_EQ(body.at("totaluser").as_int64(), 42);
  EXPECT_TRUE(body.at("github_repo").is_string());

  const json::object& bot = body.at("bot_info").as_object();
  EXPECT_EQ(bot.at("id").as_int64(), 123456);
  EXPECT_EQ(bot.at("username"), "file_bot");
  EXPECT_EQ(bot.at("first_name"), "Files");
  EXPECT_EQ(bot.at("mention"), "@file_bot");

  const json::object& features = body.at("features").as_object();
  EXPECT_TRUE(features.at("force_subscribe").as_bool());
  EXPECT_EQ(features.at("force_subscribe_channel_id").as_int64(), -1001234567890);
  EXPECT_TRUE(features.at("link_expiry_enabled").as_bool());
  EXPECT_EQ(features.at("link_expiry_duration_seconds").as_int64(), 86400);
  EXPECT_EQ(features.at("link_expiry_duration_human"), "1 day");
  EXPECT_TRUE(features.at("video_streaming").as_bool());
  EXPECT_EQ(features.at("video_frontend_url"), "http://localhost:8080/player");

  const json::object& bandwidth = body.at("bandwidth_info").as_object();
  EXPECT_TRUE(bandwidth.at("limit_enabled").as_bool());
  EXPECT_DOUBLE_EQ(bandwidth.at("limit_gb").to_number<double>(), 100.0);
  EXPECT_DOUBLE_EQ(bandwidth.at("used_gb").to_number<double>(), 1.5);
  EXPECT_EQ(bandwidth.at("used_bytes").as_int64(), 1610612736);
  EXPECT_EQ(bandwidth.at("month"), "2026-11");
  EXPECT_DOUBLE_EQ(bandwidth.at("remaining_gb").to_number<double>(), 98.5);

  const json::object& streaming = body.at("streaming_info").as_object();
  EXPECT_EQ(streaming.at("active_streams").as_int64(), 3);
  EXPECT_EQ(streaming.at("supported_formats").as_array(),
            (json::array{"mp4", "mkv", "avi", "webm", "mov"}));
  EXPECT_TRUE(streaming.at("range_requests_supported").as_bool());
  EXPECT_TRUE(streaming.at("seeking_supported").as_bool());
  // Without a converter the player says so instead of implying it plays every format listed.
  EXPECT_EQ(streaming.at("player_conversion"), "off");
  StatusSnapshot converting = connected_snapshot();
  converting.player_conversion = "remux and transcode";
  converting.player_confinement = "seccomp, Landlock files";
  const json::object converting_info =
      body_of(api_info_response(Config{}, converting)).at("streaming_info").as_object();
  EXPECT_EQ(converting_info.at("player_conversion"), "remux and transcode");
  EXPECT_EQ(converting_info.at("player_confinement"), "seccomp, Landlock files");
}

TEST(ApiInfo, DisconnectedIsTheSpecErrorForm) {
  StatusSnapshot snapshot = connected_snapshot();
  snapshot.bot_connected = false;
  const HttpResponse response = api_info_response(Config{}, snapshot);
  ASSERT_EQ(response.status, 500);
  const json::object body = body_of(response);
  EXPECT_EQ(body.at("status"), "error");
  EXPECT_EQ(body.at("bot_status"), "disconnected");
  EXPECT_TRUE(body.at("message").is_string());
  EXPECT_EQ(body.at("uptime"), "0s");
  EXPECT_EQ(body.at("totaluser").as_int64(), 0);
  const json::object& bandwidth = body.at("bandwidth_info").as_object();
  EXPECT_FALSE(bandwidth.at("limit_enabled").as_bool());
  EXPECT_TRUE(bandwidth.at("error").is_string());
  EXPECT_EQ(body.size(), 6u);
}

TEST(ApiInfo, UnreadableBandwidthIsReportedNotHidden) {
  StatusSnapshot snapshot = connected_snapshot();
  snapshot.bandwidth = BandwidthFigures{false, "database is locked", 0, ""};
  const json::object body = body_of(api_info_response(Config{}, snapshot));
  const json::object& bandwidth = body.at("bandwidth_info").as_object();
  EXPECT_FALSE(bandwidth.at("limit_enabled").as_bool());
  EXPECT_EQ(bandwidth.at("error"), "database is locked");
}

TEST(ApiInfo, FrontendSwitchedOffAndNoExpiry) {
  Config config;
  config.video_frontend_enabled = false;
  config.link_expiry = std::chrono::seconds{0};
  const json::object body = body_of(api_info_response(config, connected_snapshot()));
  const json::object& features = body.at("features").as_object();
  EXPECT_EQ(features.at("video_frontend_url"), "");
  EXPECT_FALSE(features.at("link_expiry_enabled").as_bool());
  EXPECT_EQ(features.at("force_subscribe_channel_id").as_int64(), 0);
  const json::object& bandwidth = body.at("bandwidth_info").as_object();
  EXPECT_FALSE(bandwidth.at("limit_enabled").as_bool());
}

}  // namespace
}  // namespace tglink
