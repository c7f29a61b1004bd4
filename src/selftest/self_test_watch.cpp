#include "selftest/self_test_watch.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "logging/log.hpp"
#include "metrics/metric_registry.hpp"
#include "selftest/self_test_schedule.hpp"

namespace tglink {

SelfTestWatch::SelfTestWatch(std::string base_url, std::string nonce, Log& log,
                             SelfTestProbeOptions options)
    : base_url_(std::move(base_url)),
      nonce_(std::move(nonce)),
      log_(log),
      options_(std::move(options)) {}

boost::asio::awaitable<void> SelfTestWatch::run(const Clock& clock, std::chrono::seconds interval) {
  SelfTestSchedule schedule{clock, interval};
  boost::asio::steady_timer timer{co_await boost::asio::this_coro::executor};
  for (;;) {
    SelfTestResult result = co_await probe_self_test(base_url_, nonce_, options_);
    const SelfTestSchedule::Next next = schedule.after_run(result.passed());
    record(std::move(result), next.startup_retry ? next.delay : std::nullopt);
    if (!next.delay) co_return;
    timer.expires_after(*next.delay);
    co_await timer.async_wait(boost::asio::use_awaitable);
  }
}

void SelfTestWatch::record(SelfTestResult result,
                           std::optional<std::chrono::seconds> startup_retry_in) {
  const bool news = !last_ || last_->step != result.step;
  if (!result.passed() && startup_retry_in) {
    log_.info("{} (the proxy may still be starting: next try in {} s)", describe(result),
              startup_retry_in->count());
  } else if (!result.passed()) {
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
