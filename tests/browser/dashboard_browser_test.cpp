// The operator's dashboard in a real browser. Starts tglink on the simulator with one admin, makes
// a known set of downloads, has the admin send /dashboard, and runs dashboard.test.mjs
// (playwright-core driving Debian's Chromium): the link opens once into a session whose cookie is
// HttpOnly and SameSite=Strict, every chart draws, the figures equal /api/info's and /metrics',
// forged and other users' tokens get 404, and screenshots at desktop and phone width land in
// <build>/test-results/dashboard/. Then the admin sends /dashboard off and the script checks that
// the session has ended; and a link not opened within DASHBOARD_LINK_TTL gets 404.
#include <chrono>
#include <string>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "browser/browser_script.hpp"
#include "links/dashboard_token.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;
using testing::SimHarness;

constexpr std::int64_t kAdmin = 5550100;
constexpr std::int64_t kDashboardUser = 5550101;
constexpr int kDashboardWaitMs = 60000;
constexpr std::int64_t kFileSize = 300000;
constexpr int kDownloads = 3;
const std::string kMetricsToken = "dashboard-test-metrics-token";

// The bot's latest answer to `chat`, once it has sent `count` messages there.
std::string answer(SimHarness& harness, std::int64_t chat, std::size_t count) {
  const auto messages = harness.sim().wait_messages(chat, count, kDashboardWaitMs);
  return messages.size() >= count ? messages[count - 1].text : std::string();
}

// "http://127.0.0.1:PORT/admin/TOKEN" in a /dashboard answer, or "".
std::string dashboard_link(const std::string& text) {
  const std::string path = testing::link_path_in(text, "/admin/");
  return path.empty() ? std::string() : path;
}

// A link signed with the right key for someone who is not an admin: what a leaked key with a
// wrong id, or a user guessing the format, would make.
std::string link_for_non_admin() {
  const LinkTokenCodec links(SimHarness::kSecretKey);
  const auto now = std::chrono::system_clock::now();
  const std::int64_t now_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  return "/admin/" +
         DashboardTokenCodec(links, DashboardGrantKind::Link)
             .encode(DashboardGrant{kDashboardUser, now_ms,
                                    std::chrono::floor<std::chrono::seconds>(now + 10min)});
}

TEST(DashboardBrowserTest, OneTapOpensALivePageWhoseFiguresMatchApiInfoAndMetrics) {
  ASSERT_TRUE(testing::installed({"/usr/bin/chromium", "playwright-core"}));
  testing::SimHarnessOptions options;
  options.env["ADMINS"] = std::to_string(kAdmin);
  options.env["METRICS_TOKEN"] = kMetricsToken;
  options.env["DASHBOARD_LINK_TTL"] = "60";
  SimHarness harness(options);
  harness.sim().create_user(kAdmin, "Ada");
  harness.sim().create_user(kDashboardUser, "Bob");

  // A known set of downloads: one file, fetched whole kDownloads times.
  sim::SendFileRequest upload;
  upload.user_id = kDashboardUser;
  upload.path = harness.make_file("report.pdf", kFileSize, 7).string();
  upload.kind = "document";
  upload.mime_type = "application/pdf";
  upload.file_name = "Report <b>final</b>.pdf";
  harness.sim().send_file(upload);
  const std::string dl = testing::link_path_in(answer(harness, kDashboardUser, 1), "/dl/");
  ASSERT_FALSE(dl.empty());
  for (int i = 0; i < kDownloads; ++i) {
    const testing::HttpResult got = harness.get(dl);
    ASSERT_EQ(got.status, 200);
    ASSERT_EQ(static_cast<std::int64_t>(got.body.size()), kFileSize);
  }

  // A user who is not an admin gets no link.
  harness.sim().send_text(kDashboardUser, "/dashboard");
  const std::string refused = answer(harness, kDashboardUser, 2);
  EXPECT_NE(refused.find("for admins only"), std::string::npos) << refused;
  EXPECT_EQ(dashboard_link(refused), "");

  harness.sim().send_text(kAdmin, "/dashboard");
  const std::string link = dashboard_link(answer(harness, kAdmin, 1));
  ASSERT_FALSE(link.empty());
  harness.sim().send_text(kAdmin, "/dashboard");
  const std::string unopened = dashboard_link(answer(harness, kAdmin, 2));
  const auto unopened_at = std::chrono::steady_clock::now();
  ASSERT_FALSE(unopened.empty());

  const json::object plan{{"base_url", harness.base_url()},
                          {"screenshots", testing::screenshots_dir("dashboard").string()},
                          {"link", harness.base_url() + link},
                          {"non_admin_link", harness.base_url() + link_for_non_admin()},
                          {"metrics_token", kMetricsToken},
                          {"file_name", upload.file_name},
                          {"file_size", kFileSize},
                          {"downloads", kDownloads},
                          {"state", (harness.dir() / "browser-state.json").string()}};
  testing::run_plan(harness, plan, "dashboard.test.mjs", "open");

  // The second link was never opened: past DASHBOARD_LINK_TTL it is a 404 like any other.
  std::this_thread::sleep_until(unopened_at + 61s);
  EXPECT_EQ(harness.get(unopened).status, 404);

  harness.sim().send_text(kAdmin, "/dashboard off");
  const std::string ended = answer(harness, kAdmin, 3);
  EXPECT_NE(ended.find("Every dashboard session has ended"), std::string::npos) << ended;
  testing::run_plan(harness, plan, "dashboard.test.mjs", "ended");
}

}  // namespace
}  // namespace tglink
