#pragma once
// Database work off the I/O thread (docs/performance.md "The database off the I/O thread").
//
// A Store call is one round trip to the database: microseconds for SQLite in DATA_DIR, at least a
// network round trip for PostgreSQL on another machine, and seconds when that database is slow or
// its network is cut. Made on the single I/O thread, each such call would stop every connection of
// the node meanwhile. A StoreExecutor runs that work instead:
//
//   - kWorker: on `workers` threads of their own (one by default), in the order given, as many at
//     once as there are workers (with a StorePool of as many connections, store/store_pool.hpp).
//     run() is awaited by a coroutine, which resumes on its own executor (the I/O thread) once the
//     work is done, with its result or its exception; the I/O thread serves other connections
//     meanwhile. What the work touches must be safe on every worker: a StorePool, or a
//     connection (the lease's) of an executor with one worker.
//   - kInline: on the calling thread, at once. For SQLite, whose calls are shorter than the two
//     thread hand-overs a worker would add, so one node on SQLite behaves exactly as before.
//
// post_job() is for the periodic jobs (flushes, heartbeat, lease renewal): fire and forget, and a
// job whose previous run of the same name is still queued or running is skipped, so a hung
// database makes a job wait, never pile up behind itself. A job that throws is logged.

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {

class Log;

class StoreExecutor {
 public:
  enum class Mode { kInline, kWorker };

  StoreExecutor(Mode mode, Log& log, std::size_t workers = 1);
  // Runs what is queued, then joins the worker.
  ~StoreExecutor();
  StoreExecutor(const StoreExecutor&) = delete;
  StoreExecutor& operator=(const StoreExecutor&) = delete;

  [[nodiscard]] Mode mode() const { return mode_; }

  // Runs `work()` and answers its result (or rethrows its exception) to the awaiting coroutine,
  // on that coroutine's executor.
  template <typename Work>
  boost::asio::awaitable<std::invoke_result_t<Work&>> run(Work work) {
    using Result = std::invoke_result_t<Work&>;
    if (!pool_) co_return work();
    co_return co_await boost::asio::co_spawn(
        pool_->get_executor(),
        [work = std::move(work)]() mutable -> boost::asio::awaitable<Result> { co_return work(); },
        boost::asio::use_awaitable);
  }

  // Queues `job` under `name`; false (and nothing queued) while a job of that name is queued or
  // running. Inline, the job runs before this returns.
  bool post_job(const std::string& name, std::function<void()> job);

  // Jobs queued or running now (for tests and logs).
  [[nodiscard]] std::size_t jobs_in_flight();

 private:
  void run_job(const std::string& name, const std::function<void()>& job);

  const Mode mode_;
  Log& log_;
  std::mutex mutex_;
  std::set<std::string> in_flight_;
  std::unique_ptr<boost::asio::thread_pool> pool_;  // the workers; null inline
};

}  // namespace tglink
