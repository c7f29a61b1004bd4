#pragma once
// POST /api/playback/{id} and GET/HEAD /hls/{id}/{session}/{name}: the HTTP side of the
// player's conversions (docs/playback.md). Thin: the link checks are /stream's
// (serving/link_check.hpp), the decision is playback/playback_decision.hpp's, the jobs are
// PlaybackService's; this file turns them into answers, and counts segment bytes toward the
// monthly bandwidth and the link's figures as /stream counts its bytes.

#include "serving/link_check.hpp"

namespace tglink {

class ActiveStreams;
class FileStreamer;
class LinkTrafficMeter;
class PlaybackService;
class Router;
class SessionTokenCodec;

struct PlaybackRouteDeps {
  LinkCheckDeps link;
  FileStreamer& files;
  PlaybackService& playback;
  const SessionTokenCodec& sessions;
  ActiveStreams& streams;
  LinkTrafficMeter* traffic = nullptr;
};

// How long a segment request waits for the converter before answering 503 SEGMENT_NOT_READY.
inline constexpr std::chrono::seconds kSegmentPatience{20};

void add_playback_routes(Router& router, const PlaybackRouteDeps& deps);

}  // namespace tglink
