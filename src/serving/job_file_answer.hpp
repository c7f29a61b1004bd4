#pragma once
// A file a conversion job wrote (a segment, an attached font, a merged drawn subtitle) sent to a
// viewer: zero-copy from its descriptor (sendfile), with the content plan of /dl
// (http/content_plan.hpp: ranges, If-None-Match, If-Range...) and validators of its own (an ETag
// from the file's inode, size and modification time; Last-Modified), its bytes counted toward
// the monthly bandwidth and the link's figures as /stream counts them. The answer takes a share
// of the player's answer budget (serving/answer_budget.hpp) for as long as it is under way;
// without one, 503 PLAYER_BUSY.

#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>

#include "playback/job_file.hpp"
#include "serving/playback_routes.hpp"

namespace tglink {

class HttpRequest;
class ResponseChannel;

struct JobFileAnswer {
  std::string_view content_type;
  std::string cache_control;  // "no-store" for a file that grows
};

boost::asio::awaitable<void> send_job_file(const PlaybackRouteDeps& deps,
                                           const HttpRequest& request, const LinkCheck& check,
                                           const JobFile& file, const JobFileAnswer& how,
                                           ResponseChannel& out);

// 503 PLAYER_BUSY with Retry-After: the answer budget is spent.
[[nodiscard]] HttpResponse player_busy_answer();

}  // namespace tglink
