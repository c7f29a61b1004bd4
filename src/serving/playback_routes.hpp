#pragma once
// POST /api/playback/{id} and GET/HEAD /hls/{id}/{session}/{name}: the HTTP side of the
// player's conversions (docs/playback.md). Thin: the link checks are /stream's
// (serving/link_check.hpp), the decision is playback/playback_decision.hpp's, the jobs are
// PlaybackService's; this file turns them into answers. What a job wrote (segments, fonts, the
// merged drawn subtitles) is sent from its file (serving/job_file_answer.hpp), its bytes counted
// toward the monthly bandwidth and the link's figures as /stream counts its bytes; what is built
// in memory (playlists, WebVTT segments) is small, and both take a share of the answer budget
// (serving/answer_budget.hpp) while they wait on their clients.

#include <memory>

#include "serving/link_check.hpp"

namespace tglink {

class ActiveStreams;
class AnswerBudget;
class FileStreamer;
class LinkTrafficMeter;
class PlaybackService;
class Router;
class SessionTokenCodec;
class SidecarSubtitles;

struct PlaybackRouteDeps {
  LinkCheckDeps link;
  FileStreamer& files;
  PlaybackService& playback;
  const SessionTokenCodec& sessions;
  ActiveStreams& streams;
  LinkTrafficMeter* traffic = nullptr;
  // The bound on the answers waiting on their clients (serving/answer_budget.hpp); null: one
  // with the default limits, shared by the routes.
  std::shared_ptr<AnswerBudget> answers;
  // Subtitles sent beside the video (serving/sidecar_subtitles.hpp), listed in the answer's
  // "sidecars"; null: none listed.
  SidecarSubtitles* sidecars = nullptr;
};

// How long a segment request waits for the converter before answering 503 SEGMENT_NOT_READY.
inline constexpr std::chrono::seconds kSegmentPatience{20};

void add_playback_routes(Router& router, PlaybackRouteDeps deps);

}  // namespace tglink
