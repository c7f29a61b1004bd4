#include "ops/periodic_jobs.hpp"

#include <stdexcept>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "logging/log.hpp"

namespace tglink {

namespace asio = boost::asio;

// Shared with the loop coroutine, so stop() can cancel the timer and the loop can see it stop
// even after the runner itself is gone.
struct PeriodicJobs::Ticker {
  explicit Ticker(asio::io_context& io) : timer(io) {}
  asio::steady_timer timer;
  bool stopped = false;
};

namespace {

asio::awaitable<void> tick_loop(std::shared_ptr<void> keep, PeriodicJobs* jobs,
                                asio::steady_timer& timer, const bool& stopped,
                                std::chrono::milliseconds tick) {
  while (!stopped) {
    timer.expires_after(tick);
    boost::system::error_code ec;
    co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    if (stopped) break;
    jobs->run_due();
  }
  (void)keep;
}

}  // namespace

void PeriodicJobs::add(PeriodicJob job) {
  if (job.every <= std::chrono::steady_clock::duration::zero()) {
    throw std::invalid_argument("periodic job '" + job.name + "': interval must be positive");
  }
  if (!job.run) throw std::invalid_argument("periodic job '" + job.name + "': nothing to run");
  const SteadyTime first = clock_.steady_now() + job.every;
  jobs_.push_back(Scheduled{std::move(job), first});
}

std::size_t PeriodicJobs::run_due() {
  const SteadyTime now = clock_.steady_now();
  std::size_t ran = 0;
  for (Scheduled& scheduled : jobs_) {
    if (now < scheduled.next_due) continue;
    run_one(scheduled, now);
    ++ran;
  }
  return ran;
}

void PeriodicJobs::run_one(Scheduled& scheduled, SteadyTime now) {
  scheduled.next_due = now + scheduled.job.every;
  try {
    scheduled.job.run();
  } catch (const std::exception& e) {
    log_.warning("Periodic job '{}' failed: {}", scheduled.job.name, e.what());
  }
}

void PeriodicJobs::start(asio::io_context& io, std::chrono::milliseconds tick) {
  stop();
  ticker_ = std::make_shared<Ticker>(io);
  asio::co_spawn(io, tick_loop(ticker_, this, ticker_->timer, ticker_->stopped, tick),
                 asio::detached);
}

void PeriodicJobs::stop() {
  if (!ticker_) return;
  ticker_->stopped = true;
  ticker_->timer.cancel();
  ticker_.reset();
}

}  // namespace tglink
