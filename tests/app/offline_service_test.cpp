// The real binary with the REAL libtdjson, kept offline (TDLIB_NETWORK=none) with a token that
// is well formed but can never log in: the bot stays disconnected, exactly as a bot without
// network looks in production.
#include <boost/json.hpp>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http/http_server.hpp"
#include "support/build_paths.hpp"
#include "support/http_client.hpp"
#include "support/temp_dir.hpp"
#include "support/tglink_process.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using namespace testing;

// Only turns a hang into a failure; no test here asserts how long a stop took.
constexpr std::chrono::seconds kHangLimit{60};

class OfflineService : public ::testing::Test {
 protected:
  void SetUp() override {
    port_ = free_tcp_port();
    process_ = std::make_unique<TglinkProcess>(TglinkProcessOptions{
        .args = {},
        .env = {{"BOT_TOKEN", "123456789:AAEabcdefghijklmnopqrstuvwxyz0123456"},
                {"API_ID", "12345"},
                {"API_HASH", "0123456789abcdef0123456789abcdef"},
                {"LOG_CHANNEL", "-1001234567890"},
                {"TDLIB_NETWORK", "none"},
                {"TDJSON_PATH", TGLINK_REAL_TDJSON},
                {"BIND_ADDRESS", "127.0.0.1"},
                {"PORT", std::to_string(port_)}},
        .working_directory = dir_.path()});
    ASSERT_TRUE(process_->wait_until_listening(port_)) << process_->output();
  }

  TempDir dir_;
  std::uint16_t port_ = 0;
  std::unique_ptr<TglinkProcess> process_;
};

TEST_F(OfflineService, ApiInfoIsTheSpecErrorForm) {
  const HttpResult result = http_get(port_, "/api/info");
  ASSERT_EQ(result.status, 500) << result.body;
  EXPECT_EQ(result.header("content-type"), "application/json");
  EXPECT_FALSE(result.header("x-ratelimit-limit").empty());
  EXPECT_FALSE(result.header("x-ratelimit-remaining").empty());
  EXPECT_FALSE(result.header("x-ratelimit-reset").empty());
  const json::object body = json::parse(result.body).as_object();
  EXPECT_EQ(body.at("status"), "error");
  EXPECT_EQ(body.at("bot_status"), "disconnected");
  EXPECT_TRUE(body.at("message").is_string());
  EXPECT_EQ(body.at("uptime"), "0s");
  EXPECT_EQ(body.at("totaluser").as_int64(), 0);
  const json::object& bandwidth = body.at("bandwidth_info").as_object();
  EXPECT_EQ(bandwidth.at("limit_enabled"), false);
  EXPECT_TRUE(bandwidth.at("error").is_string());
}

TEST_F(OfflineService, SecretsNeverReachTheLog) {
  (void)http_get(port_, "/api/info");
  EXPECT_EQ(process_->stop(SIGTERM, kHangLimit), 0);
  const std::string output = process_->output();
  EXPECT_EQ(output.find("AAEabcdefghijklmnopqrstuvwxyz0123456"), std::string::npos) << output;
  EXPECT_EQ(output.find("0123456789abcdef0123456789abcdef"), std::string::npos) << output;
}

// The bound is the mechanism's, not a wall-clock figure: a shutdown that waited for the idle
// keep-alive connection would end when the server's idle timeout closes it, so an exit well
// before that timeout shows it did not wait, however loaded the machine.
TEST_F(OfflineService, SigtermWithAnOpenConnectionExitsBeforeTheIdleConnectionTimesOut) {
  // A keep-alive connection that stays open, idle, after its first response.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port_);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  const std::string request = "GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n";
  ASSERT_EQ(::write(fd, request.data(), request.size()), static_cast<ssize_t>(request.size()));
  char buffer[4096];
  ASSERT_GT(::read(fd, buffer, sizeof buffer), 0);

  const std::chrono::seconds idle_timeout = HttpServerOptions{}.idle_timeout;
  EXPECT_EQ(process_->stop(SIGTERM, idle_timeout - std::chrono::seconds(15)), 0)
      << process_->output();
  ::close(fd);
}

TEST_F(OfflineService, SigintAlsoStopsCleanly) {
  EXPECT_EQ(process_->stop(SIGINT, kHangLimit), 0) << process_->output();
}

TEST_F(OfflineService, BadRequestsGetJsonErrors) {
  const HttpResult unknown = http_get(port_, "/nothing-here");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(json::parse(unknown.body).at("status"), "error");
  const HttpResult post =
      http_call(port_, {.method = "POST", .target = "/api/info", .headers = {}, .body = {}});
  EXPECT_EQ(post.status, 405);
}

}  // namespace
}  // namespace tglink
