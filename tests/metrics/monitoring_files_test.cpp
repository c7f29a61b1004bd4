// packaging/monitoring/: the alert rules are valid (`promtool check rules`) and each alert's test
// series passes (`promtool test rules`); the Grafana dashboard reads the provisioned Prometheus
// datasource in every panel and query; and every metric the dashboard and the rules name is one
// tglink's /metrics exports.
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "every_figure.hpp"
#include "logging/log.hpp"
#include "metrics/service_metrics.hpp"
#include "metrics/text_exposition.hpp"
#include "selftest/self_test_watch.hpp"
#include "support/build_paths.hpp"
#include "support/promtool.hpp"

namespace tglink::metrics {
namespace {

namespace json = boost::json;

const std::string kMonitoring = std::string(TGLINK_SOURCE_DIR) + "/packaging/monitoring";
constexpr std::string_view kDatasourceUid = "tglink-prometheus";

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// What /metrics shows with every figure wired, as the service wires them.
std::string full_scrape() {
  static Registry registry;
  static Log log;
  static ServiceMetrics metrics(registry, "1", {"1"}, every_figure());
  static SelfTestWatch self_test("http://localhost:8080", "nonce", log);
  static const bool registered = [] {
    self_test.register_metrics(registry);
    return true;
  }();
  (void)registered;
  return render_text(registry.collect());
}

std::set<std::string> metric_names(const std::string& text) {
  static const std::regex kName(R"(\b(tglink_[a-z_]+|process_[a-z_]+)\b)");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kName);
       it != std::sregex_iterator(); ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

void expect_exported(const std::set<std::string>& names, const std::string& where) {
  const std::string scrape = full_scrape();
  for (const std::string& name : names) {
    EXPECT_NE(scrape.find("# TYPE " + name + " "), std::string::npos)
        << where << " names " << name << ", which /metrics does not export";
  }
}

TEST(MonitoringFiles, AlertRulesAreValidAndEachAlertsTestSeriesPasses) {
  const testing::PromtoolVerdict checked =
      testing::promtool_check_rules(read_text(kMonitoring + "/prometheus/alerts.yml"));
  EXPECT_EQ(checked.exit_code, 0) << checked.output;
  const std::string command = "cd " + kMonitoring +
                              "/prometheus && promtool test rules alerts.test.yml > "
                              "/dev/null 2>&1";
  EXPECT_EQ(std::system(command.c_str()), 0) << "promtool test rules alerts.test.yml failed";
  // Each alert has a test series.
  const std::string tests = read_text(kMonitoring + "/prometheus/alerts.test.yml");
  const std::string rules = read_text(kMonitoring + "/prometheus/alerts.yml");
  static const std::regex kAlert(R"(- alert: (\w+))");
  int alerts = 0;
  for (auto it = std::sregex_iterator(rules.begin(), rules.end(), kAlert);
       it != std::sregex_iterator(); ++it, ++alerts) {
    EXPECT_NE(tests.find("alertname: " + (*it)[1].str() + "\n"), std::string::npos)
        << (*it)[1] << " has no test series";
  }
  EXPECT_EQ(alerts, 6);
}

TEST(MonitoringFiles, AlertRulesUseExportedMetrics) {
  const std::set<std::string> names =
      metric_names(read_text(kMonitoring + "/prometheus/alerts.yml"));
  EXPECT_TRUE(names.contains("tglink_bandwidth_used_bytes"));
  expect_exported(names, "alerts.yml");
}

TEST(MonitoringFiles, GrafanaDashboardReadsTheProvisionedDatasourceAndExportedMetrics) {
  EXPECT_NE(read_text(kMonitoring + "/grafana/provisioning/datasources/tglink.yml")
                .find("uid: " + std::string(kDatasourceUid) + "\n"),
            std::string::npos);
  const json::value dashboard =
      json::parse(read_text(kMonitoring + "/grafana/dashboards/tglink.json"));
  const json::array& panels = dashboard.at("panels").as_array();
  ASSERT_GE(panels.size(), 10U);
  std::string queries;
  for (const json::value& panel : panels) {
    const std::string title(panel.at("title").as_string());
    EXPECT_EQ(panel.at("datasource").at("uid").as_string(), kDatasourceUid) << title;
    EXPECT_EQ(panel.at("datasource").at("type").as_string(), "prometheus") << title;
    const json::array& targets = panel.at("targets").as_array();
    EXPECT_FALSE(targets.empty()) << title;
    for (const json::value& target : targets) {
      EXPECT_EQ(target.at("datasource").at("uid").as_string(), kDatasourceUid) << title;
      const std::string expr(target.at("expr").as_string());
      EXPECT_FALSE(metric_names(expr).empty()) << title << ": " << expr;
      queries += expr + "\n";
    }
  }
  const std::set<std::string> names = metric_names(queries);
  EXPECT_GE(names.size(), 15U);
  expect_exported(names, "grafana/dashboards/tglink.json");
}

}  // namespace
}  // namespace tglink::metrics
