// A running child as a local attacker would look at it: /proc/PID/environ holds nothing of
// ours, /proc/PID/fd nothing but stdin, stdout and stderr, /proc/PID/limits the limits asked
// for, /proc/PID/status no_new_privs. And a child never outlives the process that started it,
// even when that process is killed with SIGKILL.

#include "playback/child_confinement.hpp"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "playback/child_process.hpp"
#include "support/eventually.hpp"
#include "support/loopback_socket.hpp"
#include "support/proc_files.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Key;
using ::testing::Not;
using testing::port_of;
using testing::read_proc;

std::vector<std::string> environment_of(int pid) {
  const std::string raw = read_proc(pid, "environ");
  std::vector<std::string> variables;
  std::size_t start = 0;
  while (start < raw.size()) {
    const std::size_t end = raw.find('\0', start);
    variables.push_back(raw.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return variables;
}

// The "Max ..." line of /proc/PID/limits.
std::string limit_line(int pid, const std::string& name) {
  std::istringstream lines(read_proc(pid, "limits"));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.starts_with(name)) return line;
  }
  return {};
}

// Waits until the exec'd program is the one asked for (the environment is the new one then).
bool wait_for_exec(int pid, const std::string& program) {
  for (int i = 0; i < 500; ++i) {
    if (read_proc(pid, "comm").starts_with(program)) return true;
    std::this_thread::sleep_for(10ms);
  }
  return false;
}

// A listening socket, as tglink holds one, deliberately without SOCK_CLOEXEC: the child must
// not have it all the same.
int listening_socket() { return testing::loopback_socket(SOCK_STREAM, testing::OnExec::kInherit); }

// Whether a child confined to `allowed` could open a TCP connection to 127.0.0.1:`port`
// (bash's /dev/tcp: a plain connect()).
bool child_connects(std::uint16_t port, const ChildLimits& limits) {
  const CapturedRun run = run_captured(
      {"bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/" + std::to_string(port)}, limits, 30s, 1024);
  return run.exit && run.exit->success;
}

TEST(ChildConfinement, LimitsScaleWithTheMediaAndHaveAFloor) {
  ConfinementSettings settings;
  settings.cpu_per_media_second = 4;
  EXPECT_EQ(limits_for(settings, 0).cpu_seconds, kMinCpuSeconds);
  EXPECT_EQ(limits_for(settings, 10).cpu_seconds, kMinCpuSeconds);
  EXPECT_EQ(limits_for(settings, 3600).cpu_seconds, 4u * 3600u);
  EXPECT_EQ(limits_for(settings, 1e300).cpu_seconds, 1'000'000'000'000u);
  EXPECT_EQ(limits_for(settings, -5).cpu_seconds, kMinCpuSeconds);
  EXPECT_EQ(limits_for(settings, 1).address_space_bytes, settings.memory_bytes);
  EXPECT_EQ(limits_for(settings, 1).file_size_bytes, settings.file_bytes);
  EXPECT_EQ(limits_for(settings, 1).open_files, settings.open_files);
}

TEST(ChildConfinement, ARunningChildHoldsNoSecretNoSocketOfOursAndItsLimits) {
  setenv("BOT_TOKEN", "123456:secret-token-of-the-bot", 1);
  setenv("SECRET_KEY", "the-signing-key", 1);
  const int socket_fd = listening_socket();
  ASSERT_GE(socket_fd, 3);
  ChildLimits limits;
  limits.address_space_bytes = 512ull << 20;
  limits.cpu_seconds = 200;
  limits.file_size_bytes = 64ull << 20;
  limits.open_files = 32;
  PosixProcessRunner runner;
  std::string error;
  const std::optional<int> pid = runner.spawn({"sleep", "30"}, limits, {}, error);
  ASSERT_TRUE(pid) << error;
  ASSERT_TRUE(wait_for_exec(*pid, "sleep"));

  EXPECT_THAT(environment_of(*pid), ElementsAre("PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C"));
  EXPECT_THAT(testing::descriptors_of(*pid), ElementsAre(Key("0"), Key("1"), Key("2")));
  EXPECT_THAT(limit_line(*pid, "Max address space"), HasSubstr(std::to_string(512ull << 20)));
  EXPECT_THAT(limit_line(*pid, "Max cpu time"), HasSubstr("200"));
  EXPECT_THAT(limit_line(*pid, "Max file size"), HasSubstr(std::to_string(64ull << 20)));
  EXPECT_THAT(limit_line(*pid, "Max open files"), HasSubstr("32"));
  const std::string status = read_proc(*pid, "status");
  EXPECT_THAT(status, HasSubstr("NoNewPrivs:\t1"));
  EXPECT_THAT(read_proc(*pid, "cmdline"), Not(HasSubstr("secret")));
  close(socket_fd);
  unsetenv("BOT_TOKEN");
  unsetenv("SECRET_KEY");
}

TEST(ChildConfinement, WithLandlockAChildConnectsToTheSourcePortOnly) {
  const int abi = landlock_abi();
  if (abi < kLandlockNetworkAbi) GTEST_SKIP() << "Landlock ABI " << abi << " has no TCP rules";
  if (!find_program("bash")) GTEST_SKIP() << "no bash";
  const int source = listening_socket();
  const int elsewhere = listening_socket();
  ConfinementSettings settings;
  settings.source_port = port_of(source);
  settings.landlock_abi = abi;
  EXPECT_EQ(limits_for(settings, 10).only_tcp_port, port_of(source));
  // The network rules alone: bash is not one of the programs the file rules let a child run.
  ChildLimits limits;
  limits.only_tcp_port = port_of(source);
  limits.landlock_abi = abi;
  EXPECT_TRUE(child_connects(port_of(source), limits));
  EXPECT_FALSE(child_connects(port_of(elsewhere), limits));
  EXPECT_TRUE(child_connects(port_of(elsewhere), ChildLimits{}));  // the check itself works
  EXPECT_THAT(confinement_summary(settings),
              HasSubstr("TCP connections to port " + std::to_string(port_of(source)) + " only"));
  close(source);
  close(elsewhere);
}

TEST(ChildConfinement, WithoutLandlockTheLogSaysSo) {
  ConfinementSettings settings;
  settings.source_port = 8080;
  EXPECT_THAT(confinement_summary(settings), HasSubstr("Landlock unavailable"));
  EXPECT_EQ(limits_for(settings, 1).only_tcp_port, 0);
}

TEST(ChildConfinement, RequiredRefusesConversionsWhereTheKernelCannotConfineThem) {
  ConfinementSettings bare;  // no filter, no Landlock: a kernel that has neither
  EXPECT_TRUE(confinement_refuses(bare));
  EXPECT_EQ(confinement_in_force(bare), "none");
  EXPECT_THAT(confinement_summary(bare), HasSubstr("conversions are refused"));
  bare.mode = ConfinementMode::kAvailable;
  EXPECT_FALSE(confinement_refuses(bare));
  EXPECT_THAT(confinement_summary(bare), HasSubstr("CONVERTER_CONFINEMENT=available"));

  ConfinementSettings here;
  here.source_port = 8080;
  apply_confinement_state(here, detect_confinement(), "ffmpeg", "ffprobe");
  if (!here.syscalls || here.landlock_abi < kLandlockFileAbi) {
    GTEST_SKIP() << "this kernel lacks seccomp or Landlock (ABI " << here.landlock_abi << ")";
  }
  EXPECT_FALSE(confinement_refuses(here));
  EXPECT_THAT(confinement_in_force(here), HasSubstr("seccomp, Landlock files"));
  EXPECT_THAT(confinement_summary(here), HasSubstr("a system-call filter"));
  EXPECT_THAT(confinement_summary(here), HasSubstr("Landlock file rules"));
}

TEST(ChildConfinement, AChildOverItsCpuLimitIsStoppedByTheKernel) {
  ChildLimits limits;
  limits.cpu_seconds = 1;
  const CapturedRun run = run_captured({"sh", "-c", "while :; do :; done"}, limits, 60s, 1024);
  ASSERT_TRUE(run.exit);
  EXPECT_FALSE(run.timed_out);
  EXPECT_TRUE(run.exit->signalled);
  EXPECT_THAT(run.exit->code, ::testing::AnyOf(SIGXCPU, SIGKILL));
}

TEST(ChildConfinement, AChildCannotWriteAFileOverItsLimit) {
  ChildLimits limits;
  limits.file_size_bytes = 1 << 20;
  const fs::path file = fs::temp_directory_path() / ("tglink-fsize-" + std::to_string(getpid()));
  const CapturedRun run = run_captured(
      {"dd", "if=/dev/zero", "of=" + file.string(), "bs=1M", "count=4"}, limits, 30s, 1024);
  ASSERT_TRUE(run.exit);
  EXPECT_FALSE(run.exit->success);
  EXPECT_LE(fs::file_size(file), 1u << 20);
  fs::remove(file);
}

// The "tglink" here is a forked copy of this test that starts a child, then is SIGKILLed: the
// child must go with it (parent-death signal), even though nobody reaps or signals it.
TEST(ChildConfinement, NoChildOutlivesAKilledParent) {
  int pids[2];
  ASSERT_EQ(pipe(pids), 0);
  const pid_t parent = fork();
  ASSERT_GE(parent, 0);
  if (parent == 0) {
    close(pids[0]);
    PosixProcessRunner runner;
    std::string error;
    const int child = runner.spawn({"sleep", "60"}, {}, {}, error).value_or(0);
    [[maybe_unused]] const ssize_t sent = write(pids[1], &child, sizeof child);
    pause();
    _exit(0);
  }
  close(pids[1]);
  int child = 0;
  ASSERT_EQ(read(pids[0], &child, sizeof child), static_cast<ssize_t>(sizeof child));
  close(pids[0]);
  ASSERT_GT(child, 0);
  ASSERT_TRUE(wait_for_exec(child, "sleep"));
  kill(parent, SIGKILL);
  waitpid(parent, nullptr, 0);
  // Gone, or a zombie waiting for init to reap it: either way it runs no more.
  EXPECT_TRUE(testing::eventually([&] { return !testing::running(child); }, 10s, 10ms));
}

}  // namespace
}  // namespace tglink
