#pragma once
// The equal segments a conversion is cut into, from the probed duration: segment n covers
// [n * length, (n + 1) * length), the last one what is left. The playlists (hls_playlists.hpp)
// list them; the job manager restarts ffmpeg at their starts; their numbers are the file names.

#include <optional>

#include "playback/session_token.hpp"

namespace tglink {

inline constexpr double kRemuxSegmentSeconds = 6;
inline constexpr double kTranscodeSegmentSeconds = 4;
// Longer media is not converted: its playlist alone would be megabytes.
inline constexpr double kMaxConvertedSeconds = 12 * 3600.0;

class SegmentGrid {
 public:
  // nullopt when the duration is unknown, not positive or over kMaxConvertedSeconds.
  [[nodiscard]] static std::optional<SegmentGrid> make(std::optional<double> duration,
                                                       ConversionMode mode);

  [[nodiscard]] int count() const { return count_; }
  [[nodiscard]] double segment_seconds() const { return segment_; }
  [[nodiscard]] double duration() const { return duration_; }
  [[nodiscard]] double start_of(int segment) const { return segment * segment_; }
  [[nodiscard]] double length_of(int segment) const;
  // The segment holding `seconds` (clamped into the grid).
  [[nodiscard]] int segment_at(double seconds) const;

 private:
  SegmentGrid(double duration, double segment, int count)
      : duration_(duration), segment_(segment), count_(count) {}

  double duration_;
  double segment_;
  int count_;
};

}  // namespace tglink
