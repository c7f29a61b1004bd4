// Real children: started from an argv without a shell, reaped, killed on timeout and at the end.

#include "playback/child_process.hpp"

#include <thread>

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/temp_dir.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;

// True when `pid` is no child of ours any more (reaped: no zombie left).
bool reaped(int pid) { return waitpid(pid, nullptr, WNOHANG) == -1 && errno == ECHILD; }

std::vector<ChildExit> reap_until(PosixProcessRunner& runner, std::size_t count) {
  std::vector<ChildExit> exits;
  for (int i = 0; i < 500 && exits.size() < count; ++i) {
    for (const ChildExit& exit : runner.reap()) exits.push_back(exit);
    if (exits.size() < count) std::this_thread::sleep_for(10ms);
  }
  return exits;
}

TEST(ChildProcess, CapturesOutputWithoutAShell) {
  // The argument would expand in a shell; here it reaches the program as it is.
  const CapturedRun run = run_captured({"echo", "$HOME; `id`"}, {}, 5s, 1024);
  ASSERT_TRUE(run.started);
  ASSERT_TRUE(run.exit);
  EXPECT_TRUE(run.exit->success);
  EXPECT_EQ(run.output, "$HOME; `id`\n");
}

TEST(ChildProcess, AHangingChildIsKilledAtTheTimeoutAndReaped) {
  const CapturedRun run = run_captured({"sleep", "30"}, {}, 200ms, 1024);
  EXPECT_TRUE(run.timed_out);
  ASSERT_TRUE(run.exit);
  EXPECT_TRUE(run.exit->signalled);
  EXPECT_TRUE(reaped(run.exit->pid));
}

TEST(ChildProcess, TooMuchOutputIsCutOff) {
  const CapturedRun run = run_captured({"yes"}, {}, 5s, 4096);
  EXPECT_TRUE(run.output_too_large);
  ASSERT_TRUE(run.exit);
  EXPECT_TRUE(reaped(run.exit->pid));
}

TEST(ChildProcess, AMissingProgramDoesNotStart) {
  const CapturedRun run = run_captured({"/nonexistent/ffprobe"}, {}, 1s, 1024);
  EXPECT_FALSE(run.started);
  EXPECT_FALSE(run.error.empty());
  PosixProcessRunner runner;
  std::string error;
  EXPECT_FALSE(runner.spawn({"/nonexistent/ffmpeg"}, {}, {}, error));
  EXPECT_FALSE(error.empty());
}

TEST(ChildProcess, TheRunnerReapsExitsAndKills) {
  testing::TempDir dir;
  PosixProcessRunner runner;
  std::string error;
  const std::optional<int> quick = runner.spawn({"true"}, {}, dir.path() / "err.log", error);
  const std::optional<int> slow = runner.spawn({"sleep", "30"}, {}, {}, error);
  ASSERT_TRUE(quick && slow) << error;
  std::vector<ChildExit> exits = reap_until(runner, 1);
  ASSERT_EQ(exits.size(), 1u);
  EXPECT_EQ(exits[0].pid, *quick);
  EXPECT_TRUE(exits[0].success);
  runner.signal(*slow, SIGKILL);
  exits = reap_until(runner, 1);
  ASSERT_EQ(exits.size(), 1u);
  EXPECT_TRUE(exits[0].signalled);
  EXPECT_EQ(runner.running(), 0u);
  EXPECT_TRUE(reaped(*quick));
  EXPECT_TRUE(reaped(*slow));
}

TEST(ChildProcess, NothingOutlivesTheRunner) {
  int pid = 0;
  {
    PosixProcessRunner runner;
    std::string error;
    pid = runner.spawn({"sleep", "30"}, {}, {}, error).value_or(0);
    ASSERT_GT(pid, 0) << error;
  }
  EXPECT_TRUE(reaped(pid));
  EXPECT_NE(kill(pid, 0), 0);
}

TEST(ChildProcess, FindsProgramsOnThePath) {
  EXPECT_TRUE(find_program("sh"));
  EXPECT_FALSE(find_program("tglink-no-such-program"));
  EXPECT_FALSE(find_program(""));
}

}  // namespace
}  // namespace tglink
