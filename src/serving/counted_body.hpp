#pragma once
// The one way a viewer's body is served and a file that can't be located is refused, for /dl,
// /stream and /hls: the body's bytes count toward the monthly bandwidth and the link's own
// figures as they reach the connection (serving/counting_channel.hpp), and the transfer is an
// active stream for as long as it runs.

#include <cstdint>
#include <string>

#include "http/http_response.hpp"
#include "media/file_streamer.hpp"
#include "serving/active_streams.hpp"
#include "serving/counting_channel.hpp"

namespace tglink {

class BandwidthMeter;
class LinkTrafficMeter;

// Where a viewer's bytes are counted; `traffic` may be null (links' figures not kept).
struct ViewerCounting {
  BandwidthMeter& bandwidth;
  LinkTrafficMeter* traffic;
  ActiveStreams& streams;
};

// How the operator's dashboard lists the body among the active streams.
struct StreamLabel {
  std::string client;  // the client's address
  std::string file;    // the file's name, or what stands for it
};

// A body under way: write it through channel(); counting and the active stream end with it.
class CountedBody {
 public:
  CountedBody(const ViewerCounting& counting, ResponseChannel& out, std::int64_t link,
              StreamLabel label = {});
  CountedBody(const CountedBody&) = delete;
  CountedBody& operator=(const CountedBody&) = delete;

  [[nodiscard]] CountingChannel& channel() { return counted_; }

 private:
  ActiveStreams::Ticket ticket_;
  CountingChannel counted_;
};

// 503 SERVICE_UNAVAILABLE with Retry-After kFileUnavailableRetryAfter when no bot can reach the
// file now, else 404 FILE_NOT_FOUND.
[[nodiscard]] HttpResponse locate_refusal(const LocateResult& located);

}  // namespace tglink
