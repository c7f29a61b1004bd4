// The job manager over a fake process runner and a fake clock: what starts, what waits, what
// restarts, what stops and what is deleted. "ffmpeg writing a segment" is the test creating the
// file in the job's folder.

#include "playback/job_manager.hpp"

#include <fstream>
#include <map>

#include <gtest/gtest.h>
#include <signal.h>

#include "logging/log.hpp"
#include "support/fake_clock.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
using testing::FakeClock;
using testing::TempDir;

class FakeRunner final : public ProcessRunner {
 public:
  struct Spawned {
    int pid;
    std::vector<std::string> argv;
  };
  std::optional<int> spawn(const std::vector<std::string>& argv, const ChildLimits&,
                           const fs::path&, std::string& error) override {
    if (fail_next) {
      fail_next = false;
      error = "no such program";
      return std::nullopt;
    }
    const int pid = next_pid++;
    spawned.push_back({pid, argv});
    alive.insert(pid);
    return pid;
  }
  void signal(int pid, int signal_number) override {
    signals.emplace_back(pid, signal_number);
    if (signal_number == SIGSTOP || signal_number == SIGCONT) return;  // paused, not gone
    if (alive.erase(pid) > 0) exited.push_back(ChildExit{pid, false, true, signal_number});
  }
  std::vector<ChildExit> reap() override { return std::exchange(exited, {}); }

  // The process ends on its own.
  void finish(int pid, bool success) {
    if (alive.erase(pid) > 0) exited.push_back(ChildExit{pid, success, false, success ? 0 : 1});
  }

  int next_pid = 100;
  bool fail_next = false;
  std::vector<Spawned> spawned;
  std::set<int> alive;
  std::vector<ChildExit> exited;
  std::vector<std::pair<int, int>> signals;
};

class JobManagerTest : public ::testing::Test {
 protected:
  JobManagerTest() : manager_(settings(), runner_, clock_, log_) { manager_.clean_start(); }

  JobSettings settings() {
    JobSettings s;
    s.root = dir_.path() / "hls";
    s.transcode_slots = 1;
    s.remux_slots = 2;
    s.restart_ahead = 3;
    s.idle_stop = std::chrono::seconds{60};
    s.cache_idle = std::chrono::seconds{900};
    s.cache_bytes = 1000;
    s.keep_behind = 2;
    s.free_bytes = [this](const fs::path&) { return free_bytes_; };
    s.min_free_bytes = 1000;
    return s;
  }

  static JobSpec spec(std::string key, ConversionMode mode, std::string viewer = "1.1.1.1") {
    JobSpec s;
    s.key = std::move(key);
    s.mode = mode;
    s.segment_count = 100;
    s.viewer = std::move(viewer);
    s.command = [key = s.key, viewer = s.viewer](int start, int run) {
      return JobRun{{"ffmpeg", "start=" + std::to_string(start), "run=" + std::to_string(run),
                     "key=" + key, "by=" + viewer},
                    {},
                    {}};
    };
    return s;
  }

  // Children alive (not killed, not ended) whose run `viewer` asked for, of the jobs whose key
  // starts with `prefix`.
  std::size_t alive_for(const std::string& viewer, const std::string& prefix = "") const {
    std::size_t count = 0;
    for (const FakeRunner::Spawned& child : runner_.spawned) {
      if (runner_.alive.contains(child.pid) && child.argv[4] == "by=" + viewer &&
          child.argv[3].starts_with("key=" + prefix)) {
        ++count;
      }
    }
    return count;
  }

  bool alive(const std::string& key) const {
    for (const FakeRunner::Spawned& child : runner_.spawned) {
      if (runner_.alive.contains(child.pid) && child.argv[3] == "key=" + key) return true;
    }
    return false;
  }

  JobSettings wide_settings() {
    JobSettings s = settings();
    s.transcode_slots = 4;
    s.remux_slots = 8;
    s.cache_bytes = std::uint64_t{1} << 30;
    return s;
  }

  void write_segment(const std::string& key, int n, std::size_t bytes = 10) {
    fs::create_directories(manager_.folder(key));
    std::ofstream(manager_.folder(key) / (std::to_string(n) + ".m4s")) << std::string(bytes, 'x');
  }

  // `job` opened at its first segment, which its run writes before it ends (`succeeded` or
  // not), as tick() then sees it.
  void run_to_end(const JobSpec& job, bool succeeded) {
    manager_.open(job, 0);
    write_segment(job.key, 0);
    runner_.finish(100, succeeded);
    manager_.tick();
  }

  std::optional<std::uint64_t> free_bytes_ = std::uint64_t{1} << 40;
  TempDir dir_;
  FakeClock clock_;
  Log log_;
  FakeRunner runner_;
  JobManager manager_;
};

TEST_F(JobManagerTest, OpenStartsAJobAtTheSegment) {
  EXPECT_EQ(manager_.open(spec("a", ConversionMode::kRemux), 5), 0);
  ASSERT_EQ(runner_.spawned.size(), 1u);
  EXPECT_EQ(runner_.spawned[0].argv[1], "start=5");
  EXPECT_EQ(manager_.running_jobs(), 1u);
}

TEST_F(JobManagerTest, ViewersOfTheSameChoiceShareOneJob) {
  manager_.open(spec("a", ConversionMode::kRemux, "1.1.1.1"), 0);
  manager_.open(spec("a", ConversionMode::kRemux, "2.2.2.2"), 0);
  EXPECT_EQ(manager_.segment(spec("a", ConversionMode::kRemux, "3.3.3.3"), 1).state,
            SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.size(), 1u);
}

TEST_F(JobManagerTest, ASegmentOnDiskIsReadyAndNearOnesAreWaitedFor) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  write_segment("a", 0);
  const SegmentStatus ready = manager_.segment(s, 0);
  EXPECT_EQ(ready.state, SegmentState::kReady);
  EXPECT_EQ(ready.path, manager_.folder("a") / "0.m4s");
  // The job has written 0; 1..4 are at most restart_ahead past its frontier (1).
  EXPECT_EQ(manager_.segment(s, 4).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.size(), 1u);
}

TEST_F(JobManagerTest, InitIsServedOnceTheRunHasWrittenASegment) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  fs::create_directories(manager_.folder("a"));
  std::ofstream(manager_.folder("a") / "init.mp4") << "half";
  EXPECT_EQ(manager_.segment(s, -1).state, SegmentState::kConverting);
  write_segment("a", 0);
  EXPECT_EQ(manager_.segment(s, -1).state, SegmentState::kReady);
}

// A run killed before its first segment may leave init.mp4 cut short; segments of earlier runs
// prove nothing about it.
TEST_F(JobManagerTest, InitOfARunKilledEarlyIsNotServed) {
  const JobSpec s = spec("a", ConversionMode::kTranscode);
  write_segment("a", 0);  // left by an earlier run
  manager_.open(s, 0);    // starts again at 0 all the same (the job was stopped)
  std::ofstream(manager_.folder("a") / "init.mp4") << "half";
  EXPECT_EQ(manager_.segment(s, -1).state, SegmentState::kConverting);
  runner_.signal(100, SIGKILL);  // killed from outside
  manager_.tick();
  EXPECT_NE(manager_.segment(s, -1).state, SegmentState::kReady);
}

// A viewer moved from transcode "a" to "b"; requests for "a" still arrive (a tab closing, or
// their second tab). They start "a" again only with a free slot and never stop "b": before,
// each request for one stopped the other, every 100 ms, while both waited for a segment.
TEST_F(JobManagerTest, ARequestForAReplacedTranscodeDoesNotStopTheNewOne) {
  const JobSpec a = spec("a", ConversionMode::kTranscode, "1.1.1.1");
  const JobSpec b = spec("b", ConversionMode::kTranscode, "1.1.1.1");
  manager_.open(a, 0);
  manager_.open(b, 0);  // the viewer's new choice stops "a"
  ASSERT_EQ(runner_.spawned.size(), 2u);
  for (int poll = 0; poll < 5; ++poll) {
    const SegmentStatus late = manager_.segment(a, 3);
    EXPECT_EQ(late.state, SegmentState::kQueued);
    EXPECT_EQ(late.queue_position, 1);
    EXPECT_EQ(manager_.segment(b, -1).state, SegmentState::kConverting);
  }
  EXPECT_EQ(runner_.spawned.size(), 2u);
  EXPECT_EQ(runner_.alive, std::set<int>{101});
  // Once "b" is over, "a" gets the slot where it was asked for.
  runner_.finish(101, true);
  manager_.tick();
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=3");
}

TEST_F(JobManagerTest, AFarSeekRestartsTheJobThere) {
  const JobSpec s = spec("a", ConversionMode::kTranscode);
  manager_.open(s, 0);
  write_segment("a", 0);
  EXPECT_EQ(manager_.segment(s, 40).state, SegmentState::kConverting);
  ASSERT_EQ(runner_.spawned.size(), 2u);
  EXPECT_EQ(runner_.spawned[1].argv[1], "start=40");
  EXPECT_EQ(runner_.spawned[1].argv[2], "run=1");
  ASSERT_EQ(runner_.signals.size(), 1u);
  EXPECT_EQ(runner_.signals[0], std::make_pair(100, SIGKILL));
  // Back before where the run started, and not on disk: restart again.
  EXPECT_EQ(manager_.segment(s, 10).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=10");
  // Segment 0 is on disk from the first run: served, no restart.
  EXPECT_EQ(manager_.segment(s, 0).state, SegmentState::kReady);
  EXPECT_EQ(runner_.spawned.size(), 3u);
  manager_.tick();  // the killed runs are reaped and forgotten
  EXPECT_EQ(manager_.running_jobs(), 1u);
}

TEST_F(JobManagerTest, TranscodesQueueForASlotInOrder) {
  EXPECT_EQ(manager_.open(spec("a", ConversionMode::kTranscode, "1.1.1.1"), 0), 0);
  EXPECT_EQ(manager_.open(spec("b", ConversionMode::kTranscode, "2.2.2.2"), 3), 1);
  EXPECT_EQ(manager_.open(spec("c", ConversionMode::kTranscode, "3.3.3.3"), 0), 2);
  const SegmentStatus queued =
      manager_.segment(spec("c", ConversionMode::kTranscode, "3.3.3.3"), 0);
  EXPECT_EQ(queued.state, SegmentState::kQueued);
  EXPECT_EQ(queued.queue_position, 2);
  // Remuxes have slots of their own.
  EXPECT_EQ(manager_.open(spec("r", ConversionMode::kRemux), 0), 0);
  EXPECT_EQ(manager_.queued_jobs(), 2u);
  // The first transcode ends: the next in line starts where its viewer asked.
  runner_.finish(100, true);
  manager_.tick();
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=3");
  EXPECT_EQ(manager_.open(spec("c", ConversionMode::kTranscode, "3.3.3.3"), 0), 1);
}

TEST_F(JobManagerTest, OneTranscodePerViewerAddress) {
  JobSettings wide = settings();
  wide.transcode_slots = 4;
  JobManager manager(wide, runner_, clock_, log_);
  manager.open(spec("a", ConversionMode::kTranscode, "1.1.1.1"), 0);
  manager.open(spec("b", ConversionMode::kTranscode, "1.1.1.1"), 0);
  EXPECT_EQ(manager.running_jobs(), 1u);
  EXPECT_EQ(runner_.signals.size(), 1u);  // "a" was stopped for "b"
  // A job someone else also watches is left alone.
  manager.open(spec("c", ConversionMode::kTranscode, "2.2.2.2"), 0);
  manager.open(spec("c", ConversionMode::kTranscode, "1.1.1.1"), 0);
  manager.open(spec("d", ConversionMode::kTranscode, "1.1.1.1"), 0);
  EXPECT_EQ(manager.running_jobs(), 2u);  // c (shared) and d; b was 1.1.1.1's alone
}

TEST_F(JobManagerTest, AJobStopsSoonAfterItsLastViewerAndItsFolderGoesLater) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  write_segment("a", 0);
  clock_.advance(std::chrono::seconds{30});
  manager_.touch("a", "1.1.1.1");  // a playlist request keeps it alive
  clock_.advance(std::chrono::seconds{59});
  manager_.tick();
  EXPECT_EQ(manager_.running_jobs(), 1u);
  clock_.advance(std::chrono::seconds{2});
  manager_.tick();
  EXPECT_EQ(manager_.running_jobs(), 0u);
  EXPECT_TRUE(runner_.alive.empty());
  // Its segments stay for the next viewer...
  EXPECT_EQ(manager_.segment(s, 0).state, SegmentState::kReady);
  EXPECT_EQ(runner_.spawned.size(), 1u);
  // ...until unused for cache_idle.
  clock_.advance(std::chrono::seconds{901});
  manager_.tick();
  EXPECT_FALSE(fs::exists(manager_.folder("a")));
}

TEST_F(JobManagerTest, AFinishedJobServesItsSegmentsAndRestartsForMissingOnes) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  run_to_end(s, true);
  EXPECT_EQ(manager_.running_jobs(), 0u);
  EXPECT_EQ(manager_.segment(s, 0).state, SegmentState::kReady);
  EXPECT_EQ(manager_.segment(s, 50).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=50");
}

TEST_F(JobManagerTest, AFailedJobIsNotRetriedForThePartItFailedOn) {
  const JobSpec s = spec("a", ConversionMode::kTranscode);
  run_to_end(s, false);
  EXPECT_EQ(manager_.segment(s, 1).state, SegmentState::kFailed);
  EXPECT_EQ(runner_.spawned.size(), 1u);
  // Elsewhere in the file it may work: a new run.
  EXPECT_EQ(manager_.segment(s, 60).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.size(), 2u);
}

TEST_F(JobManagerTest, AJobThatCannotStartFails) {
  runner_.fail_next = true;
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  EXPECT_EQ(manager_.segment(s, 0).state, SegmentState::kFailed);
}

TEST_F(JobManagerTest, SegmentsOutsideTheGridAreRefused) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  EXPECT_EQ(manager_.segment(s, 100).state, SegmentState::kOutOfRange);
  EXPECT_EQ(manager_.segment(s, -2).state, SegmentState::kOutOfRange);
  EXPECT_TRUE(runner_.spawned.empty());
}

TEST_F(JobManagerTest, TheByteBudgetDropsIdleFoldersFirstThenOldSegments) {
  const JobSpec old = spec("old", ConversionMode::kRemux);
  manager_.open(old, 0);
  write_segment("old", 0, 600);
  runner_.finish(100, true);
  clock_.advance(std::chrono::seconds{5});
  const JobSpec live = spec("live", ConversionMode::kRemux);
  manager_.open(live, 0);
  for (int n = 0; n < 6; ++n) write_segment("live", n, 100);
  manager_.segment(live, 5);
  manager_.tick();  // 600 + 600 > 1000: "old" goes, being idle
  EXPECT_FALSE(fs::exists(manager_.folder("old")));
  EXPECT_TRUE(fs::exists(manager_.folder("live") / "0.m4s"));
  for (int n = 6; n < 12; ++n) write_segment("live", n, 100);
  manager_.segment(live, 11);
  manager_.tick();  // 1200 > 1000: segments well behind the viewer go
  EXPECT_FALSE(fs::exists(manager_.folder("live") / "0.m4s"));
  EXPECT_TRUE(fs::exists(manager_.folder("live") / "11.m4s"));
  EXPECT_LE(manager_.disk_bytes(), 1000u);
}

TEST_F(JobManagerTest, StartUpEmptiesTheFolderAndShutdownKillsEveryChild) {
  write_segment("stale", 0);
  manager_.clean_start();
  EXPECT_FALSE(fs::exists(manager_.folder("stale")));
  manager_.open(spec("a", ConversionMode::kRemux), 0);
  manager_.open(spec("b", ConversionMode::kRemux), 0);
  manager_.open(spec("t", ConversionMode::kTranscode), 0);
  manager_.stop_all();
  EXPECT_TRUE(runner_.alive.empty());
  EXPECT_EQ(manager_.running_jobs(), 0u);
}

// Each run's grant to read its source ends with the run: killed, exited, failed to start, or
// stopped at shutdown.
TEST_F(JobManagerTest, EveryRunEndsWhatItWasGiven) {
  std::vector<std::string> live;
  auto counted = [&live](std::string key, ConversionMode mode) {
    JobSpec s = spec(key, mode);
    s.command = [&live, key](int start, int run) {
      const std::string grant = key + "/" + std::to_string(run);
      live.push_back(grant);
      return JobRun{{"ffmpeg", "start=" + std::to_string(start)}, {}, [&live, grant] {
                      std::erase(live, grant);
                    }};
    };
    return s;
  };
  const JobSpec remux = counted("r", ConversionMode::kRemux);
  manager_.open(remux, 0);
  EXPECT_EQ(live, std::vector<std::string>{"r/0"});
  manager_.segment(remux, 50);  // far ahead: the first run is killed, a second one starts
  manager_.tick();
  EXPECT_EQ(live, std::vector<std::string>{"r/1"});
  runner_.finish(runner_.spawned.back().pid, true);
  manager_.tick();
  EXPECT_TRUE(live.empty());
  runner_.fail_next = true;
  manager_.open(counted("f", ConversionMode::kRemux), 0);
  EXPECT_TRUE(live.empty());
  manager_.open(counted("a", ConversionMode::kRemux), 0);
  manager_.open(counted("t", ConversionMode::kTranscode), 0);
  EXPECT_EQ(live.size(), 2u);
  manager_.stop_all();
  EXPECT_TRUE(live.empty());
}

TEST_F(JobManagerTest, AViewerHoldsAFewRemuxesAtMost) {
  JobSettings wide = settings();
  wide.remux_slots = 8;
  wide.remuxes_per_viewer = 2;
  JobManager manager(wide, runner_, clock_, log_);
  for (const std::string key : {"a", "b", "c", "d"}) {
    manager.open(spec(key, ConversionMode::kRemux, "2001:db8:1:2::/64"), 0);
    clock_.advance(std::chrono::seconds{1});
  }
  EXPECT_EQ(manager.running_jobs(), 2u);  // the two least recently used went
  manager.open(spec("e", ConversionMode::kRemux, "2001:db8:9:9::/64"), 0);
  EXPECT_EQ(manager.running_jobs(), 3u);  // another viewer has its own allowance
}

TEST_F(JobManagerTest, ARunFarAheadOfItsViewersPausesUntilTheyComeCloser) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  manager_.segment(s, 0);
  for (int n = 0; n < 25; ++n) write_segment("a", n);
  manager_.tick();  // 25 segments written, the viewer at 0: more than 20 ahead
  ASSERT_FALSE(runner_.signals.empty());
  EXPECT_EQ(runner_.signals.back().second, SIGSTOP);
  manager_.tick();
  EXPECT_EQ(runner_.signals.size(), 1u);  // paused once
  manager_.segment(s, 16);                // the viewer comes within 10
  EXPECT_EQ(runner_.signals.back().second, SIGCONT);
  EXPECT_EQ(manager_.running_jobs(), 1u);
}

TEST_F(JobManagerTest, UnderTheFreeSpaceFloorNothingConverts) {
  const JobSpec s = spec("a", ConversionMode::kRemux);
  manager_.open(s, 0);
  free_bytes_ = 10;  // under the floor of 1000
  manager_.tick();
  EXPECT_TRUE(manager_.disk_low());
  EXPECT_EQ(manager_.running_jobs(), 0u);
  EXPECT_EQ(manager_.segment(s, 3).state, SegmentState::kFailed);
  EXPECT_EQ(runner_.spawned.size(), 1u);  // nothing new started
  free_bytes_ = 1 << 20;
  manager_.tick();
  EXPECT_FALSE(manager_.disk_low());
  EXPECT_EQ(manager_.segment(s, 3).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.size(), 2u);
}

TEST_F(JobManagerTest, TheByteBudgetStopsRunningJobsWhenNothingElseIsLeft) {
  const JobSpec big = spec("big", ConversionMode::kRemux);
  manager_.open(big, 0);
  write_segment("big", 0, 2000);  // one segment over the whole budget, and nothing behind
  manager_.segment(big, 0);
  manager_.tick();
  EXPECT_EQ(manager_.running_jobs(), 0u);
  EXPECT_LE(manager_.disk_bytes(), 1000u);
  EXPECT_FALSE(fs::exists(manager_.folder("big") / "0.m4s"));
}

// --- caps per viewer: every start goes by the viewer asking ---

// One address with a file of many audio tracks: a remux and a transcode session per track, and
// all of them asked again and again (a tab's leftover requests, far seeks, playlist polls) for
// minutes. It never runs more than its share (two remuxes, one transcode), and a second address
// still gets both kinds at once.
TEST_F(JobManagerTest, OneAddressNeverRunsMoreThanItsShareWhateverItAsks) {
  JobManager manager(wide_settings(), runner_, clock_, log_);
  const std::string one = "198.51.100.7";
  const auto check = [&] {
    EXPECT_LE(alive_for(one, "r"), 2u);
    EXPECT_LE(alive_for(one, "t"), 1u);
  };
  const auto session = [&](int track, ConversionMode mode) {
    const std::string kind = mode == ConversionMode::kRemux ? "r" : "t";
    return spec(kind + std::to_string(track), mode, one);
  };
  for (int track = 0; track < 8; ++track) {
    for (const ConversionMode mode : {ConversionMode::kRemux, ConversionMode::kTranscode}) {
      manager.open(session(track, mode), 0);
      check();
      manager.segment(session(track, mode), 0);
      check();
    }
    for (int earlier = 0; earlier <= track; ++earlier) {
      for (const ConversionMode mode : {ConversionMode::kRemux, ConversionMode::kTranscode}) {
        const JobSpec s = session(earlier, mode);
        manager.segment(s, 1 + earlier);
        check();
        manager.segment(s, 60 + track);  // a far seek
        check();
        manager.touch(s.key, one);
        manager.tick();
        check();
      }
    }
    clock_.advance(std::chrono::seconds{5});
    manager.tick();
    check();
  }
  for (int poll = 0; poll < 12; ++poll) {  // four minutes of playlist polls, nothing else
    for (int track = 0; track < 8; ++track) {
      manager.touch(session(track, ConversionMode::kRemux).key, one);
      manager.touch(session(track, ConversionMode::kTranscode).key, one);
    }
    clock_.advance(std::chrono::seconds{20});
    manager.tick();
    check();
  }
  EXPECT_EQ(alive_for(one), 3u);
  const std::string other = "203.0.113.9";
  EXPECT_EQ(manager.open(spec("other-r", ConversionMode::kRemux, other), 0), 0);
  EXPECT_EQ(manager.open(spec("other-t", ConversionMode::kTranscode, other), 0), 0);
  EXPECT_EQ(alive_for(other), 2u);
}

// A stopped job asked for again is started (or not) by the cap of the viewer asking, not by
// that of the viewer who opened it first.
TEST_F(JobManagerTest, AStoppedJobStartsByTheCapOfTheViewerAsking) {
  JobManager manager(wide_settings(), runner_, clock_, log_);
  manager.open(spec("shared", ConversionMode::kRemux, "2.2.2.2"), 0);
  runner_.finish(100, true);
  manager.tick();
  manager.open(spec("a1", ConversionMode::kRemux, "1.1.1.1"), 0);
  manager.open(spec("a2", ConversionMode::kRemux, "1.1.1.1"), 0);
  const SegmentStatus waiting = manager.segment(spec("shared", ConversionMode::kRemux), 50);
  EXPECT_EQ(waiting.state, SegmentState::kQueued);
  manager.tick();
  EXPECT_FALSE(alive("shared"));  // 1.1.1.1 holds two remuxes already
  // Its first viewer asks again: theirs is the cap now, and they have room.
  manager.segment(spec("shared", ConversionMode::kRemux, "2.2.2.2"), 50);
  manager.tick();
  EXPECT_TRUE(alive("shared"));
  EXPECT_EQ(runner_.spawned.back().argv[4], "by=2.2.2.2");
  EXPECT_EQ(alive_for("1.1.1.1"), 2u);
}

// A second viewer opening a job never stops the first viewer's runs to make room for it.
TEST_F(JobManagerTest, AnotherViewerOpeningAJobStopsNoneOfTheFirstViewersRuns) {
  JobManager manager(wide_settings(), runner_, clock_, log_);
  manager.open(spec("s", ConversionMode::kRemux, "1.1.1.1"), 0);
  clock_.advance(std::chrono::seconds{1});
  manager.open(spec("a1", ConversionMode::kRemux, "1.1.1.1"), 0);
  clock_.advance(std::chrono::seconds{1});
  manager.open(spec("a2", ConversionMode::kRemux, "1.1.1.1"), 0);  // "s" makes room
  EXPECT_FALSE(alive("s"));
  manager.open(spec("s", ConversionMode::kRemux, "2.2.2.2"), 0);
  EXPECT_TRUE(alive("s"));
  EXPECT_TRUE(alive("a1"));
  EXPECT_TRUE(alive("a2"));
}

// A viewer at its cap seeking far in a run another viewer owns waits; that run goes on.
TEST_F(JobManagerTest, AFarSeekAtTheCapLeavesAnotherViewersRunAlone) {
  JobManager manager(wide_settings(), runner_, clock_, log_);
  manager.open(spec("a1", ConversionMode::kRemux, "1.1.1.1"), 0);
  manager.open(spec("a2", ConversionMode::kRemux, "1.1.1.1"), 0);
  manager.open(spec("s", ConversionMode::kRemux, "2.2.2.2"), 0);
  const std::size_t runs = runner_.spawned.size();
  const SegmentStatus far = manager.segment(spec("s", ConversionMode::kRemux, "1.1.1.1"), 60);
  EXPECT_EQ(far.state, SegmentState::kQueued);
  EXPECT_EQ(far.queue_position, 0);
  EXPECT_EQ(runner_.spawned.size(), runs);
  EXPECT_TRUE(runner_.signals.empty());
  // The owner's own far seek replaces its run, as ever.
  EXPECT_EQ(manager.segment(spec("s", ConversionMode::kRemux, "2.2.2.2"), 60).state,
            SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=60");
  EXPECT_EQ(alive_for("1.1.1.1"), 2u);
}

// A run far ahead of its viewers is paused; paused for pause_release it is killed and its
// slot goes to the next in line, however often its viewer polls the playlist. It goes on from
// its first missing segment once the viewer comes close, within a free slot.
TEST_F(JobManagerTest, APausedRunGivesItsSlotUpAfterAWhile) {
  JobSettings one_slot = settings();
  one_slot.remux_slots = 1;
  JobManager manager(one_slot, runner_, clock_, log_);
  const JobSpec a = spec("a", ConversionMode::kRemux, "1.1.1.1");
  const JobSpec b = spec("b", ConversionMode::kRemux, "2.2.2.2");
  manager.open(a, 0);
  manager.segment(a, 0);
  for (int n = 0; n < 25; ++n) write_segment("a", n);
  manager.tick();
  ASSERT_EQ(runner_.signals.back(), std::make_pair(100, SIGSTOP));
  EXPECT_EQ(manager.open(b, 0), 1);
  for (int poll = 0; poll < 7; ++poll) {  // 105 s of playlist polls: the run keeps its slot
    clock_.advance(std::chrono::seconds{15});
    manager.touch("a", "1.1.1.1");
    manager.touch("b", "2.2.2.2");
    manager.tick();
    EXPECT_TRUE(alive("a"));
    EXPECT_FALSE(alive("b"));
  }
  clock_.advance(std::chrono::seconds{15});  // paused for 120 s
  manager.touch("a", "1.1.1.1");
  manager.touch("b", "2.2.2.2");
  manager.tick();
  EXPECT_FALSE(alive("a"));
  EXPECT_TRUE(alive("b"));
  EXPECT_TRUE(fs::exists(manager.folder("a") / "24.m4s"));
  // The viewer watches on: what is on disk is served, and near its end the run is asked for
  // again from segment 25; it waits for the slot "b" holds.
  EXPECT_EQ(manager.segment(a, 10).state, SegmentState::kReady);
  EXPECT_EQ(manager.queued_jobs(), 0u);
  EXPECT_EQ(manager.segment(a, 15).state, SegmentState::kReady);
  EXPECT_EQ(manager.queued_jobs(), 1u);
  runner_.finish(runner_.spawned.back().pid, true);
  manager.tick();
  EXPECT_TRUE(alive("a"));
  EXPECT_EQ(runner_.spawned.back().argv[1], "start=25");
}

// A run its owner left passes to a viewer still asking for it, within that viewer's cap; when
// every viewer still asking is at its cap, it stops: polling somebody else's run is no way
// around the cap.
TEST_F(JobManagerTest, ARunItsOwnerLeftCountsForWhoStillAsksOrStops) {
  JobManager manager(wide_settings(), runner_, clock_, log_);
  manager.open(spec("c1", ConversionMode::kRemux, "3.3.3.3"), 0);
  manager.open(spec("c2", ConversionMode::kRemux, "3.3.3.3"), 0);
  manager.open(spec("s", ConversionMode::kRemux, "2.2.2.2"), 0);
  manager.open(spec("t", ConversionMode::kRemux, "2.2.2.2"), 0);
  for (int poll = 0; poll < 4; ++poll) {  // 40 s: 2.2.2.2 has left
    clock_.advance(std::chrono::seconds{10});
    for (const std::string key : {"c1", "c2", "s"}) manager.touch(key, "3.3.3.3");
    manager.touch("t", "4.4.4.4");
    manager.tick();
  }
  EXPECT_FALSE(alive("s"));  // 3.3.3.3 holds two remuxes already
  EXPECT_TRUE(alive("t"));   // 4.4.4.4 has room: "t" is theirs now
  EXPECT_TRUE(alive("c1"));
  EXPECT_TRUE(alive("c2"));
  clock_.advance(std::chrono::seconds{1});
  manager.open(spec("d1", ConversionMode::kRemux, "4.4.4.4"), 0);
  clock_.advance(std::chrono::seconds{1});
  manager.open(spec("d2", ConversionMode::kRemux, "4.4.4.4"), 0);  // "t" counts: it makes room
  EXPECT_FALSE(alive("t"));
}

// Every run goes by the viewer asking: their command (the file's capability) and their link.
// The job outlives the link of the viewer who opened it; a link that may no longer start
// conversions starts none, and leaves the queue.
TEST_F(JobManagerTest, EveryRunGoesByTheLinkOfTheViewerAsking) {
  bool first_link_valid = true;
  JobSpec first = spec("s", ConversionMode::kTranscode, "1.1.1.1");
  first.link_valid = [&first_link_valid] { return first_link_valid; };
  const JobSpec second = spec("s", ConversionMode::kTranscode, "2.2.2.2");
  run_to_end(first, true);
  first_link_valid = false;  // expired, or revoked
  EXPECT_EQ(manager_.segment(first, 40).state, SegmentState::kFailed);
  EXPECT_EQ(runner_.spawned.size(), 1u);
  EXPECT_EQ(manager_.segment(second, 40).state, SegmentState::kConverting);
  EXPECT_EQ(runner_.spawned.back().argv[4], "by=2.2.2.2");
  EXPECT_EQ(manager_.segment(first, 0).state, SegmentState::kReady);  // on disk: no run
  // Queued while the link was valid, the job starts only for a viewer whose link still is.
  first_link_valid = true;
  JobSpec queued = spec("q", ConversionMode::kTranscode, "1.1.1.1");
  queued.link_valid = first.link_valid;
  EXPECT_EQ(manager_.open(queued, 0), 1);
  first_link_valid = false;
  runner_.finish(runner_.spawned.back().pid, true);
  manager_.tick();
  EXPECT_FALSE(alive("q"));
  EXPECT_EQ(manager_.queued_jobs(), 0u);
  EXPECT_EQ(manager_.segment(spec("q", ConversionMode::kTranscode, "3.3.3.3"), 0).state,
            SegmentState::kConverting);
  EXPECT_TRUE(alive("q"));
}

}  // namespace
}  // namespace tglink
