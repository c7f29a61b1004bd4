#include "dashboard/minute_meter.hpp"

namespace tglink {

bool MinuteMeter::dashboard_route(std::string_view route) { return route.starts_with("/admin"); }

void MinuteMeter::responded(std::string_view route, int status) {
  if (!dashboard_route(route)) ring_.add(clock_.now(), 1, 0);
  next_.responded(route, status);
}

void MinuteMeter::body_sent(std::string_view route, std::uint64_t bytes) {
  if (!dashboard_route(route)) ring_.add(clock_.now(), 0, static_cast<std::int64_t>(bytes));
  next_.body_sent(route, bytes);
}

}  // namespace tglink
