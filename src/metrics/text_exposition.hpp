#pragma once
// The Prometheus text exposition format, version 0.0.4 (what every Prometheus server scrapes):
//
//   # HELP tglink_http_requests_total HTTP requests answered, by route and status code.
//   # TYPE tglink_http_requests_total counter
//   tglink_http_requests_total{route="/dl",code="206"} 3
//
// Label values escape \ " and newline; HELP text escapes \ and newline. Whole numbers are
// written without a fraction, others with enough digits to read back the same double, and the
// special values as +Inf, -Inf and NaN.

#include <string>
#include <string_view>
#include <vector>

#include "metrics/metric_registry.hpp"

namespace tglink::metrics {

// The Content-Type of a scrape answer.
inline constexpr std::string_view kTextContentType = "text/plain; version=0.0.4; charset=utf-8";

[[nodiscard]] std::string render_text(const std::vector<FamilySnapshot>& families);

[[nodiscard]] std::string format_value(double value);
[[nodiscard]] std::string escape_label_value(std::string_view value);
[[nodiscard]] std::string escape_help(std::string_view help);

}  // namespace tglink::metrics
