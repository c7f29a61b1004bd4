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
//  - caps per viewer (keyed like the rate limit: an IPv4 address, an IPv6 /64). A run counts
//    for its owner: the viewer whose request started it (or whose request it waited in the
//    queue for). A viewer owns at most `transcodes_per_viewer` transcodes and
//    `remuxes_per_viewer` remuxes. Every start of a run checks the cap of the viewer asking,
//    not the job's first viewer: a new session (open()), a segment of a stopped, exited or
//    failed job, a restart for a far seek, a queued job's turn. At its cap, a new session stops
//    the viewer's own least recently asked run that no other viewer asked anything of lately;
//    anything else waits in the queue (a far seek in a run another viewer owns is answered as
//    queued and leaves that run alone). A queued job whose viewer is at its cap lets the jobs
//    behind it have the slot. Joining a running job starts nothing and costs nothing. A run
//    whose owner has asked nothing of it lately passes to the viewer who asked last, within
//    that viewer's cap, or stops when every viewer still asking is at its cap: so nobody keeps
//    more runs alive than its cap, whatever mix of sessions, tracks, seeks and playlist polls;
//  - every run reads its file through the asking viewer's JobSpec (a capability for the file,
//    not for one link), after `link_valid` says that viewer's link may still start conversions:
//    the job outlives the link of the viewer who opened it, and a revoked or expired link
//    starts nothing (a queued job asked for only by such a link leaves the queue);
//  - init.mp4 is served once the run that rewrites it has written a segment or ended well;
//  - a run more than `pause_ahead` segments past the last one asked for is paused (SIGSTOP)
//    until its viewers come within half of that, so a client that never watches cannot make
//    us pull whole files from Telegram; paused for `pause_release`, it is killed and gives its
//    slot up (its folder stays), and is started again at its first missing segment once a
//    viewer comes that close, within that viewer's cap and a free slot;
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
  // A run paused this long is killed. Longer than a viewer watching at normal speed needs to
  // come back within pause_ahead / 2 (10 segments of at most 6 s), so a watched run is never
  // released; short enough that a client that stopped watching holds no slot for long.
  std::chrono::seconds pause_release{120};
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
  std::string viewer;  // the viewer asking (rate-limit key); "" = no cap
  // Whether the asking viewer's link may still start conversions (neither expired nor revoked);
  // asked before every run starts, a queued one's included. Empty: always.
  std::function<bool()> link_valid;
  // The run starting at a segment; `run` numbers the runs of this job (0, 1, ...). It reads
  // the file through a capability granted for the file, so it outlives the asking link.
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
  // when it has a slot. `spec` is the asking viewer's: its viewer, link check and command are
  // the ones used for the runs it starts.
  int open(const JobSpec& spec, int start_segment);
  // Segment `segment` of the job (opening it when needed). `segment` -1 is init.mp4. kQueued
  // with queue_position 0: a far seek waits for the asking viewer's own runs, not a slot.
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
  int start_or_queue(Job& job, int start_segment);
  bool init_whole(Job& job);
  void start_run(Job& job, int start_segment);
  void kill_run(Job& job);
  void stop(Job& job);
  [[nodiscard]] bool slot_free(ConversionMode mode) const;
  [[nodiscard]] int cap(ConversionMode mode) const;
  // Running runs of `mode` that `viewer` owns, `except` left out.
  [[nodiscard]] int runs_owned(const std::string& viewer, ConversionMode mode,
                               const Job* except) const;
  // True when the viewer asking for `job` may own one more run of its kind.
  [[nodiscard]] bool within_cap(const Job& job) const;
  [[nodiscard]] bool link_valid(const Job& job) const;
  [[nodiscard]] bool watched_by_others(const Job& job, const std::string& viewer) const;
  int queue_position(const Job& job) const;
  void give_slots();
  void make_room_for_viewer(const Job& job);
  SegmentStatus restart_far(Job& job, int wanted);
  void pace(Job& job);
  void release_paused();
  void pass_on_runs();
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
