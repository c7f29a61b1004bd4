// The alert rules README.md offers are valid Prometheus rules and use metrics tglink exports.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "metrics/service_metrics.hpp"
#include "metrics/text_exposition.hpp"
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

TEST(ReadmeAlertsTest, AreValidRulesOverExportedMetrics) {
  const std::string rules = readme_rules();
  ASSERT_FALSE(rules.empty()) << "README.md has no ```yaml block starting with groups:";
  const testing::PromtoolVerdict verdict = testing::promtool_check_rules(rules);
  EXPECT_EQ(verdict.exit_code, 0) << verdict.output;
  Registry registry;
  ServiceMetrics metrics(registry, "1", {"1"},
                         ServiceFigures{.active_streams = [] { return 0.0; },
                                        .http_connections = {},
                                        .http_bodies_waiting = {},
                                        .cache_disk_bytes = {},
                                        .cache_limit_bytes = {},
                                        .bots = [] { return std::vector<BotFigure>{}; },
                                        .bandwidth_used_bytes = {},
                                        .bandwidth_limit_bytes = {},
                                        .conversions = {}});
  const std::string scrape = render_text(registry.collect());
  for (const char* name : {"tglink_bots_connected", "tglink_bots", "tglink_http_requests_total",
                           "tglink_download_stalls_total", "tglink_telegram_flood_waits_total"}) {
    EXPECT_NE(rules.find(name), std::string::npos) << name;
    EXPECT_NE(scrape.find("# TYPE " + std::string(name) + " "), std::string::npos) << name;
  }
}

}  // namespace
}  // namespace tglink::metrics
