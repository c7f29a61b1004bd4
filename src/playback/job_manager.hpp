#pragma once
// The conversion jobs: one ffmpeg per (file, choice), shared by every viewer of that choice,
// started, restarted for far seeks, queued for a slot, stopped when nobody watches, and their
// segments kept on disk within a byte budget. Pure bookkeeping over a ProcessRunner and the
// job folders, driven by the caller's clock: no Asio, no threads (playback_service.hpp drives
// it on the I/O thread), so tests run it with a fake runner and a fake clock.
//
// Rules (docs/playback.md, Jobs):
//  - a segment on disk is served whatever the job does;
//  - a segment the running job will reach soon (at most `restart_ahead` segments past the
//    first one it has not written) is waited for; one further ahead, or before where the run
//    started, restarts the job there (SIGKILL, then -ss at the segment);
//  - transcodes take one of `transcode_slots`, remuxes one of `remux_slots`; a job without a
//    slot waits in its kind's FIFO queue, whose position is reported (1 = next);
//  - a viewer (keyed like the rate limit: an IPv4 address, an IPv6 /64) holds at most
//    `transcodes_per_viewer` transcodes and `remuxes_per_viewer` remuxes: a new one stops its
//    least recently used one that no other viewer watched lately. Only a new choice (open())
//    does that: a segment request never stops another job, it starts its own again or queues it;
//  - init.mp4 is served once the run that rewrites it has written a segment or ended well;
//  - a run more than `pause_ahead` segments past the last one asked for is paused (SIGSTOP)
//    until its viewers come within half of that, so a client that never watches cannot make
//    us pull whole files from Telegram;
//  - below `min_free_bytes` free on the folders' filesystem, every job stops and none starts
//    until there is room again (the database and TDLib share that disk);
//  - a job nobody asked anything of for `idle_stop` is stopped; its folder stays for later
//    viewers until unused for `cache_idle`, or until the folders pass `cache_bytes` (least
//    recently used first; then a running job loses segments well behind its viewers; then
//    running jobs stop, least recently used first, until the folders fit).

#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "playback/child_process.hpp"
#include "playback/session_token.hpp"

namespace tglink {

class Log;

struct JobSettings {
  std::filesystem::path root;  // DATA_DIR/hls
  int transcode_slots = 1;
  int remux_slots = 8;
  int restart_ahead = 3;  // segments
  std::chrono::seconds idle_stop{60};
  std::chrono::seconds cache_idle{900};
  std::uint64_t cache_bytes = 2048ull << 20;
  // Segments this far behind the last one asked for may go when over budget.
  int keep_behind = 10;
  int transcodes_per_viewer = 1;
  int remuxes_per_viewer = 2;
  int pause_ahead = 20;  // segments
  std::uint64_t min_free_bytes = 1024ull << 20;
  // Free bytes on the filesystem of `root`; nullopt when unknown (then nothing is stopped).
  std::function<std::optional<std::uint64_t>(const std::filesystem::path&)> free_bytes;
};

// statvfs's free bytes for unprivileged users, the default of JobSettings::free_bytes.
[[nodiscard]] std::optional<std::uint64_t> filesystem_free_bytes(const std::filesystem::path& dir);

// One run of a job: its command, and what ends with it.
struct JobRun {
  std::vector<std::string> argv;
  ChildLimits limits;
  // Called once, when the run's child is gone (or did not start): takes back what the run was
  // given to read its source (http/internal_request.hpp). May be empty.
  std::function<void()> on_end;
};

// What a job converts; the command is made per run.
struct JobSpec {
  std::string key;  // folder name: file unique id (made safe) + "-" + choice_key
  ConversionMode mode = ConversionMode::kRemux;
  int segment_count = 0;
  std::string viewer;  // client address
  // The run starting at a segment; `run` numbers the runs of this job (0, 1, ...).
  std::function<JobRun(int start_segment, int run)> command;
};

enum class SegmentState {
  kReady,       // `path` is complete on disk
  kConverting,  // the job is on its way to it: ask again shortly
  kQueued,      // waiting for a slot; queue_position says where
  kFailed,      // ffmpeg failed before writing it
  kOutOfRange,  // no such segment
};

struct SegmentStatus {
  SegmentState state = SegmentState::kConverting;
  int queue_position = 0;
  std::filesystem::path path;
};

class JobManager {
 public:
  JobManager(JobSettings settings, ProcessRunner& runner, const Clock& clock, Log& log);
  ~JobManager();
  JobManager(const JobManager&) = delete;
  JobManager& operator=(const JobManager&) = delete;

  // Removes every folder left under `root` by an earlier run, and makes `root`.
  void clean_start();

  // Makes sure the job runs (or waits) from `start_segment`; the viewer's queue position, 0
  // when it has a slot.
  int open(const JobSpec& spec, int start_segment);
  // Segment `segment` of the job (opening it when needed). `segment` -1 is init.mp4.
  SegmentStatus segment(const JobSpec& spec, int segment);
  // The job's folder (whether or not it exists).
  [[nodiscard]] std::filesystem::path folder(const std::string& key) const;
  // Keeps the job alive and counts the viewer without asking for a segment (playlists).
  void touch(const std::string& key, const std::string& viewer);

  // Reaps exited children, stops idle jobs, gives free slots to the queues, enforces the disk
  // budget. Call every second or so.
  void tick();
  // Shutdown: every child gets SIGKILL and is reaped; queues are emptied.
  void stop_all();

  [[nodiscard]] std::size_t running_jobs() const;
  [[nodiscard]] std::size_t queued_jobs() const;
  // ffmpeg runs started since construction: a queue that waits while this stands still is stuck.
  [[nodiscard]] std::uint64_t runs_started() const { return runs_started_; }
  [[nodiscard]] std::uint64_t disk_bytes() const { return disk_bytes_; }
  // True while the folders' filesystem is under `min_free_bytes` free (checked by tick()).
  [[nodiscard]] bool disk_low() const { return disk_low_; }

 private:
  struct Job;

  Job& job_for(const JobSpec& spec, int start_segment);
  int resume(const JobSpec& spec, int start_segment);
  int start_or_queue(Job& job, int start_segment);
  bool init_whole(Job& job);
  void start_run(Job& job, int start_segment);
  void kill_run(Job& job);
  void stop(Job& job);
  [[nodiscard]] bool has_slot(const Job& job) const;
  int queue_position(const Job& job) const;
  void give_slots();
  void make_room_for_viewer(const Job& job);
  void pace(Job& job);
  void check_free_space();
  int frontier(Job& job);
  void on_exit(const ChildExit& exit);
  void end_run(int pid);
  void stop_idle();
  void enforce_budget();
  void remove_folder(Job& job);

  JobSettings settings_;
  ProcessRunner& runner_;
  const Clock& clock_;
  Log& log_;
  std::map<std::string, std::unique_ptr<Job>> jobs_;
  std::deque<std::string> transcode_queue_;
  std::deque<std::string> remux_queue_;
  std::map<int, std::string> pids_;                // running children -> job key (killed runs too)
  std::map<int, std::function<void()>> run_ends_;  // running children -> their JobRun::on_end
  std::uint64_t disk_bytes_ = 0;
  bool disk_low_ = false;
  std::uint64_t runs_started_ = 0;
};

}  // namespace tglink
