#pragma once
// A real PGS (Blu-ray picture subtitle) stream for the browser tests, written here because
// FFmpeg has no PGS encoder: one cue, a solid rectangle of one colour, shown from `from` to
// `to` seconds, in the segments a disc carries (presentation composition, window, palette,
// run-length-encoded object, end; then an empty composition that clears it). FFmpeg reads it
// (-f sup), muxes it into Matroska as hdmv_pgs_subtitle, and decodes it to burn or convert.

#include <filesystem>

namespace tglink::testing {

struct PgsCue {
  int video_width = 640;
  int video_height = 360;
  int x = 0;  // the rectangle, in the video's pixels
  int y = 0;
  int width = 0;
  int height = 0;
  double from = 0;  // seconds
  double to = 0;
};

void write_pgs_sup(const std::filesystem::path& path, const PgsCue& cue);

}  // namespace tglink::testing
