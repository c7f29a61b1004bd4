#pragma once
// The sample files `tglink demo` sends when no files are given: a few seconds of H.264/AAC MP4
// made with ffmpeg, and a short text document. Both live in DATA_DIR/demo/ and are made once;
// later runs reuse them.

#include <filesystem>
#include <optional>
#include <string>

#include "app/demo_upload.hpp"

namespace tglink {

// The sample video's shape, which the demo also tells the simulator.
inline constexpr int kSampleVideoSeconds = 5;
inline constexpr int kSampleVideoWidth = 640;
inline constexpr int kSampleVideoHeight = 360;

struct SampleVideo {
  std::optional<DemoUpload> upload;  // none when it could not be made
  std::string problem;               // why not, and what to do about it
};

// DATA_DIR/demo/tglink-demo.mp4: a test pattern with a 440 Hz tone. Made by running `ffmpeg`
// from PATH (its output goes to DATA_DIR/demo/ffmpeg.log); reused when it already exists.
// Never throws: a missing or failing ffmpeg is reported in `problem`.
[[nodiscard]] SampleVideo make_sample_video(const std::filesystem::path& demo_dir);

// DATA_DIR/demo/tglink-demo.txt, a few lines about the demo. Throws std::runtime_error naming
// the file when it cannot be written.
[[nodiscard]] DemoUpload make_sample_document(const std::filesystem::path& demo_dir);

}  // namespace tglink
