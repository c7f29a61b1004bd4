// One first segment of a conversion, from ffprobe's start to the moment ffmpeg's segment 0 is
// complete, with the children confined as tglink confines them, or with only the process
// hygiene that predates the confinement. bench/confinement_bench.py runs it in alternating
// rounds and prints the ratio: what the Landlock rules and the system-call filter cost.
//
// It runs the same code tglink runs (ffprobe_argv, job_argv, limits_for, PosixProcessRunner),
// reading the clip over loopback HTTP as tglink's children do, but without tglink's HTTP server,
// the simulator or the player in between: their noise on a shared machine is larger than
// what is measured here.
//
//   confinement_bench --url http://127.0.0.1:PORT/clip.mkv --mode remux|transcode
//                     --confined yes|no --dir EMPTY_FOLDER
// prints one line of JSON: {"probe_s":..,"first_segment_s":..,"cpu_s":..,"in_force":".."}.

#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>

#include "playback/child_confinement.hpp"
#include "playback/child_process.hpp"
#include "playback/ffmpeg_command.hpp"
#include "playback/media_probe.hpp"
#include "playback/segment_grid.hpp"

namespace {

using namespace tglink;
using Clock = std::chrono::steady_clock;

struct Options {
  std::string url;
  std::uint16_t port = 0;
  ConversionMode mode = ConversionMode::kRemux;
  bool confined = true;
  std::filesystem::path dir;
};

constexpr std::chrono::seconds kProbeTimeout{30};
constexpr std::chrono::seconds kSegmentTimeout{120};
constexpr std::chrono::milliseconds kPoll{1};

std::optional<Options> parse_options(int argc, char** argv, std::string& error) {
  std::map<std::string, std::string> values;
  for (int i = 1; i + 1 < argc; i += 2) values[argv[i]] = argv[i + 1];
  Options options;
  options.url = values["--url"];
  options.dir = values["--dir"];
  const std::string mode = values["--mode"];
  const std::string confined = values["--confined"];
  const std::size_t port_start = options.url.rfind(':');
  if (options.url.rfind("http://127.0.0.1:", 0) != 0 || port_start == std::string::npos) {
    error = "--url must be http://127.0.0.1:PORT/...";
    return std::nullopt;
  }
  const char* digits = options.url.data() + port_start + 1;
  const char* end = options.url.data() + options.url.size();
  if (std::from_chars(digits, end, options.port).ec != std::errc{} || options.port == 0) {
    error = "--url names no port";
    return std::nullopt;
  }
  if (mode != "remux" && mode != "transcode") error = "--mode must be remux or transcode";
  if (confined != "yes" && confined != "no") error = "--confined must be yes or no";
  if (options.dir.empty()) error = "--dir must name an empty folder";
  if (!error.empty()) return std::nullopt;
  options.mode = mode == "remux" ? ConversionMode::kRemux : ConversionMode::kTranscode;
  options.confined = confined == "yes";
  return options;
}

// What tglink would confine its children with on this host, or, for the baseline, the same
// settings with neither Landlock nor the filter: the limits, the environment, the closed
// descriptors and the parent-death signal stay.
ConfinementSettings settings_for(const Options& options) {
  ConfinementSettings settings;
  settings.mode = ConfinementMode::kAvailable;
  settings.source_port = options.port;
  if (options.confined)
    apply_confinement_state(settings, detect_confinement(), "ffmpeg", "ffprobe");
  return settings;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double children_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// The session tglink's decision gives the bench's clips in Chromium: H.264 copied and AC-3 made
// AAC (remux), HEVC made H.264 and AAC copied (transcode).
SessionChoice choice_for(ConversionMode mode) {
  SessionChoice choice;
  choice.mode = mode;
  choice.audio_track = 0;
  choice.copy_audio = mode == ConversionMode::kTranscode;
  return choice;
}

void stop(PosixProcessRunner& runner, int pid) {
  runner.signal(pid, SIGKILL);
  for (;;) {
    for (const ChildExit& exit : runner.reap()) {
      if (exit.pid == pid) return;
    }
    std::this_thread::sleep_for(kPoll);
  }
}

int run(const Options& options) {
  const ConfinementSettings settings = settings_for(options);
  const double cpu_before = children_cpu_seconds();
  const Clock::time_point start = Clock::now();

  const CapturedRun probe_run =
      run_captured(ffprobe_argv("ffprobe", LoopbackSource{options.url}), limits_for(settings, 0),
                   kProbeTimeout, kMaxProbeJsonBytes);
  const double probe_seconds = seconds_since(start);
  const ProbeParse parse = parse_ffprobe_json(probe_run.output);
  if (!parse.probe) {
    std::cerr << "ffprobe: " << parse.error << " " << probe_run.error << probe_run.diagnostics;
    return 1;
  }
  const std::optional<SegmentGrid> grid = SegmentGrid::make(parse.probe->duration, options.mode);
  if (!grid) {
    std::cerr << "the clip has no usable duration\n";
    return 1;
  }
  const JobCommand job{"ffmpeg",
                       LoopbackSource{options.url},
                       choice_for(options.mode),
                       *parse.probe,
                       *grid,
                       "veryfast",
                       options.dir};
  ChildLimits limits = limits_for(settings, grid->duration());
  limits.files.writable = options.dir;
  PosixProcessRunner runner;
  std::string error;
  const std::optional<int> pid =
      runner.spawn(job_argv(job, 0, 0), limits, options.dir / "ffmpeg.log", error);
  if (!pid) {
    std::cerr << "ffmpeg: " << error << "\n";
    return 1;
  }
  const std::filesystem::path first = options.dir / "0.m4s";
  while (!std::filesystem::exists(first) && seconds_since(start) < kSegmentTimeout.count()) {
    std::this_thread::sleep_for(kPoll);
  }
  const double first_seconds = seconds_since(start);
  stop(runner, *pid);
  if (!std::filesystem::exists(first)) {
    std::cerr << "no first segment; see " << (options.dir / "ffmpeg.log") << "\n";
    return 1;
  }
  std::cout << "{\"probe_s\":" << probe_seconds << ",\"first_segment_s\":" << first_seconds
            << ",\"cpu_s\":" << children_cpu_seconds() - cpu_before << ",\"in_force\":\""
            << confinement_in_force(settings) << "\"}\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string error;
  const std::optional<Options> options = parse_options(argc, argv, error);
  if (!options) {
    std::cerr << "confinement_bench: " << error << "\n";
    return 2;
  }
  return run(*options);
}
