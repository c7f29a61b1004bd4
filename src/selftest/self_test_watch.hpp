#pragma once
// Runs the self-test at start and every SELF_TEST_INTERVAL, keeps the last result for the
// admins' /stats and /metrics, and logs: every failure as a warning, a pass when it is the
// first result or follows a failure (a steady pass stays quiet).

#include <chrono>
#include <optional>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "selftest/self_test_probe.hpp"
#include "selftest/self_test_result.hpp"

namespace tglink {

class Log;
namespace metrics {
class Registry;
}

class SelfTestWatch {
 public:
  SelfTestWatch(std::string base_url, std::string nonce, Log& log,
                SelfTestProbeOptions options = {});

  // One fetch; a second call while one runs returns at once.
  boost::asio::awaitable<void> run_once();

  [[nodiscard]] const std::optional<SelfTestResult>& last() const { return last_; }
  [[nodiscard]] const std::string& nonce() const { return nonce_; }

  // tglink_self_test_passed (1 or 0, absent before the first run) and
  // tglink_self_test_failed_step{step="dns"|...} (1 for the step that failed last).
  void register_metrics(metrics::Registry& registry) const;

  // Takes a result as run_once() does; for tests of the logging rule.
  void record(SelfTestResult result);

 private:
  std::string base_url_;
  std::string nonce_;
  Log& log_;
  SelfTestProbeOptions options_;
  std::optional<SelfTestResult> last_;
  bool running_ = false;
};

}  // namespace tglink
