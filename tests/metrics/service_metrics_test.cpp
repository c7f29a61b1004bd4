// tglink's families: each observer call lands in its metric, figures are read at scrape time,
// and the whole scrape passes Prometheus' own linter (promtool check metrics).
#include "metrics/service_metrics.hpp"

#include <gtest/gtest.h>

#include "metrics/text_exposition.hpp"
#include "support/promtool.hpp"

namespace tglink::metrics {
namespace {

double value_of(const Registry& registry, const std::string& name,
                const std::vector<std::string>& labels = {}) {
  for (const FamilySnapshot& family : registry.collect()) {
    if (family.name != name) continue;
    for (const Sample& sample : family.samples) {
      if (sample.label_values == labels) return sample.value;
    }
    ADD_FAILURE() << name << " has no sample for those labels";
    return -1;
  }
  ADD_FAILURE() << name << " is not registered";
  return -1;
}

struct Fixture {
  Registry registry;
  double streams = 0;
  ServiceMetrics metrics{registry, "1.2.3", {"111", "222"}, figures()};

  ServiceFigures figures() {
    ServiceFigures out;
    out.active_streams = [this] { return streams; };
    out.http_connections = [] { return 12.0; };
    out.http_bodies_waiting = [] { return 5.0; };
    out.cache_disk_bytes = [] { return 4096.0; };
    out.cache_limit_bytes = [] { return 10.0 * 1024 * 1024 * 1024; };
    out.bots = [] { return std::vector<BotFigure>{{"111", true}, {"222", false}}; };
    return out;
  }
};

TEST(ServiceMetricsTest, ObserverCallsLandInTheirMetrics) {
  Fixture f;
  f.metrics.responded("/dl", 206);
  f.metrics.responded("/dl", 206);
  f.metrics.body_sent("/dl", 1000);
  f.metrics.body_sent("/dl", 24);
  f.metrics.downloaded(1, 65536);
  f.metrics.served(100, true);
  f.metrics.served(50, false);
  f.metrics.stalled(0);
  f.metrics.handed_over(1);
  f.metrics.downloaded_twice(1, 4096);
  f.metrics.flood_wait(1);
  f.metrics.link_made();
  f.metrics.upload_refused("too_large");
  f.metrics.broadcast_delivered("blocked");
  f.metrics.broadcast_finished();
  const Registry& r = f.registry;
  EXPECT_EQ(value_of(r, "tglink_http_requests_total", {"/dl", "206"}), 2);
  EXPECT_EQ(value_of(r, "tglink_http_response_bytes_total", {"/dl"}), 1024);
  EXPECT_EQ(value_of(r, "tglink_telegram_downloaded_bytes_total", {"222"}), 65536);
  EXPECT_EQ(value_of(r, "tglink_telegram_downloaded_bytes_total", {"111"}), 0);
  EXPECT_EQ(value_of(r, "tglink_cache_served_bytes_total", {"hit"}), 100);
  EXPECT_EQ(value_of(r, "tglink_cache_served_bytes_total", {"miss"}), 50);
  EXPECT_EQ(value_of(r, "tglink_download_stalls_total", {"111"}), 1);
  EXPECT_EQ(value_of(r, "tglink_download_handovers_total", {"222"}), 1);
  EXPECT_EQ(value_of(r, "tglink_download_duplicate_bytes_total", {"222"}), 4096);
  EXPECT_EQ(value_of(r, "tglink_download_duplicate_bytes_total", {"111"}), 0);
  EXPECT_EQ(value_of(r, "tglink_telegram_flood_waits_total", {"222"}), 1);
  EXPECT_EQ(value_of(r, "tglink_links_created_total"), 1);
  EXPECT_EQ(value_of(r, "tglink_uploads_refused_total", {"too_large"}), 1);
  EXPECT_EQ(value_of(r, "tglink_broadcast_deliveries_total", {"blocked"}), 1);
  EXPECT_EQ(value_of(r, "tglink_broadcasts_finished_total"), 1);
  EXPECT_EQ(value_of(r, "tglink_build_info", {"1.2.3"}), 1);
}

TEST(ServiceMetricsTest, FiguresAreReadAtScrapeTime) {
  Fixture f;
  f.streams = 3;
  EXPECT_EQ(value_of(f.registry, "tglink_active_streams"), 3);
  f.streams = 1;
  EXPECT_EQ(value_of(f.registry, "tglink_active_streams"), 1);
  EXPECT_EQ(value_of(f.registry, "tglink_cache_disk_bytes"), 4096);
  EXPECT_EQ(value_of(f.registry, "tglink_http_connections"), 12);
  EXPECT_EQ(value_of(f.registry, "tglink_http_bodies_waiting"), 5);
  EXPECT_EQ(value_of(f.registry, "tglink_bots"), 2);
  EXPECT_EQ(value_of(f.registry, "tglink_bots_connected"), 1);
  EXPECT_EQ(value_of(f.registry, "tglink_bot_connected", {"222"}), 0);
}

TEST(ServiceMetricsTest, AnUnknownBotIndexIsCountedUnderUnknown) {
  Fixture f;
  f.metrics.stalled(7);
  EXPECT_EQ(value_of(f.registry, "tglink_download_stalls_total", {"unknown"}), 1);
}

TEST(ServiceMetricsTest, TheWholeScrapePassesPromtool) {
  Fixture f;
  f.metrics.responded("/stream", 200);
  f.metrics.body_sent("/stream", 10);
  f.metrics.upload_refused("daily_limit");
  f.metrics.broadcast_delivered("sent");
  const std::string scrape = render_text(f.registry.collect());
  const testing::PromtoolVerdict verdict = testing::promtool_check_metrics(scrape);
  EXPECT_EQ(verdict.exit_code, 0) << verdict.output << "\n" << scrape;
  EXPECT_EQ(verdict.output, "") << scrape;
}

TEST(ServiceMetricsTest, PromtoolCatchesABrokenScrape) {
  // The check above can fail: promtool refuses what breaks the conventions.
  const testing::PromtoolVerdict verdict = testing::promtool_check_metrics(
      "# HELP bad_counter A counter without _total.\n# TYPE bad_counter counter\nbad_counter 1\n");
  EXPECT_NE(verdict.output, "");
}

}  // namespace
}  // namespace tglink::metrics
