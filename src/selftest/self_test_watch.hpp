#pragma once
// Runs the self-test at start, again quickly while the proxy in front may still be starting,
// then every SELF_TEST_INTERVAL (SelfTestSchedule); keeps the last result for the admins' /stats
// and /metrics, and logs: a failure during the start-up retries as information with the time
// of the next try, any other failure as a warning, a pass when it is the first result or
// follows a failure (a steady pass stays quiet).

#include <chrono>
#include <optional>
#include <string>

#include <boost/asio/awaitable.hpp>

#include "selftest/self_test_probe.hpp"
#include "selftest/self_test_result.hpp"

namespace tglink {

class Clock;
class Log;
namespace metrics {
class Registry;
}

class SelfTestWatch {
 public:
  SelfTestWatch(std::string base_url, std::string nonce, Log& log,
                SelfTestProbeOptions options = {});

  // Runs the self-test until no run is due any more (never, with an interval); the caller
  // stops it with its io_context. Call once.
  boost::asio::awaitable<void> run(const Clock& clock, std::chrono::seconds interval);

  [[nodiscard]] const std::optional<SelfTestResult>& last() const { return last_; }
  [[nodiscard]] const std::string& nonce() const { return nonce_; }

  // tglink_self_test_passed (1 or 0, absent before the first run) and
  // tglink_self_test_failed_step{step="dns"|...} (1 for the step that failed last).
  void register_metrics(metrics::Registry& registry) const;

  // Takes a result as run() does; `startup_retry_in` is the delay of a quick start-up retry.
  void record(SelfTestResult result,
              std::optional<std::chrono::seconds> startup_retry_in = std::nullopt);

 private:
  std::string base_url_;
  std::string nonce_;
  Log& log_;
  SelfTestProbeOptions options_;
  std::optional<SelfTestResult> last_;
};

}  // namespace tglink
