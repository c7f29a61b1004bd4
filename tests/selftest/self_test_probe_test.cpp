// The self-test against real servers on loopback, one per way a link can fail to open. Each
// failure must come with its own step and words; the good case goes through Caddy with a
// certificate from a CA made for the test.

#include "selftest/self_test_probe.hpp"

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "http/http_server.hpp"
#include "http/router.hpp"
#include "logging/log.hpp"
#include "selftest/self_test_route.hpp"
#include "support/build_paths.hpp"
#include "support/eventually.hpp"
#include "support/loopback.hpp"
#include "support/temp_dir.hpp"

extern char** environ;

namespace tglink {
namespace {

namespace asio = boost::asio;
namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr const char* kNonce = "0123456789abcdef0123456789abcdef";

std::string read(const fs::path& path) {
  std::ifstream file(path);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

// An HTTP listener on 127.0.0.1: tglink's self-test answer under `nonce`, or, without one, a
// server for another service (every path a JSON 404).
class Listener {
 public:
  explicit Listener(std::optional<std::string> nonce) {
    HttpHandler handler = [this](const HttpRequest& r, ResponseChannel& c) {
      return router_.dispatch(r, c);
    };
    if (nonce) {
      handler = with_self_test(std::move(handler), *nonce);
      add_health_route(router_);
    }
    HttpServerOptions options;
    options.bind_address = "127.0.0.1";
    options.port = 0;
    server_ = std::make_unique<HttpServer>(io_, options, std::move(handler), log_);
    server_->start();
    thread_ = std::thread([this] { io_.run(); });
  }
  ~Listener() {
    asio::co_spawn(io_, server_->drain(std::chrono::milliseconds(200)), asio::use_future).wait();
    io_.stop();
    thread_.join();
    server_.reset();
  }
  [[nodiscard]] std::uint16_t port() const { return server_->port(); }

 private:
  Log log_{LogOptions{.console_level = LogLevel::Critical, .ring_capacity = 16, .console = false}};
  asio::io_context io_;
  Router router_;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
};

// A helper program (openssl s_server, caddy) running until the test ends; its output goes to
// `log`.
class Child {
 public:
  Child(const std::vector<std::string>& argv, std::uint16_t port, const fs::path& log) {
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    const int spawned = posix_spawnp(&pid_, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) pid_ = -1;
    if (pid_ > 0) (void)testing::eventually([&] { return testing::accepts_connections(port); });
  }
  ~Child() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  [[nodiscard]] bool started() const { return pid_ > 0; }

 private:
  pid_t pid_ = -1;
};

class SelfTestProbeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string command = std::string(TGLINK_MAKE_TEST_CERTS) + " " + dir_.path().string();
    ASSERT_EQ(std::system(command.c_str()), 0) << "openssl could not make the certificates";
  }

  SelfTestResult probe(const std::string& base_url, const std::string& nonce = kNonce) {
    SelfTestProbeOptions options;
    options.step_timeout = std::chrono::seconds(10);
    options.extra_ca_file = dir_.path() / "ca.pem";
    return probe_self_test_now(base_url, nonce, options);
  }

  // openssl s_server with `cert`, answering any GET with its status page.
  std::unique_ptr<Child> tls_server(const std::string& cert, const std::string& key,
                                    std::uint16_t port) {
    return std::make_unique<Child>(
        std::vector<std::string>{"openssl", "s_server", "-quiet", "-www", "-accept",
                                 std::to_string(port), "-cert", (dir_.path() / cert).string(),
                                 "-key", (dir_.path() / key).string()},
        port, dir_.path() / "s_server.log");
  }

  testing::TempDir dir_{"tglink-selftest"};
};

// The first line of the answer to a bare GET, over a plain socket.
std::string status_line(std::uint16_t port, const std::string& path) {
  const int fd = testing::connect_loopback(port, 10);
  if (fd < 0) return {};
  const std::string request = "GET " + path + " HTTP/1.0\r\n\r\n";
  (void)!::write(fd, request.data(), request.size());
  std::string answer;
  char chunk[4096];
  for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) answer.append(chunk, n);
  ::close(fd);
  return answer.substr(0, answer.find("\r\n"));
}

TEST_F(SelfTestProbeTest, HealthzAnswersWithoutTelegram) {
  const Listener tglink{kNonce};
  EXPECT_EQ(status_line(tglink.port(), "/healthz"), "HTTP/1.1 200 OK");
}

TEST_F(SelfTestProbeTest, OwnListenerOnLoopbackPasses) {
  const Listener tglink{kNonce};
  const SelfTestResult result = probe("http://127.0.0.1:" + std::to_string(tglink.port()));
  EXPECT_TRUE(result.passed()) << describe(result);
}

TEST_F(SelfTestProbeTest, ClosedPortIsATcpConnectFailure) {
  const std::uint16_t port = testing::free_loopback_port();
  const SelfTestResult result = probe("http://127.0.0.1:" + std::to_string(port));
  EXPECT_EQ(result.step, SelfTestStep::kTcpConnect) << describe(result);
  EXPECT_THAT(result.message,
              HasSubstr("nothing accepts connections at 127.0.0.1 port " + std::to_string(port)));
}

TEST_F(SelfTestProbeTest, ServerForAnotherServiceIsNamed) {
  const Listener other{std::nullopt};
  const SelfTestResult result = probe("http://127.0.0.1:" + std::to_string(other.port()));
  EXPECT_EQ(result.step, SelfTestStep::kOtherService) << describe(result);
  EXPECT_THAT(result.message, HasSubstr("HTTP 404"));
  EXPECT_THAT(result.message, HasSubstr("that is not tglink"));
}

TEST_F(SelfTestProbeTest, AnotherTglinkIsNotThisOne) {
  const Listener old{"ffffffffffffffffffffffffffffffff"};
  const SelfTestResult result = probe("http://127.0.0.1:" + std::to_string(old.port()));
  EXPECT_EQ(result.step, SelfTestStep::kOtherInstance) << describe(result);
  EXPECT_THAT(result.message, HasSubstr("another process than this one"));
}

// A proxy that passes /files/... on unchanged looks, to tglink, like a wrong path prefix.
TEST_F(SelfTestProbeTest, UnstrippedPrefixIsAPathPrefixFailure) {
  const Listener tglink{kNonce};
  const SelfTestResult result =
      probe("http://127.0.0.1:" + std::to_string(tglink.port()) + "/files");
  EXPECT_EQ(result.step, SelfTestStep::kPathPrefix) << describe(result);
  EXPECT_THAT(result.message, HasSubstr("\"/files\" still in front"));
}

// A certificate openssl s_server presents that the probe must refuse at the TLS step, and the
// words that say why.
struct BadCertificate {
  std::string name;  // of the test case
  std::string cert;
  std::string key;
  std::string host;  // the link's host name
  std::string says;
};

class SelfTestBadCertificate : public SelfTestProbeTest,
                               public ::testing::WithParamInterface<BadCertificate> {};

TEST_P(SelfTestBadCertificate, IsATlsFailureThatSaysWhy) {
  const BadCertificate& bad = GetParam();
  const std::uint16_t port = testing::free_loopback_port();
  const auto server = tls_server(bad.cert, bad.key, port);
  ASSERT_TRUE(server->started());
  const SelfTestResult result = probe("https://" + bad.host + ":" + std::to_string(port));
  EXPECT_EQ(result.step, SelfTestStep::kTls) << describe(result);
  EXPECT_THAT(result.message, HasSubstr(bad.says));
}

INSTANTIATE_TEST_SUITE_P(
    Certificates, SelfTestBadCertificate,
    ::testing::Values(BadCertificate{"SelfSignedIsAChainFailure", "self.pem", "self.key",
                                     "localhost", "self-signed certificate"},
                      BadCertificate{"ExpiredIsAnExpiryFailure", "expired.pem", "good.key",
                                     "localhost", "expired on"},
                      BadCertificate{"ForAnotherNameIsANameFailure", "good.pem", "good.key",
                                     "127.0.0.1", "is for localhost, not for 127.0.0.1"}),
    [](const ::testing::TestParamInfo<BadCertificate>& info) { return info.param.name; });

TEST_F(SelfTestProbeTest, PlainHttpOnAnHttpsAddressIsATlsFailure) {
  const Listener tglink{kNonce};
  const SelfTestResult result = probe("https://127.0.0.1:" + std::to_string(tglink.port()));
  EXPECT_EQ(result.step, SelfTestStep::kTls) << describe(result);
  EXPECT_THAT(result.message, HasSubstr("does not complete a TLS handshake"));
}

TEST_F(SelfTestProbeTest, ThroughCaddyWithAGoodCertificatePasses) {
  const Listener tglink{kNonce};
  const std::uint16_t port = testing::free_loopback_port();
  std::ofstream(dir_.path() / "Caddyfile")
      << "{\n  admin off\n  auto_https off\n}\n"
      << "https://localhost:" << port << " {\n"
      << "  tls " << (dir_.path() / "good.pem").string() << ' '
      << (dir_.path() / "good.key").string() << '\n'
      << "  reverse_proxy 127.0.0.1:" << tglink.port() << "\n}\n";
  ::setenv("XDG_DATA_HOME", (dir_.path() / "caddy-data").c_str(), 1);
  ::setenv("XDG_CONFIG_HOME", (dir_.path() / "caddy-config").c_str(), 1);
  const Child caddy(
      {"caddy", "run", "--adapter", "caddyfile", "--config", (dir_.path() / "Caddyfile").string()},
      port, dir_.path() / "caddy.log");
  ASSERT_TRUE(caddy.started());
  const SelfTestResult result = probe("https://localhost:" + std::to_string(port));
  EXPECT_TRUE(result.passed()) << describe(result) << "\nCaddy's log:\n"
                               << read(dir_.path() / "caddy.log");
  EXPECT_THAT(result.message, HasSubstr("certificate"));
}

}  // namespace
}  // namespace tglink
