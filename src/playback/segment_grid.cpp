#include "playback/segment_grid.hpp"

#include <algorithm>
#include <cmath>

namespace tglink {

std::optional<SegmentGrid> SegmentGrid::make(std::optional<double> duration, ConversionMode mode) {
  if (!duration || !std::isfinite(*duration) || *duration <= 0 ||
      *duration > kMaxConvertedSeconds) {
    return std::nullopt;
  }
  const double segment =
      mode == ConversionMode::kTranscode ? kTranscodeSegmentSeconds : kRemuxSegmentSeconds;
  // A last sliver under 10 ms is not worth a segment of its own.
  const int count = std::max(1, static_cast<int>(std::ceil((*duration - 0.01) / segment)));
  return SegmentGrid(*duration, segment, count);
}

double SegmentGrid::length_of(int segment) const {
  if (segment < count_ - 1) return segment_;
  return std::max(0.01, duration_ - segment_ * (count_ - 1));
}

int SegmentGrid::segment_at(double seconds) const {
  if (!(seconds > 0)) return 0;
  return std::clamp(static_cast<int>(seconds / segment_), 0, count_ - 1);
}

}  // namespace tglink
