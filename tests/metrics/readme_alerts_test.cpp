// The alert rules README.md offers are valid Prometheus rules and use metrics tglink exports.
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "every_figure.hpp"
#include "metrics/service_metrics.hpp"
#include "metrics/text_exposition.hpp"
#include "support/build_paths.hpp"
#include "support/promtool.hpp"

namespace tglink::metrics {
namespace {

// The fenced ```yaml block of README.md that holds `groups:`.
std::string readme_rules() {
  std::ifstream in(TGLINK_SOURCE_DIR "/README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  for (std::size_t at = readme.find("```yaml\n"); at != std::string::npos;
       at = readme.find("```yaml\n", at + 1)) {
    const std::size_t begin = at + 8;
    const std::string block = readme.substr(begin, readme.find("```", begin) - begin);
    if (block.starts_with("groups:")) return block;
  }
  return {};
}

// The metric names the rules use: tglink's own (tglink_) and the process figures (process_).
std::set<std::string> rule_metric_names(const std::string& rules) {
  static const std::regex kName(R"(\b(tglink|process)_[a-z0-9_]+)");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), kName);
       it != std::sregex_iterator(); ++it) {
    names.insert(it->str());
  }
  return names;
}

// Whether the scrape has the family; a histogram's series carry a suffix to its name.
bool exported(const std::string& scrape, const std::string& name) {
  const auto has_family = [&](const std::string& family) {
    return scrape.find("# TYPE " + family + " ") != std::string::npos;
  };
  if (has_family(name)) return true;
  for (const std::string_view suffix : {"_bucket", "_sum", "_count"}) {
    if (name.ends_with(suffix) && has_family(name.substr(0, name.size() - suffix.size()))) {
      return true;
    }
  }
  return false;
}

TEST(ReadmeAlertsTest, AreValidRulesOverExportedMetrics) {
  const std::string rules = readme_rules();
  ASSERT_FALSE(rules.empty()) << "README.md has no ```yaml block starting with groups:";
  const testing::PromtoolVerdict verdict = testing::promtool_check_rules(rules);
  EXPECT_EQ(verdict.exit_code, 0) << verdict.output;
  Registry registry;
  ServiceMetrics metrics(registry, "1", {"1"}, every_figure());
  const std::string scrape = render_text(registry.collect());
  const std::set<std::string> names = rule_metric_names(rules);
  ASSERT_FALSE(names.empty()) << "no tglink_ or process_ metric in the rules:\n" << rules;
  for (const std::string& name : names) {
    EXPECT_TRUE(exported(scrape, name)) << name << " is in README.md's rules but not exported";
  }
}

// The reading above finds names wherever they are in an expression.
TEST(ReadmeAlertsTest, EveryMetricOfAnExpressionIsRead) {
  const std::set<std::string> names = rule_metric_names(
      "expr: sum(rate(tglink_a_total{code=~\"5..\"}[5m])) > 0.1\n"
      "      or tglink_b < tglink_c_bucket and process_open_fds > 9\n");
  EXPECT_EQ(names, (std::set<std::string>{"process_open_fds", "tglink_a_total", "tglink_b",
                                          "tglink_c_bucket"}));
}

}  // namespace
}  // namespace tglink::metrics
