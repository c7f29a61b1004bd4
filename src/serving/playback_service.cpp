#include "serving/playback_service.hpp"

#include <algorithm>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "config/config.hpp"
#include "config/playback_settings.hpp"
#include "core/unix_time.hpp"
#include "http/internal_request.hpp"
#include "logging/log.hpp"
#include "media/file_streamer.hpp"
#include "playback/ffmpeg_command.hpp"
#include "playback/media_allow_lists.hpp"
#include "playback/subtitle_segments.hpp"
#include "store/store.hpp"
#include "store/store_executor.hpp"

namespace tglink {

namespace asio = boost::asio;

namespace {

constexpr std::chrono::milliseconds kPoll{100};
constexpr std::chrono::seconds kTick{1};
constexpr std::size_t kMaxProbesInMemory = 4096;

// The loopback address ffmpeg reaches this server at, or "" when it listens elsewhere only.
std::string loopback_base(const Config& config) {
  const std::string& bind = config.bind_address;
  const std::string port = std::to_string(config.port);
  if (bind == "0.0.0.0" || bind.starts_with("127.")) return "http://127.0.0.1:" + port;
  if (bind == "::" || bind == "::1") return "http://[::1]:" + port;
  return {};
}

ConvertPolicy policy_of(const std::string& setting) {
  if (setting == "off") return ConvertPolicy::kOff;
  if (setting == "remux") return ConvertPolicy::kRemuxOnly;
  return ConvertPolicy::kOn;
}

// A folder name from TDLib's unique id: its base64url characters, anything else dropped.
std::string safe_name(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '_') {
      out.push_back(c);
    }
  }
  return out.substr(0, 64);
}

struct MemoProbe {
  std::optional<MediaProbe> probe;
  SteadyTime at{};
};

}  // namespace

PlaybackSettings playback_settings_from(const Config& config) {
  PlaybackSettings settings;
  settings.convert = policy_of(config.player_convert);
  settings.ffmpeg = config.ffmpeg_path;
  settings.ffprobe = effective_ffprobe_path(config);
  settings.max_height = config.transcode_max_height;
  settings.preset = config.transcode_preset;
  settings.loopback_base = loopback_base(config);
  settings.jobs.root = config.data_dir / "hls";
  settings.jobs.transcode_slots = effective_transcode_slots(config);
  settings.jobs.remux_slots = config.remux_slots;
  settings.jobs.cache_bytes = static_cast<std::uint64_t>(config.hls_cache_mb) << 20;
  settings.jobs.min_free_bytes = static_cast<std::uint64_t>(config.converter_min_free_mb) << 20;
  settings.confinement.memory_bytes = static_cast<std::uint64_t>(config.converter_memory_mb) << 20;
  settings.confinement.cpu_per_media_second =
      static_cast<std::uint64_t>(config.converter_cpu_per_media_second);
  settings.confinement.file_bytes = static_cast<std::uint64_t>(config.converter_file_mb) << 20;
  settings.confinement.open_files = static_cast<std::uint64_t>(config.converter_open_files);
  settings.confinement.source_port = config.port;
  settings.confinement.mode = config.converter_confinement == "available"
                                  ? ConfinementMode::kAvailable
                                  : ConfinementMode::kRequired;
  return settings;
}

struct PlaybackService::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::any_io_executor ex, const PlaybackSettings& s, Store& st, StoreExecutor& sw,
       SourceGrants& g, std::unique_ptr<ProcessRunner> r, const Clock& c, Log& l)
      : executor(std::move(ex)),
        settings(s),
        store(st),
        store_work(sw),
        grants(g),
        runner(std::move(r)),
        clock(c),
        log(l),
        jobs(s.jobs, *runner, c, l),
        timer(executor),
        probe_pool(static_cast<std::size_t>(std::max(1, s.probes_at_once))),
        file_pool(1) {}

  asio::any_io_executor executor;
  PlaybackSettings settings;
  Store& store;
  StoreExecutor& store_work;
  SourceGrants& grants;
  std::unique_ptr<ProcessRunner> runner;
  const Clock& clock;
  Log& log;
  JobManager jobs;
  asio::steady_timer timer;
  asio::thread_pool probe_pool;
  asio::thread_pool file_pool;           // subtitle files, read and cut off the I/O thread
  MergedSubtitleFiles merged_subtitles;  // used on file_pool
  bool ffmpeg_found = false;
  bool ffprobe_found = false;
  bool stopped = false;
  std::map<std::string, MemoProbe> probes;
  std::set<std::string> probing;

  static asio::awaitable<void> tick_loop(std::shared_ptr<Impl> self) {
    while (!self->stopped) {
      self->timer.expires_after(kTick);
      boost::system::error_code ec;
      co_await self->timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
      if (self->stopped) break;
      self->jobs.tick();
    }
  }

  std::optional<std::optional<MediaProbe>> remembered(const std::string& key) {
    const auto found = probes.find(key);
    if (found == probes.end()) return std::nullopt;
    if (!found->second.probe &&
        clock.steady_now() - found->second.at >= settings.failed_probe_retry) {
      probes.erase(found);
      return std::nullopt;
    }
    return found->second.probe;
  }

  void remember(const std::string& key, std::optional<MediaProbe> probe) {
    if (probes.size() >= kMaxProbesInMemory) probes.clear();  // a cache: the store keeps them
    probes[key] = MemoProbe{std::move(probe), clock.steady_now()};
  }

  asio::awaitable<std::optional<MediaProbeRecord>> stored(const std::string& key) {
    Store& s = store;
    std::optional<MediaProbeRecord> record;
    // The lambda captures references only: GCC 12 destroys a temporary holding a std::string
    // wrongly across a co_await (ASan: bad-free), and `key` outlives the call anyway.
    try {
      record = co_await store_work.run([&s, &key] { return s.find_media_probe(key); });
    } catch (const StoreError& e) {
      log.warning("Playback: the stored probe of {} is unreadable: {}", key, e.what());
    }
    co_return record;
  }

  asio::awaitable<void> save(MediaProbeRecord record) {
    Store& s = store;
    try {
      co_await store_work.run([&s, &record] { s.save_media_probe(record); });
    } catch (const StoreError& e) {
      log.warning("Playback: the probe of {} was not stored: {}", record.unique_id, e.what());
    }
  }

  asio::awaitable<std::optional<MediaProbe>> run_ffprobe(const StoredFile& file) {
    // The capability lives until the run is over: run_captured reaps the child before returning.
    const SourceLease lease(grants, file.message_id);
    const std::vector<std::string> argv =
        ffprobe_argv(settings.ffprobe, LoopbackSource{settings.loopback_base + lease.path()});
    const std::chrono::milliseconds timeout = settings.probe_timeout;
    const ChildLimits limits = limits_for(settings.confinement, 0);
    const CapturedRun run = co_await asio::co_spawn(
        probe_pool.get_executor(),
        [&argv, &limits, timeout]() -> asio::awaitable<CapturedRun> {
          co_return run_captured(argv, limits, timeout, kMaxProbeJsonBytes);
        },
        asio::use_awaitable);
    if (std::optional<MediaRefusal> refused = refusal_in_log(run.diagnostics)) {
      log.info("Playback: message {} refused: its {} {} is not on the allow-list", file.message_id,
               refusal_kind_name(refused->kind), refused->name);
      co_return refused_probe(std::move(*refused));
    }
    if (!run.started || run.timed_out || run.output_too_large || !run.exit || !run.exit->success) {
      log.warning("Playback: ffprobe failed on message {} ({}{}{}{})", file.message_id, run.error,
                  run.timed_out ? "timed out" : "", run.output_too_large ? "output too large" : "",
                  run.exit && !run.exit->success ? "exit " + std::to_string(run.exit->code) : "");
      co_return std::nullopt;
    }
    ProbeParse parsed = parse_ffprobe_json(run.output);
    if (!parsed.probe) {
      log.warning("Playback: ffprobe's answer on message {} is unusable: {}", file.message_id,
                  parsed.error);
    }
    co_return parsed.probe;
  }

  asio::awaitable<std::optional<MediaProbe>> probe(StoredFile file) {
    std::shared_ptr<Impl> keep = shared_from_this();
    const std::string key =
        file.unique_id.empty() ? "m" + std::to_string(file.message_id) : file.unique_id;
    // One probe per file at a time: the others wait for its answer.
    asio::steady_timer wait(executor);
    while (probing.contains(key)) {
      wait.expires_after(kPoll);
      co_await wait.async_wait(asio::use_awaitable);
    }
    if (auto known = remembered(key)) co_return *known;
    probing.insert(key);
    std::optional<MediaProbe> probe;
    try {
      probe = co_await find_or_make(file, key);
    } catch (...) {
      probing.erase(key);
      throw;
    }
    probing.erase(key);
    remember(key, probe);
    co_return probe;
  }

  asio::awaitable<std::optional<MediaProbe>> find_or_make(const StoredFile& file,
                                                          const std::string& key) {
    const std::int64_t now = unix_seconds(clock.now());
    if (const std::optional<MediaProbeRecord> record = co_await stored(key)) {
      const bool fresh_failure =
          !record->ok && now - record->probed_unix < settings.failed_probe_retry.count();
      if (record->ok) {
        if (std::optional<MediaProbe> probe = probe_from_json(record->probe_json)) co_return probe;
      } else if (fresh_failure) {
        co_return std::nullopt;
      }
    }
    if (!ffprobe_found || settings.loopback_base.empty() ||
        confinement_refuses(settings.confinement)) {
      co_return std::nullopt;
    }
    std::optional<MediaProbe> probe = co_await run_ffprobe(file);
    MediaProbeRecord record;
    record.unique_id = key;
    record.probe_json = probe ? probe_to_json(*probe) : "";
    record.ok = probe.has_value();
    record.probed_unix = now;
    co_await save(std::move(record));
    co_return probe;
  }

  asio::awaitable<SegmentStatus> wait_segment(JobSpec spec, int segment,
                                              std::chrono::milliseconds patience) {
    std::shared_ptr<Impl> keep = shared_from_this();
    const SteadyTime deadline = clock.steady_now() + patience;
    asio::steady_timer wait(executor);
    for (;;) {
      const SegmentStatus status = jobs.segment(spec, segment);
      if (status.state != SegmentState::kConverting || clock.steady_now() >= deadline || stopped) {
        co_return status;
      }
      wait.expires_after(kPoll);
      co_await wait.async_wait(asio::use_awaitable);
    }
  }
};

PlaybackService::PlaybackService(asio::any_io_executor executor, PlaybackSettings settings,
                                 Store& store, StoreExecutor& store_work, SourceGrants& grants,
                                 std::unique_ptr<ProcessRunner> runner, const Clock& clock,
                                 Log& log)
    : impl_(std::make_shared<Impl>(std::move(executor), settings, store, store_work, grants,
                                   std::move(runner), clock, log)),
      settings_(std::move(settings)) {}

PlaybackService::~PlaybackService() { stop(); }

void PlaybackService::start() {
  Impl& impl = *impl_;
  apply_confinement_state(settings_.confinement, detect_confinement(), settings_.ffmpeg,
                          settings_.ffprobe);
  impl.settings.confinement = settings_.confinement;
  impl.ffmpeg_found = find_program(settings_.ffmpeg).has_value();
  impl.ffprobe_found = find_program(settings_.ffprobe).has_value();
  if (!impl.ffmpeg_found || !impl.ffprobe_found) {
    impl.log.warning(
        "Player: {} not found; the player plays only what the browser decodes (install ffmpeg or "
        "set FFMPEG_PATH)",
        !impl.ffmpeg_found ? settings_.ffmpeg : settings_.ffprobe);
  }
  if (settings_.loopback_base.empty()) {
    impl.log.warning(
        "Player: BIND_ADDRESS is not a loopback or wildcard address, so ffmpeg "
        "cannot read /stream; conversions are off");
  }
  if (policy().ffmpeg_available && settings_.convert != ConvertPolicy::kOff) {
    if (confinement_refuses(settings_.confinement)) {
      impl.log.warning(
          "Player: {}; set CONVERTER_CONFINEMENT=available to convert with what there is",
          confinement_summary(settings_.confinement));
    } else {
      impl.log.info("Player: {}", confinement_summary(settings_.confinement));
    }
  }
  impl.jobs.clean_start();
  asio::co_spawn(impl.executor, Impl::tick_loop(impl_), asio::detached);
}

void PlaybackService::stop() {
  if (impl_->stopped) return;
  impl_->stopped = true;
  impl_->timer.cancel();
  impl_->jobs.stop_all();
  impl_->probe_pool.join();
  impl_->file_pool.join();
}

ServerPolicy PlaybackService::policy() const {
  ServerPolicy policy;
  policy.convert = settings_.convert;
  policy.ffmpeg_available =
      impl_->ffmpeg_found && impl_->ffprobe_found && !settings_.loopback_base.empty();
  policy.disk_low = impl_->jobs.disk_low();
  policy.confinement_missing = confinement_refuses(settings_.confinement);
  return policy;
}

std::string PlaybackService::conversion_summary() const {
  if (settings_.convert == ConvertPolicy::kOff) return "off";
  if (!policy().ffmpeg_available) return "unavailable";
  if (policy().confinement_missing) return "refused (no confinement)";
  return settings_.convert == ConvertPolicy::kRemuxOnly ? "remux" : "remux and transcode";
}

ConversionLoad PlaybackService::conversion_load() const {
  const JobManager& jobs = impl_->jobs;
  return ConversionLoad{jobs.running_jobs(), jobs.queued_jobs(), settings_.jobs.transcode_slots,
                        settings_.jobs.remux_slots, jobs.runs_started()};
}

asio::awaitable<std::optional<MediaProbe>> PlaybackService::probe(const StoredFile& file) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await impl->probe(file);
}

JobSpec PlaybackService::job_spec(const StoredFile& file, const SessionChoice& choice,
                                  const MediaProbe& probe, const SegmentGrid& grid,
                                  const std::string& viewer,
                                  std::function<bool()> link_valid) const {
  JobSpec spec;
  const std::string file_key =
      file.unique_id.empty() ? "m" + std::to_string(file.message_id) : safe_name(file.unique_id);
  spec.key = file_key + "-" + choice_key(choice);
  spec.mode = choice.mode;
  spec.segment_count = grid.count();
  spec.viewer = viewer;
  spec.link_valid = std::move(link_valid);
  JobCommand command{settings_.ffmpeg,
                     LoopbackSource{},
                     choice,
                     probe,
                     grid,
                     settings_.preset,
                     impl_->jobs.folder(spec.key)};
  // Each run reads its source with a capability of its own for the file (not for the asking
  // link, which may expire while the run goes on for other viewers), revoked when it is over.
  SourceGrants* grants = &impl_->grants;
  const std::string base = settings_.loopback_base;
  const std::int64_t message_id = file.message_id;
  ChildLimits limits = limits_for(settings_.confinement, probe.duration.value_or(0));
  limits.files.writable = command.dir;  // the only folder its runs may write into
  spec.command = [command, grants, base, message_id, limits](int start, int run) {
    const std::string capability = grants->grant(message_id);
    JobCommand with_source = command;
    with_source.source.url = base + std::string(kSourcePrefix) + capability;
    return JobRun{job_argv(with_source, start, run), limits,
                  [grants, capability] { grants->revoke(capability); }};
  };
  return spec;
}

int PlaybackService::open(const JobSpec& spec, int start_segment) {
  return impl_->jobs.open(spec, start_segment);
}

void PlaybackService::touch(const JobSpec& spec) { impl_->jobs.touch(spec.key, spec.viewer); }

std::filesystem::path PlaybackService::job_folder(const JobSpec& spec) const {
  return impl_->jobs.folder(spec.key);
}

asio::awaitable<SegmentStatus> PlaybackService::wait_segment(const JobSpec& spec, int segment,
                                                             std::chrono::milliseconds patience) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await impl->wait_segment(spec, segment, patience);
}

asio::awaitable<std::string> PlaybackService::on_file_pool(std::function<std::string()> work) {
  std::shared_ptr<Impl> impl = impl_;
  co_return co_await asio::co_spawn(
      impl->file_pool.get_executor(),
      [&work]() -> asio::awaitable<std::string> { co_return work(); }, asio::use_awaitable);
}

asio::awaitable<std::string> PlaybackService::subtitle_segment(std::filesystem::path job_dir,
                                                               SegmentGrid grid, int n) {
  co_return co_await on_file_pool([&] { return tglink::subtitle_segment(job_dir, grid, n); });
}

asio::awaitable<std::optional<JobFile>> PlaybackService::drawn_subtitle(
    std::filesystem::path job_dir, DrawnSubtitleMerge kind) {
  std::shared_ptr<Impl> impl = impl_;
  MergedSubtitleFiles& merged = impl->merged_subtitles;
  co_return co_await asio::co_spawn(
      impl->file_pool.get_executor(),
      [&merged, &job_dir, &kind]() -> asio::awaitable<std::optional<JobFile>> {
        co_return merged.current(job_dir, kind);
      },
      asio::use_awaitable);
}

std::size_t PlaybackService::running_jobs() const { return impl_->jobs.running_jobs(); }

}  // namespace tglink
