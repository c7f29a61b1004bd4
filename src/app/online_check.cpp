#include "app/online_check.hpp"

#include <optional>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>

#include "app/local_port.hpp"
#include "http/http_server.hpp"
#include "http/router.hpp"
#include "logging/log.hpp"
#include "selftest/self_test_answer.hpp"
#include "selftest/self_test_nonce_file.hpp"
#include "selftest/self_test_probe.hpp"
#include "selftest/self_test_route.hpp"

namespace tglink {

namespace {

namespace asio = boost::asio;

// The probe against a listener of our own, up only while it runs.
SelfTestResult probe_with_stand_in(const Config& config) {
  asio::io_context io;
  Log log{LogOptions{.ring_capacity = 16, .console = false}};
  Router router;
  add_health_route(router);
  const std::string nonce = make_self_test_nonce();
  HttpServerOptions options;
  options.bind_address = config.bind_address;
  options.port = config.port;
  options.max_connections = 16;
  HttpServer server(io, options,
                    with_self_test([&router](const HttpRequest& r,
                                             ResponseChannel& c) { return router.dispatch(r, c); },
                                   nonce),
                    log);
  server.start();
  std::optional<SelfTestResult> result;
  const SelfTestProbeOptions probe_options;  // named: see probe_self_test() on GCC 12
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        result = co_await probe_self_test(config.base_url, nonce, probe_options);
        co_await server.drain(std::chrono::milliseconds(500));
        io.stop();
      },
      asio::detached);
  io.run();
  return *result;
}

}  // namespace

int run_online_check(const Config& config, std::ostream& out, std::ostream& err) {
  SelfTestResult result;
  if (someone_listens_on(config.bind_address, config.port)) {
    const std::optional<std::string> nonce = read_self_test_nonce(config.data_dir);
    if (!nonce) {
      err << "Self-test: something listens on port " << config.port << ", but "
          << self_test_nonce_path(config.data_dir).string()
          << " is missing: is it this tglink (same DATA_DIR)? Stop it, or run this beside it.\n";
      return 1;
    }
    out << "\nSelf-test against the tglink running on port " << config.port << ":\n";
    result = probe_self_test_now(config.base_url, *nonce);
  } else {
    out << "\nSelf-test with a stand-in listener on " << config.bind_address << " port "
        << config.port << " (tglink is not running):\n";
    result = probe_with_stand_in(config);
  }
  (result.passed() ? out : err) << "  " << describe(result) << '\n';
  return result.passed() ? 0 : 1;
}

}  // namespace tglink
