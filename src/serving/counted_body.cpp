#include "serving/counted_body.hpp"

#include "serving/bandwidth_meter.hpp"
#include "serving/link_traffic.hpp"

namespace tglink {

CountedBody::CountedBody(const ViewerCounting& counting, ResponseChannel& out, std::int64_t link,
                         StreamLabel label)
    : ticket_(counting.streams.start(std::move(label.client), std::move(label.file))),
      counted_(
          out,
          [&meter = counting.bandwidth, traffic = counting.traffic, link](std::uint64_t bytes) {
            meter.add(bytes);
            if (traffic != nullptr) traffic->count_bytes(link, bytes);
          },
          [&meter = counting.bandwidth] { return meter.limit_reached(); }) {}

HttpResponse locate_refusal(const LocateResult& located) {
  if (located.status == LocateStatus::Unavailable) {
    return json_error(503, "SERVICE_UNAVAILABLE",
                      "No bot can reach the file right now; try again shortly",
                      kFileUnavailableRetryAfter.count());
  }
  return json_error(404, "FILE_NOT_FOUND", "The file of this link no longer exists");
}

}  // namespace tglink
