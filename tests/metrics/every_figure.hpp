#pragma once
// Every figure ServiceMetrics can show, each wired to a zero: what the tests that compare the
// scrape with the alert rules and dashboards need, so that no family is missing from it.

#include <vector>

#include "metrics/service_metrics.hpp"

namespace tglink::metrics {

inline ServiceFigures every_figure() {
  return ServiceFigures{.active_streams = [] { return 0.0; },
                        .http_connections = [] { return 0.0; },
                        .http_bodies_waiting = [] { return 0.0; },
                        .cache_disk_bytes = [] { return 0.0; },
                        .cache_limit_bytes = [] { return 0.0; },
                        .bots = [] { return std::vector<BotFigure>{}; },
                        .bandwidth_used_bytes = [] { return 0.0; },
                        .bandwidth_limit_bytes = [] { return 0.0; },
                        .conversions = [] { return ConversionFigure{}; }};
}

}  // namespace tglink::metrics
