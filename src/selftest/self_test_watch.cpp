#include "selftest/self_test_watch.hpp"

#include "logging/log.hpp"
#include "metrics/metric_registry.hpp"

namespace tglink {

SelfTestWatch::SelfTestWatch(std::string base_url, std::string nonce, Log& log,
                             SelfTestProbeOptions options)
    : base_url_(std::move(base_url)),
      nonce_(std::move(nonce)),
      log_(log),
      options_(std::move(options)) {}

boost::asio::awaitable<void> SelfTestWatch::run_once() {
  if (running_) co_return;
  running_ = true;
  SelfTestResult result = co_await probe_self_test(base_url_, nonce_, options_);
  running_ = false;
  record(std::move(result));
}

void SelfTestWatch::record(SelfTestResult result) {
  const bool news = !last_ || last_->step != result.step;
  if (!result.passed()) {
    log_.warning("{}", describe(result));
  } else if (news) {
    log_.info("{}", describe(result));
  }
  last_ = std::move(result);
}

void SelfTestWatch::register_metrics(metrics::Registry& registry) const {
  registry.gauge_from(
      "tglink_self_test_passed",
      "1 when the last fetch of BASE_URL's self-test path reached this process, else 0.", {},
      [this] {
        std::vector<metrics::Sample> samples;
        if (last_) samples.push_back(metrics::Sample{{}, last_->passed() ? 1.0 : 0.0});
        return samples;
      });
  registry.gauge_from(
      "tglink_self_test_failed_step",
      "1 for the step at which the last self-test failed (dns, tcp_connect, "
      "tls, http_status, other_service, other_instance, path_prefix).",
      {"step"}, [this] {
        std::vector<metrics::Sample> samples;
        if (last_ && !last_->passed()) {
          samples.push_back(metrics::Sample{{std::string(step_name(last_->step))}, 1.0});
        }
        return samples;
      });
}

}  // namespace tglink
