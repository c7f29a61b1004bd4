#pragma once
// Feeds the dashboard's MinuteRing from the HTTP exchanges and passes every call on to the next
// meter (the Prometheus counters), so both see the same requests. The dashboard's own routes
// ("/admin…") are passed on but not put in the ring: an open dashboard polling itself would
// otherwise draw its own traffic.

#include <string_view>

#include "core/clock.hpp"
#include "dashboard/minute_ring.hpp"
#include "http/request_meter.hpp"

namespace tglink {

class MinuteMeter final : public RequestMeter {
 public:
  // All three must outlive the meter.
  MinuteMeter(MinuteRing& ring, RequestMeter& next, const Clock& clock)
      : ring_(ring), next_(next), clock_(clock) {}

  void responded(std::string_view route, int status) override;
  void body_sent(std::string_view route, std::uint64_t bytes) override;

  // Whether the route is one of the dashboard's.
  [[nodiscard]] static bool dashboard_route(std::string_view route);

 private:
  MinuteRing& ring_;
  RequestMeter& next_;
  const Clock& clock_;
};

}  // namespace tglink
