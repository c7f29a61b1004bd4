#include "playback/job_manager.hpp"

#include <algorithm>
#include <set>

#include <signal.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "logging/log.hpp"

namespace tglink {

namespace fs = std::filesystem;

namespace {

// How long an address counts as watching a job after its last request.
constexpr std::chrono::seconds kViewerWindow{30};

std::string segment_name(int segment) {
  return segment < 0 ? std::string("init.mp4") : std::to_string(segment) + ".m4s";
}

bool file_exists(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

std::uint64_t folder_bytes(const fs::path& dir) {
  std::uint64_t total = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code size_ec;
    const std::uintmax_t size = it->file_size(size_ec);
    if (!size_ec) total += size;
  }
  return total;
}

}  // namespace

enum class RunState { kQueued, kRunning, kExited, kFailed, kStopped };

struct JobManager::Job {
  JobSpec spec;
  fs::path dir;
  RunState state = RunState::kStopped;
  std::optional<int> pid;
  int run_start = 0;      // the segment the current (or last) run started at
  int frontier_hint = 0;  // first segment of the run known missing
  // init.mp4 is rewritten in place by every run: whole once the run has written a segment (or
  // ended well), cut short when the run was killed before that.
  bool init_whole = false;
  int first_new = 0;  // the run's first segment that was not on disk when it started
  int runs = 0;
  int last_asked = 0;
  bool paused = false;  // SIGSTOPped: far ahead of its viewers
  SteadyTime last_use{};
  std::map<std::string, SteadyTime> viewers;
};

std::optional<std::uint64_t> filesystem_free_bytes(const fs::path& dir) {
  struct statvfs facts {};
  if (statvfs(dir.c_str(), &facts) != 0) return std::nullopt;
  return static_cast<std::uint64_t>(facts.f_bavail) * facts.f_frsize;
}

JobManager::JobManager(JobSettings settings, ProcessRunner& runner, const Clock& clock, Log& log)
    : settings_(std::move(settings)), runner_(runner), clock_(clock), log_(log) {
  if (!settings_.free_bytes) settings_.free_bytes = filesystem_free_bytes;
}

JobManager::~JobManager() { stop_all(); }

void JobManager::clean_start() {
  std::error_code ec;
  fs::remove_all(settings_.root, ec);
  if (ec) log_.warning("Playback: could not empty {}: {}", settings_.root.string(), ec.message());
  fs::create_directories(settings_.root, ec);
  if (ec) log_.error("Playback: could not make {}: {}", settings_.root.string(), ec.message());
}

fs::path JobManager::folder(const std::string& key) const { return settings_.root / key; }

JobManager::Job& JobManager::job_for(const JobSpec& spec, int start_segment) {
  std::unique_ptr<Job>& slot = jobs_[spec.key];
  if (!slot) {
    slot = std::make_unique<Job>();
    slot->spec = spec;
    slot->dir = folder(spec.key);
    slot->run_start = start_segment;
  }
  Job& job = *slot;
  job.last_use = clock_.steady_now();
  if (!spec.viewer.empty()) job.viewers[spec.viewer] = job.last_use;
  return job;
}

void JobManager::touch(const std::string& key, const std::string& viewer) {
  const auto found = jobs_.find(key);
  if (found == jobs_.end()) return;
  found->second->last_use = clock_.steady_now();
  if (!viewer.empty()) found->second->viewers[viewer] = found->second->last_use;
}

bool JobManager::has_slot(const Job& job) const {
  std::size_t busy = 0;
  for (const auto& [key, other] : jobs_) {
    if (other->state == RunState::kRunning && other->spec.mode == job.spec.mode) ++busy;
  }
  const int slots = job.spec.mode == ConversionMode::kTranscode ? settings_.transcode_slots
                                                                : settings_.remux_slots;
  return busy < static_cast<std::size_t>(std::max(slots, 0));
}

int JobManager::queue_position(const Job& job) const {
  if (job.state != RunState::kQueued) return 0;
  const std::deque<std::string>& queue =
      job.spec.mode == ConversionMode::kTranscode ? transcode_queue_ : remux_queue_;
  const auto found = std::find(queue.begin(), queue.end(), job.spec.key);
  return found == queue.end() ? 0 : static_cast<int>(found - queue.begin()) + 1;
}

void JobManager::start_run(Job& job, int start_segment) {
  kill_run(job);
  std::error_code ec;
  fs::create_directories(job.dir, ec);
  job.run_start = start_segment;
  job.frontier_hint = start_segment;
  job.init_whole = false;
  job.first_new = start_segment;
  while (job.first_new < job.spec.segment_count &&
         file_exists(job.dir / segment_name(job.first_new))) {
    ++job.first_new;
  }
  const int run = job.runs++;
  std::string error;
  JobRun launch = job.spec.command(start_segment, run);
  const std::optional<int> pid =
      runner_.spawn(launch.argv, launch.limits, job.dir / "ffmpeg.log", error);
  if (!pid) {
    log_.error("Playback: ffmpeg did not start for {}: {}", job.spec.key, error);
    job.state = RunState::kFailed;
    if (launch.on_end) launch.on_end();
    return;
  }
  job.pid = pid;
  job.state = RunState::kRunning;
  pids_[*pid] = job.spec.key;
  if (launch.on_end) run_ends_[*pid] = std::move(launch.on_end);
  ++runs_started_;
  log_.info("Playback: job {} run {} from segment {} (pid {})", job.spec.key, run, start_segment,
            *pid);
}

void JobManager::kill_run(Job& job) {
  job.paused = false;
  if (!job.pid) return;
  runner_.signal(*job.pid, SIGKILL);  // reaped by tick(); pids_ keeps it until then
  pids_[*job.pid] = "";
  job.pid.reset();
}

void JobManager::stop(Job& job) {
  kill_run(job);
  for (std::deque<std::string>* queue : {&transcode_queue_, &remux_queue_}) {
    queue->erase(std::remove(queue->begin(), queue->end(), job.spec.key), queue->end());
  }
  job.state = RunState::kStopped;
}

void JobManager::make_room_for_viewer(const Job& job) {
  if (job.spec.viewer.empty()) return;
  const int cap =
      std::max(1, job.spec.mode == ConversionMode::kTranscode ? settings_.transcodes_per_viewer
                                                              : settings_.remuxes_per_viewer);
  const SteadyTime recent = clock_.steady_now() - kViewerWindow;
  std::vector<Job*> held;  // this viewer's other jobs of the kind, watched by nobody else
  for (auto& [key, other] : jobs_) {
    if (other.get() == &job || other->spec.mode != job.spec.mode) continue;
    if (other->state != RunState::kRunning && other->state != RunState::kQueued) continue;
    const bool watched_by_others =
        std::any_of(other->viewers.begin(), other->viewers.end(), [&](const auto& viewer) {
          return viewer.first != job.spec.viewer && viewer.second >= recent;
        });
    if (other->viewers.contains(job.spec.viewer) && !watched_by_others) held.push_back(other.get());
  }
  std::sort(held.begin(), held.end(),
            [](const Job* a, const Job* b) { return a->last_use < b->last_use; });
  for (std::size_t i = 0; held.size() - i >= static_cast<std::size_t>(cap); ++i) {
    log_.info("Playback: {} started another {}; stopping {}", job.spec.viewer,
              job.spec.mode == ConversionMode::kTranscode ? "transcode" : "remux",
              held[i]->spec.key);
    stop(*held[i]);
  }
}

int JobManager::open(const JobSpec& spec, int start_segment) {
  Job& job = job_for(spec, start_segment);
  if (job.state == RunState::kRunning || job.state == RunState::kQueued) {
    return queue_position(job);
  }
  if (job.state == RunState::kFailed && job.runs > 0) return 0;
  if (disk_low_) return 0;  // segment() answers kFailed until there is room
  // Stopped or exited: start again, unless the segment is already on disk.
  if (file_exists(job.dir / segment_name(start_segment)) && job.state == RunState::kExited)
    return 0;
  // Only a viewer's new choice makes room among their other jobs; see resume().
  make_room_for_viewer(job);
  return start_or_queue(job, start_segment);
}

// A segment request for a stopped job starts it again without stopping any other: a request
// still under way from a tab the viewer left (or their second tab) must not stop the
// transcode they now watch, nor be answered by stopping it (the two would stop each other).
int JobManager::resume(const JobSpec& spec, int start_segment) {
  Job& job = job_for(spec, start_segment);
  if (job.state == RunState::kRunning || job.state == RunState::kQueued) {
    return queue_position(job);
  }
  return start_or_queue(job, start_segment);
}

int JobManager::start_or_queue(Job& job, int start_segment) {
  const JobSpec& spec = job.spec;
  if (has_slot(job)) {
    start_run(job, start_segment);
    return 0;
  }
  job.state = RunState::kQueued;
  job.run_start = start_segment;
  (spec.mode == ConversionMode::kTranscode ? transcode_queue_ : remux_queue_).push_back(spec.key);
  return queue_position(job);
}

int JobManager::frontier(Job& job) {
  while (job.frontier_hint < job.spec.segment_count &&
         file_exists(job.dir / segment_name(job.frontier_hint))) {
    ++job.frontier_hint;
  }
  // ffmpeg writes init.mp4 before its first segment: a segment this run made proves it whole.
  if (job.pid && job.frontier_hint > job.first_new) job.init_whole = true;
  return job.frontier_hint;
}

bool JobManager::init_whole(Job& job) {
  frontier(job);
  return job.init_whole;
}

SegmentStatus JobManager::segment(const JobSpec& spec, int segment) {
  SegmentStatus status;
  if (segment < -1 || segment >= spec.segment_count) {
    status.state = SegmentState::kOutOfRange;
    return status;
  }
  const int wanted = std::max(segment, 0);
  Job& job = job_for(spec, wanted);
  job.last_asked = wanted;
  status.path = job.dir / segment_name(segment);
  if (file_exists(status.path) && (segment >= 0 || init_whole(job))) {
    status.state = SegmentState::kReady;
    pace(job);
    return status;
  }
  if (disk_low_) {
    status.state = SegmentState::kFailed;
    return status;
  }
  pace(job);
  switch (job.state) {
    case RunState::kQueued:
      job.run_start = wanted;  // it will start where the viewer now is
      status.state = SegmentState::kQueued;
      status.queue_position = queue_position(job);
      return status;
    case RunState::kRunning: {
      const int reached = frontier(job);
      const bool soon = wanted >= job.run_start && wanted <= reached + settings_.restart_ahead;
      if (soon || segment < 0) {
        status.state = SegmentState::kConverting;
        return status;
      }
      log_.info("Playback: job {} at segment {}, asked for {}: restarting there", spec.key, reached,
                wanted);
      start_run(job, wanted);
      status.state =
          job.state == RunState::kRunning ? SegmentState::kConverting : SegmentState::kFailed;
      return status;
    }
    case RunState::kFailed:
      // A failure of this very part of the file: don't burn CPU on it again and again.
      if (wanted >= job.run_start && wanted <= job.frontier_hint) {
        status.state = SegmentState::kFailed;
        return status;
      }
      job.state = RunState::kStopped;  // elsewhere in the file a new run may well succeed
      [[fallthrough]];
    case RunState::kExited:
    case RunState::kStopped: {
      const int position = resume(spec, wanted);
      if (job.state == RunState::kRunning && job.run_start != wanted) start_run(job, wanted);
      status.state = position > 0 ? SegmentState::kQueued : SegmentState::kConverting;
      if (job.state == RunState::kFailed) status.state = SegmentState::kFailed;
      status.queue_position = position;
      return status;
    }
  }
  return status;
}

void JobManager::end_run(int pid) {
  const auto found = run_ends_.find(pid);
  if (found == run_ends_.end()) return;
  const std::function<void()> on_end = std::move(found->second);
  run_ends_.erase(found);
  on_end();
}

void JobManager::on_exit(const ChildExit& exit) {
  end_run(exit.pid);
  const auto found = pids_.find(exit.pid);
  if (found == pids_.end()) return;
  const std::string key = found->second;
  pids_.erase(found);
  if (key.empty()) return;  // a run we killed
  const auto job = jobs_.find(key);
  if (job == jobs_.end() || job->second->pid != exit.pid) return;
  Job& j = *job->second;
  j.pid.reset();
  frontier(j);
  if (exit.success) {
    j.state = RunState::kExited;
    j.init_whole = true;
  } else {
    j.state = RunState::kFailed;
    log_.warning("Playback: ffmpeg for {} failed ({} {}) after segment {}; see {}", key,
                 exit.signalled ? "signal" : "exit code", exit.code, j.frontier_hint,
                 (j.dir / "ffmpeg.log").string());
  }
}

void JobManager::give_slots() {
  for (std::deque<std::string>* queue : {&transcode_queue_, &remux_queue_}) {
    while (!queue->empty()) {
      const auto found = jobs_.find(queue->front());
      if (found == jobs_.end() || found->second->state != RunState::kQueued) {
        queue->pop_front();
        continue;
      }
      Job& job = *found->second;
      job.state = RunState::kStopped;  // not counted while its slot is checked
      if (!has_slot(job)) {
        job.state = RunState::kQueued;
        break;
      }
      queue->pop_front();
      start_run(job, job.run_start);
    }
  }
}

void JobManager::stop_idle() {
  const SteadyTime now = clock_.steady_now();
  std::vector<std::string> forget;
  for (auto& [key, job] : jobs_) {
    const bool active = job->state == RunState::kRunning || job->state == RunState::kQueued;
    if (active && now - job->last_use >= settings_.idle_stop) {
      log_.info("Playback: job {} unused for {} s; stopping it", key, settings_.idle_stop.count());
      stop(*job);
    }
    if (!active && now - job->last_use >= settings_.cache_idle) forget.push_back(key);
    std::erase_if(job->viewers,
                  [&](const auto& viewer) { return now - viewer.second >= kViewerWindow; });
  }
  for (const std::string& key : forget) {
    remove_folder(*jobs_[key]);
    jobs_.erase(key);
  }
}

void JobManager::remove_folder(Job& job) {
  std::error_code ec;
  fs::remove_all(job.dir, ec);
  if (ec) log_.warning("Playback: could not remove {}: {}", job.dir.string(), ec.message());
  job.frontier_hint = job.run_start;
}

void JobManager::enforce_budget() {
  std::map<std::string, std::uint64_t> sizes;
  disk_bytes_ = 0;
  for (const auto& [key, job] : jobs_) {
    sizes[key] = folder_bytes(job->dir);
    disk_bytes_ += sizes[key];
  }
  if (disk_bytes_ <= settings_.cache_bytes) return;
  // Least recently used stopped jobs first.
  std::vector<Job*> idle;
  for (auto& [key, job] : jobs_) {
    if (job->state != RunState::kRunning && job->state != RunState::kQueued) {
      idle.push_back(job.get());
    }
  }
  std::sort(idle.begin(), idle.end(),
            [](const Job* a, const Job* b) { return a->last_use < b->last_use; });
  for (Job* job : idle) {
    if (disk_bytes_ <= settings_.cache_bytes) return;
    disk_bytes_ -= std::min(disk_bytes_, sizes[job->spec.key]);
    remove_folder(*job);
  }
  // Then what running jobs hold well behind their viewers.
  for (auto& [key, job] : jobs_) {
    if (disk_bytes_ <= settings_.cache_bytes) return;
    for (int n = 0; n < job->last_asked - settings_.keep_behind; ++n) {
      std::error_code ec;
      const fs::path path = job->dir / segment_name(n);
      const std::uintmax_t size = fs::file_size(path, ec);
      if (!ec && fs::remove(path, ec)) {
        disk_bytes_ -= std::min<std::uint64_t>(disk_bytes_, size);
        sizes[key] -= std::min<std::uint64_t>(sizes[key], size);
      }
    }
  }
  // Then the running jobs themselves, least recently used first: the budget holds.
  std::vector<Job*> active;  // queued ones hold nothing yet
  for (auto& [key, job] : jobs_) {
    if (job->state == RunState::kRunning) active.push_back(job.get());
  }
  std::sort(active.begin(), active.end(),
            [](const Job* a, const Job* b) { return a->last_use < b->last_use; });
  for (Job* job : active) {
    if (disk_bytes_ <= settings_.cache_bytes) return;
    log_.warning("Playback: the segments pass HLS_CACHE_MB; stopping job {}", job->spec.key);
    stop(*job);
    disk_bytes_ -= std::min(disk_bytes_, sizes[job->spec.key]);
    remove_folder(*job);
  }
}

void JobManager::pace(Job& job) {
  if (!job.pid || job.state != RunState::kRunning) return;
  const int ahead = frontier(job) - std::max(job.last_asked, job.run_start);
  if (!job.paused && ahead > settings_.pause_ahead) {
    log_.info("Playback: job {} is {} segments ahead of its viewers; pausing it", job.spec.key,
              ahead);
    runner_.signal(*job.pid, SIGSTOP);
    job.paused = true;
  } else if (job.paused && ahead <= settings_.pause_ahead / 2) {
    runner_.signal(*job.pid, SIGCONT);
    job.paused = false;
  }
}

void JobManager::check_free_space() {
  const std::optional<std::uint64_t> free = settings_.free_bytes(settings_.root);
  const bool low = free && *free < settings_.min_free_bytes;
  if (low && !disk_low_) {
    log_.warning(
        "Playback: {} MiB free where the segments are, under the {} MiB floor; conversions stop "
        "until there is room",
        *free >> 20, settings_.min_free_bytes >> 20);
    for (auto& [key, job] : jobs_) stop(*job);
  } else if (!low && disk_low_) {
    log_.info("Playback: there is room for conversions again");
  }
  disk_low_ = low;
}

void JobManager::tick() {
  for (const ChildExit& exit : runner_.reap()) on_exit(exit);
  check_free_space();
  stop_idle();
  if (!disk_low_) give_slots();
  enforce_budget();
  for (auto& [key, job] : jobs_) pace(*job);
}

void JobManager::stop_all() {
  for (auto& [key, job] : jobs_) stop(*job);
  // Children get SIGKILL, which cannot be ignored; reap them now, not at the next tick.
  for (int tries = 0; !pids_.empty() && tries < 200; ++tries) {
    for (const ChildExit& exit : runner_.reap()) {
      end_run(exit.pid);
      pids_.erase(exit.pid);
    }
    if (!pids_.empty()) usleep(10'000);
  }
  // A child that would not go within the wait keeps nothing of ours either.
  while (!run_ends_.empty()) end_run(run_ends_.begin()->first);
}

std::size_t JobManager::running_jobs() const {
  return static_cast<std::size_t>(std::count_if(jobs_.begin(), jobs_.end(), [](const auto& job) {
    return job.second->state == RunState::kRunning;
  }));
}

std::size_t JobManager::queued_jobs() const {
  return transcode_queue_.size() + remux_queue_.size();
}

}  // namespace tglink
