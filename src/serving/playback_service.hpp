#pragma once
// The player's conversions on the I/O thread: the probe of each file (kept in memory and in
// the store, run on a worker thread), the job manager (playback/job_manager.hpp) ticked every
// second, and the waits of segment requests. What to do is decided in playback/; this class
// only gets the facts and runs the jobs. Serving the answers is serving/playback_routes.hpp.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "core/clock.hpp"
#include "playback/child_confinement.hpp"
#include "playback/job_file.hpp"
#include "playback/job_manager.hpp"
#include "playback/media_probe.hpp"
#include "playback/merged_subtitle_file.hpp"
#include "playback/playback_decision.hpp"
#include "playback/segment_grid.hpp"
#include "playback/session_token.hpp"

namespace tglink {

class Log;
class SourceGrants;
class Store;
class StoreExecutor;
struct Config;
struct StoredFile;

struct PlaybackSettings {
  ConvertPolicy convert = ConvertPolicy::kOn;
  std::string ffmpeg = "ffmpeg";
  std::string ffprobe = "ffprobe";
  int max_height = 720;
  std::string preset = "veryfast";
  // http://127.0.0.1:PORT: where ffmpeg reads /source; "" = no loopback (no conversions).
  std::string loopback_base;
  JobSettings jobs;
  ConfinementSettings confinement;  // the children's limits (CONVERTER_*)
  std::chrono::milliseconds probe_timeout{20000};
  // A failed probe is tried again after this long (a file that hangs ffprobe is not retried on
  // every click).
  std::chrono::seconds failed_probe_retry{3600};
  int probes_at_once = 2;
};

// PLAYER_CONVERT and the rest from the configuration; DATA_DIR/hls for the segments.
[[nodiscard]] PlaybackSettings playback_settings_from(const Config& config);

struct ConversionLoad {
  std::size_t running = 0;
  std::size_t queued = 0;
  int transcode_slots = 0;
  int remux_slots = 0;
  std::uint64_t runs_started = 0;
};

class PlaybackService {
 public:
  PlaybackService(boost::asio::any_io_executor executor, PlaybackSettings settings, Store& store,
                  StoreExecutor& store_work, SourceGrants& grants,
                  std::unique_ptr<ProcessRunner> runner, const Clock& clock, Log& log);
  ~PlaybackService();
  PlaybackService(const PlaybackService&) = delete;
  PlaybackService& operator=(const PlaybackService&) = delete;

  // Looks for ffmpeg and ffprobe, empties DATA_DIR/hls and starts the tick.
  void start();
  // Kills and reaps every job; nothing runs afterwards.
  void stop();

  [[nodiscard]] ServerPolicy policy() const;
  // For /api/info: "remux and transcode", "remux", "off" or "unavailable" (no ffmpeg).
  [[nodiscard]] std::string conversion_summary() const;
  // Conversions running and waiting, the slots, and runs started (the dashboard, /metrics).
  [[nodiscard]] ConversionLoad conversion_load() const;
  [[nodiscard]] const PlaybackSettings& settings() const { return settings_; }

  // The probe of `file` (whose link the caller has checked), read through /source/: from
  // memory, the store, or ffprobe. nullopt when ffprobe is missing or could not read the file.
  boost::asio::awaitable<std::optional<MediaProbe>> probe(const StoredFile& file);

  // The job of a session (the probe must be known), as `viewer` asks for it: its runs read
  // `file` with a capability for the file, and start only while `link_valid` (the viewer's
  // link, neither expired nor revoked) says so.
  [[nodiscard]] JobSpec job_spec(const StoredFile& file, const SessionChoice& choice,
                                 const MediaProbe& probe, const SegmentGrid& grid,
                                 const std::string& viewer, std::function<bool()> link_valid) const;
  // Starts (or joins) the job at `start_segment`; the queue position (0: converting).
  int open(const JobSpec& spec, int start_segment);
  void touch(const JobSpec& spec);
  // The folder the job's runs write into (it may not exist yet).
  [[nodiscard]] std::filesystem::path job_folder(const JobSpec& spec) const;
  // Waits up to `patience` for segment `segment` (-1: init.mp4) while the job converts.
  boost::asio::awaitable<SegmentStatus> wait_segment(const JobSpec& spec, int segment,
                                                     std::chrono::milliseconds patience);

  // Segment n of the subtitle playlist of the job in `job_dir`, cut on a worker thread
  // (playback/subtitle_segments.hpp): whole WebVTT files are read and parsed for it.
  boost::asio::awaitable<std::string> subtitle_segment(std::filesystem::path job_dir,
                                                       SegmentGrid grid, int n);

  // A subtitle the player draws (`kind`: the ASS script, the PGS stream) of the job in
  // `job_dir` as far as its runs have read it, open for serving: merged into one file on a
  // worker thread when a run changed (playback/merged_subtitle_file.hpp); nullopt before the
  // first run reached it.
  boost::asio::awaitable<std::optional<JobFile>> drawn_subtitle(std::filesystem::path job_dir,
                                                                DrawnSubtitleMerge kind);

  [[nodiscard]] std::size_t running_jobs() const;

 private:
  struct Impl;
  // Runs `work` (whole files read and merged) on the file pool, off the I/O thread.
  boost::asio::awaitable<std::string> on_file_pool(std::function<std::string()> work);

  std::shared_ptr<Impl> impl_;
  PlaybackSettings settings_;
};

}  // namespace tglink
