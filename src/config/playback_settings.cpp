#include "config/playback_settings.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <thread>

#include "config/config.hpp"
#include "config/env_reader.hpp"
#include "config/value_parsers.hpp"

namespace tglink {

namespace {

constexpr std::array<std::string_view, 3> kConvertModes{"on", "remux", "off"};
constexpr std::array<std::string_view, 2> kConfinementModes{"required", "available"};
constexpr std::array<std::string_view, 10> kPresets{"ultrafast", "superfast", "veryfast", "faster",
                                                    "fast",      "medium",    "slow",     "slower",
                                                    "veryslow",  "placebo"};

void load_bounded(EnvReader& env, std::string_view name, std::int64_t min, std::int64_t max,
                  std::string_view what, std::string_view example, std::int64_t& field) {
  const std::optional<EnvValue> found = env.get(name);
  if (!found) return;
  const std::optional<std::int64_t> number = parse_integer(found->value);
  if (!number || *number < min || *number > max) {
    env.report(found->name,
               "\"" + found->value + "\" is not " + std::string(what) + " (" + std::to_string(min) +
                   " to " + std::to_string(max) + ")",
               example);
    return;
  }
  field = *number;
}

void load_int(EnvReader& env, std::string_view name, std::int64_t min, std::int64_t max,
              std::string_view what, std::string_view example, int& field) {
  std::int64_t value = field;
  load_bounded(env, name, min, max, what, example, value);
  field = static_cast<int>(value);
}

// One of `words`; anything else is reported as "\"<value>\" is not <expected>".
void load_word(EnvReader& env, std::string_view name, std::span<const std::string_view> words,
               std::string_view expected, std::string_view example, std::string& field) {
  const std::optional<EnvValue> found = env.get(name);
  if (!found) return;
  if (std::find(words.begin(), words.end(), found->value) == words.end()) {
    env.report(found->name, "\"" + found->value + "\" is not " + std::string(expected), example);
    return;
  }
  field = found->value;
}

// A program name or path: no shell ever sees it, but a control character is surely a mistake.
void load_program(EnvReader& env, std::string_view name, std::string& field) {
  const std::optional<EnvValue> found = env.get(name);
  if (!found) return;
  const bool printable = std::all_of(found->value.begin(), found->value.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && c != 0x7F;
  });
  if (found->value.empty() || !printable) {
    env.report(found->name, "must be a program name or path",
               std::string(name) + "=/usr/bin/" + (name == "FFMPEG_PATH" ? "ffmpeg" : "ffprobe"));
    return;
  }
  field = found->value;
}

}  // namespace

void load_playback_settings(EnvReader& env, Config& config) {
  load_word(env, "PLAYER_CONVERT", kConvertModes,
            "on, remux (remux only, no video transcoding) or off (direct play only)",
            "PLAYER_CONVERT=remux", config.player_convert);
  load_program(env, "FFMPEG_PATH", config.ffmpeg_path);
  load_program(env, "FFPROBE_PATH", config.ffprobe_path);
  load_int(env, "TRANSCODE_SLOTS", 1, 64, "a number of concurrent transcodes", "TRANSCODE_SLOTS=1",
           config.transcode_slots);
  load_int(env, "REMUX_SLOTS", 1, 256, "a number of concurrent remuxes", "REMUX_SLOTS=8",
           config.remux_slots);
  load_int(env, "TRANSCODE_MAX_HEIGHT", 144, 2160, "a number of lines", "TRANSCODE_MAX_HEIGHT=720",
           config.transcode_max_height);
  load_bounded(env, "HLS_CACHE_MB", 64, 1 << 20, "a number of MiB", "HLS_CACHE_MB=2048",
               config.hls_cache_mb);
  load_bounded(env, "CONVERTER_MEMORY_MB", 256, 1 << 20, "a number of MiB",
               "CONVERTER_MEMORY_MB=4096", config.converter_memory_mb);
  load_bounded(env, "CONVERTER_CPU_PER_MEDIA_SECOND", 1, 100, "a number of CPU seconds",
               "CONVERTER_CPU_PER_MEDIA_SECOND=4", config.converter_cpu_per_media_second);
  load_bounded(env, "CONVERTER_FILE_MB", 16, 1 << 20, "a number of MiB", "CONVERTER_FILE_MB=1024",
               config.converter_file_mb);
  load_bounded(env, "CONVERTER_OPEN_FILES", 16, 4096, "a number of descriptors",
               "CONVERTER_OPEN_FILES=64", config.converter_open_files);
  load_bounded(env, "CONVERTER_MIN_FREE_MB", 0, 1 << 20, "a number of MiB",
               "CONVERTER_MIN_FREE_MB=1024", config.converter_min_free_mb);
  load_word(env, "CONVERTER_CONFINEMENT", kConfinementModes,
            "required (no conversion where the kernel cannot confine ffmpeg) or available "
            "(convert with what the kernel has)",
            "CONVERTER_CONFINEMENT=required", config.converter_confinement);
  load_word(env, "TRANSCODE_PRESET", kPresets,
            "an x264 preset (ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, "
            "veryslow)",
            "TRANSCODE_PRESET=veryfast", config.transcode_preset);
}

int effective_transcode_slots(const Config& config) {
  if (config.transcode_slots > 0) return config.transcode_slots;
  const unsigned cores = std::thread::hardware_concurrency();
  return std::max(1, static_cast<int>(cores / 2));
}

std::string effective_ffprobe_path(const Config& config) {
  if (!config.ffprobe_path.empty()) return config.ffprobe_path;
  const std::string& ffmpeg = config.ffmpeg_path;
  const std::size_t slash = ffmpeg.rfind('/');
  if (slash == std::string::npos) return "ffprobe";
  return ffmpeg.substr(0, slash + 1) + "ffprobe";
}

}  // namespace tglink
