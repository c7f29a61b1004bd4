// The store executor: work runs on its worker and the awaiting coroutine resumes on its own
// thread with the result or the exception; named jobs never pile up behind themselves.
#include "store/store_executor.hpp"

#include <atomic>
#include <future>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "store/store.hpp"
#include "support/io_wait.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;

struct Ran {
  std::thread::id work_thread;
  std::thread::id resumed_thread;
  int result = 0;
};

asio::awaitable<void> run_on(StoreExecutor& executor, Ran& ran) {
  ran.result = co_await executor.run([&ran] {
    ran.work_thread = std::this_thread::get_id();
    return 42;
  });
  ran.resumed_thread = std::this_thread::get_id();
}

// Runs run_on() to its end on an io_context of this thread.
Ran ran_on(StoreExecutor::Mode mode) {
  Log log;
  StoreExecutor executor(mode, log);
  asio::io_context io;
  Ran ran;
  bool done = false;
  asio::co_spawn(io, run_on(executor, ran), [&done](const std::exception_ptr&) { done = true; });
  EXPECT_TRUE(testing::run_until(io, [&] { return done; }));
  return ran;
}

TEST(StoreExecutor, WorkerRunsOffTheCallingThreadAndResumesOnIt) {
  const Ran ran = ran_on(StoreExecutor::Mode::kWorker);
  EXPECT_EQ(ran.result, 42);
  EXPECT_NE(ran.work_thread, std::this_thread::get_id());
  EXPECT_EQ(ran.resumed_thread, std::this_thread::get_id());
}

TEST(StoreExecutor, InlineRunsOnTheCallingThread) {
  const Ran ran = ran_on(StoreExecutor::Mode::kInline);
  EXPECT_EQ(ran.result, 42);
  EXPECT_EQ(ran.work_thread, std::this_thread::get_id());
}

asio::awaitable<std::string> failing_work(StoreExecutor& executor) {
  try {
    co_await executor.run([] { throw StoreError("server closed the connection"); });
  } catch (const StoreError& e) {
    co_return e.what();
  }
  co_return "no error";
}

TEST(StoreExecutor, TheWorksErrorReachesTheAwaitingCoroutine) {
  Log log;
  StoreExecutor executor(StoreExecutor::Mode::kWorker, log);
  asio::io_context io;
  std::string error;
  bool done = false;
  asio::co_spawn(io, failing_work(executor), [&](const std::exception_ptr&, std::string text) {
    error = std::move(text);
    done = true;
  });
  ASSERT_TRUE(testing::run_until(io, [&] { return done; }));
  EXPECT_EQ(error, "server closed the connection");
}

TEST(StoreExecutor, AJobOfTheSameNameIsSkippedWhileOneIsUnderWay) {
  Log log;
  StoreExecutor executor(StoreExecutor::Mode::kWorker, log);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<int> runs{0};
  ASSERT_TRUE(executor.post_job("flush", [&runs, released] {
    ++runs;
    released.wait();
  }));
  EXPECT_FALSE(executor.post_job("flush", [&runs] { ++runs; }));  // the first is still there
  EXPECT_TRUE(executor.post_job("heartbeat", [] {}));             // another name is queued
  release.set_value();
  asio::io_context io;
  ASSERT_TRUE(testing::run_until(io, [&] { return executor.jobs_in_flight() == 0; }));
  EXPECT_EQ(runs.load(), 1);
  EXPECT_TRUE(executor.post_job("flush", [] {}));  // free again once it has ended
}

TEST(StoreExecutor, AFailingJobIsLoggedAndFreesItsName) {
  Log log;
  StoreExecutor executor(StoreExecutor::Mode::kInline, log);
  EXPECT_TRUE(executor.post_job("flush", [] { throw StoreError("database is locked"); }));
  EXPECT_EQ(executor.jobs_in_flight(), 0U);
  EXPECT_TRUE(executor.post_job("flush", [] {}));
}

// With several workers a job held by a slow database does not hold up the next one.
TEST(StoreExecutor, SeveralWorkersRunJobsAtOnce) {
  Log log;
  StoreExecutor executor(StoreExecutor::Mode::kWorker, log, 2);
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  std::atomic<bool> second_ran{false};
  ASSERT_TRUE(executor.post_job("slow", [released] { released.wait(); }));
  ASSERT_TRUE(executor.post_job("quick", [&second_ran] { second_ran = true; }));
  asio::io_context io;
  EXPECT_TRUE(testing::run_until(io, [&] { return second_ran.load(); }));
  EXPECT_EQ(executor.jobs_in_flight(), 1U);  // the slow one is still under way
  release.set_value();
  EXPECT_TRUE(testing::run_until(io, [&] { return executor.jobs_in_flight() == 0; }));
}

}  // namespace
}  // namespace tglink
