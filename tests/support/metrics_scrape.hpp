#pragma once
// The samples of a Prometheus text scrape (GET /metrics), for tests that read the service's own
// counters: "name{labels}" -> value. Comment lines are skipped.

#include <map>
#include <sstream>
#include <string>

namespace tglink::testing {

inline std::map<std::string, double> parse_scrape(const std::string& text) {
  std::map<std::string, double> samples;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line.front() == '#') continue;
    const std::size_t space = line.rfind(' ');
    samples[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return samples;
}

}  // namespace tglink::testing
