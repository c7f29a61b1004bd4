#pragma once
// Runs the real `promtool check metrics` (Debian's prometheus package, installed by
// scripts/install-deps.sh --test) on a scrape, as Prometheus' own linter judges it.

#include <string>

namespace tglink::testing {

struct PromtoolVerdict {
  int exit_code = -1;
  std::string output;  // promtool's stdout and stderr: the problems it found
};

// Throws std::runtime_error when promtool is not on PATH.
[[nodiscard]] PromtoolVerdict promtool_check_metrics(const std::string& scrape);

// `promtool check rules` on a rule file's YAML text.
[[nodiscard]] PromtoolVerdict promtool_check_rules(const std::string& rules_yaml);

}  // namespace tglink::testing
