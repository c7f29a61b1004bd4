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

const char* kind_name(ConversionMode mode) {
  return mode == ConversionMode::kTranscode ? "transcode" : "remux";
}

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
  JobSpec spec;  // of the viewer who asked last: whose cap and link a new run goes by
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
  SteadyTime paused_at{};
  bool released = false;  // killed after pause_release; starts again when a viewer comes close
  std::string owner;      // the viewer the running run counts for
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
  // Every run goes by the viewer asking now: their cap, their link, their command.
  job.spec = spec;
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

bool JobManager::slot_free(ConversionMode mode) const {
  std::size_t busy = 0;
  for (const auto& [key, other] : jobs_) {
    if (other->state == RunState::kRunning && other->spec.mode == mode) ++busy;
  }
  const int slots =
      mode == ConversionMode::kTranscode ? settings_.transcode_slots : settings_.remux_slots;
  return busy < static_cast<std::size_t>(std::max(slots, 0));
}

int JobManager::cap(ConversionMode mode) const {
  return std::max(1, mode == ConversionMode::kTranscode ? settings_.transcodes_per_viewer
                                                        : settings_.remuxes_per_viewer);
}

int JobManager::runs_owned(const std::string& viewer, ConversionMode mode,
                           const Job* except) const {
  return static_cast<int>(std::count_if(jobs_.begin(), jobs_.end(), [&](const auto& entry) {
    const Job& other = *entry.second;
    return &other != except && other.state == RunState::kRunning && other.spec.mode == mode &&
           other.owner == viewer;
  }));
}

bool JobManager::within_cap(const Job& job) const {
  const std::string& viewer = job.spec.viewer;
  return viewer.empty() || runs_owned(viewer, job.spec.mode, &job) < cap(job.spec.mode);
}

bool JobManager::link_valid(const Job& job) const {
  return !job.spec.link_valid || job.spec.link_valid();
}

bool JobManager::watched_by_others(const Job& job, const std::string& viewer) const {
  const SteadyTime recent = clock_.steady_now() - kViewerWindow;
  return std::any_of(job.viewers.begin(), job.viewers.end(), [&](const auto& other) {
    return other.first != viewer && other.second >= recent;
  });
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
  job.owner = job.spec.viewer;
  pids_[*pid] = job.spec.key;
  if (launch.on_end) run_ends_[*pid] = std::move(launch.on_end);
  ++runs_started_;
  log_.info("Playback: job {} run {} from segment {} (pid {})", job.spec.key, run, start_segment,
            *pid);
}

void JobManager::kill_run(Job& job) {
  job.paused = false;
  job.released = false;
  job.owner.clear();
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

// Only a viewer's new choice makes room among their own runs: a segment request never stops
// another run. Otherwise a request still under way from a tab the viewer left (or their second
// tab) would stop the transcode they now watch, and the two would stop each other every 100 ms.
void JobManager::make_room_for_viewer(const Job& job) {
  const std::string& viewer = job.spec.viewer;
  if (viewer.empty()) return;
  std::vector<Job*> held;  // this viewer's own runs of the kind, watched by nobody else
  for (auto& [key, other] : jobs_) {
    if (other.get() == &job || other->spec.mode != job.spec.mode) continue;
    if (other->state != RunState::kRunning || other->owner != viewer) continue;
    if (!watched_by_others(*other, viewer)) held.push_back(other.get());
  }
  // Least recently asked for by this viewer first.
  const auto asked = [&viewer](const Job* j) {
    const auto found = j->viewers.find(viewer);
    return found == j->viewers.end() ? SteadyTime{} : found->second;
  };
  std::sort(held.begin(), held.end(),
            [&asked](const Job* a, const Job* b) { return asked(a) < asked(b); });
  for (Job* other : held) {
    if (within_cap(job)) return;
    log_.info("Playback: {} started another {}; stopping {}", viewer, kind_name(job.spec.mode),
              other->spec.key);
    stop(*other);
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
  make_room_for_viewer(job);
  return start_or_queue(job, start_segment);
}

// Starts the job for the viewer asking when their link, their cap and a slot allow; queues it
// when only the cap or the slot is missing.
int JobManager::start_or_queue(Job& job, int start_segment) {
  const JobSpec& spec = job.spec;
  job.released = false;
  if (!link_valid(job)) {
    log_.info("Playback: {}'s link may no longer start {}", spec.viewer, spec.key);
    job.state = RunState::kStopped;
    return 0;
  }
  if (within_cap(job) && slot_free(spec.mode)) {
    start_run(job, start_segment);
    return 0;
  }
  job.state = RunState::kQueued;
  job.run_start = start_segment;
  std::deque<std::string>& queue =
      spec.mode == ConversionMode::kTranscode ? transcode_queue_ : remux_queue_;
  if (std::find(queue.begin(), queue.end(), spec.key) == queue.end()) queue.push_back(spec.key);
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
      return restart_far(job, wanted);
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
      status.queue_position = start_or_queue(job, wanted);
      if (job.state == RunState::kQueued) {
        status.state = SegmentState::kQueued;
      } else {
        status.state =
            job.state == RunState::kRunning ? SegmentState::kConverting : SegmentState::kFailed;
      }
      return status;
    }
  }
  return status;
}

// A far seek replaces the run. Whoever asks owns the new one: a viewer at its cap does not
// take over a run another viewer owns (that viewer's run goes on), and waits as queued.
SegmentStatus JobManager::restart_far(Job& job, int wanted) {
  SegmentStatus status;
  status.path = job.dir / segment_name(wanted);
  if (!link_valid(job)) {
    status.state = SegmentState::kFailed;
    return status;
  }
  if (job.owner != job.spec.viewer && !within_cap(job)) {
    status.state = SegmentState::kQueued;
    return status;
  }
  log_.info("Playback: job {} at segment {}, asked for {}: restarting there", job.spec.key,
            job.frontier_hint, wanted);
  start_run(job, wanted);
  status.state =
      job.state == RunState::kRunning ? SegmentState::kConverting : SegmentState::kFailed;
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

// FIFO per kind; a job whose viewer is at its cap keeps its place and lets the next one start,
// so one viewer's waiting jobs never hold back another viewer's.
void JobManager::give_slots() {
  for (std::deque<std::string>* queue : {&transcode_queue_, &remux_queue_}) {
    for (auto it = queue->begin(); it != queue->end();) {
      const auto found = jobs_.find(*it);
      if (found == jobs_.end() || found->second->state != RunState::kQueued) {
        it = queue->erase(it);
        continue;
      }
      Job& job = *found->second;
      if (!slot_free(job.spec.mode)) break;
      if (!link_valid(job)) {
        log_.info("Playback: {}'s link may no longer start {}; it leaves the queue",
                  job.spec.viewer, job.spec.key);
        job.state = RunState::kStopped;
        it = queue->erase(it);
        continue;
      }
      if (!within_cap(job)) {
        ++it;
        continue;
      }
      it = queue->erase(it);
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
  if (job.released && job.state == RunState::kStopped && !disk_low_) {
    // A viewer came close to where the released run stopped: it goes on from there.
    const int reached = frontier(job);
    const int ahead = reached - std::max(job.last_asked, job.run_start);
    if (reached < job.spec.segment_count && ahead <= settings_.pause_ahead / 2) {
      start_or_queue(job, reached);
    }
    return;
  }
  if (!job.pid || job.state != RunState::kRunning) return;
  const int ahead = frontier(job) - std::max(job.last_asked, job.run_start);
  if (!job.paused && ahead > settings_.pause_ahead) {
    log_.info("Playback: job {} is {} segments ahead of its viewers; pausing it", job.spec.key,
              ahead);
    runner_.signal(*job.pid, SIGSTOP);
    job.paused = true;
    job.paused_at = clock_.steady_now();
  } else if (job.paused && ahead <= settings_.pause_ahead / 2) {
    runner_.signal(*job.pid, SIGCONT);
    job.paused = false;
  }
}

// A paused run holds a slot and counts for its owner; after pause_release it gives both up.
void JobManager::release_paused() {
  const SteadyTime now = clock_.steady_now();
  for (auto& [key, job] : jobs_) {
    if (job->state != RunState::kRunning || !job->paused ||
        now - job->paused_at < settings_.pause_release) {
      continue;
    }
    log_.info("Playback: job {} paused for {} s; stopping it until a viewer comes close", key,
              settings_.pause_release.count());
    stop(*job);
    job->released = true;
  }
}

// A run whose owner asked nothing of it lately counts for the viewer who asked last, within
// that viewer's cap; when every viewer still asking is at its cap, it stops. Nobody keeps a run
// alive beyond their cap by asking for one somebody else started and left.
void JobManager::pass_on_runs() {
  for (auto& entry : jobs_) {
    Job& job = *entry.second;
    if (job.state != RunState::kRunning || job.owner.empty() || job.viewers.contains(job.owner) ||
        job.viewers.empty()) {
      continue;
    }
    std::vector<std::pair<SteadyTime, std::string>> askers;
    for (const auto& [viewer, at] : job.viewers) askers.emplace_back(at, viewer);
    std::sort(askers.rbegin(), askers.rend());
    const ConversionMode mode = job.spec.mode;
    const auto heir = std::find_if(askers.begin(), askers.end(), [&](const auto& asker) {
      return runs_owned(asker.second, mode, &job) < cap(mode);
    });
    if (heir == askers.end()) {
      log_.info("Playback: job {}'s viewers are all at their cap; stopping it", job.spec.key);
      stop(job);
      continue;
    }
    job.owner = heir->second;
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
  release_paused();
  pass_on_runs();
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
