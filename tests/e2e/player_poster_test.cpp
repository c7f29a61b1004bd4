// The player page: GET /thumb/{id} serves the thumbnail Telegram made for a video,
// fetched once (TDLib keeps it; tglink keeps the bytes) through the main bot or, while that one
// is offline, another connected bot; 404 when the file has none; the player page shows it as the
// poster, with the file's name and size.
#include <gtest/gtest.h>

#include "core/clock.hpp"
#include "e2e/streaming_support.hpp"
#include "support/log_channel_video.hpp"
#include "support/sim_harness.hpp"
#include "support/text_contains.hpp"

namespace tglink {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::contains;
using testing::SimHarness;

class PlayerPosterTest : public ::testing::Test {
 protected:
  explicit PlayerPosterTest(testing::SimHarnessOptions options = {})
      : harness_(std::move(options)) {}

  // A post in the log channel, as the bot's copy of a user's file would be; answers its token.
  std::string post(const fs::path& path, const std::string& kind, const std::string& mime,
                   const std::string& name, const fs::path& thumbnail = {}) {
    return testing::link_token(testing::post_to_log_channel(harness_, {.path = path,
                                                                       .file_name = name,
                                                                       .mime_type = mime,
                                                                       .kind = kind,
                                                                       .thumbnail = thumbnail}));
  }

  std::string player_path(const std::string& token) {
    return "/player?stream=" + harness_.base_url() + "/stream/" + token;
  }

  SimHarness harness_;
};

TEST_F(PlayerPosterTest, AVideosThumbnailIsServedOnceFetchedAndShownAsThePoster) {
  const fs::path video = harness_.make_file("clip.mp4", 250000, 3);
  const fs::path thumbnail = harness_.make_file("thumb.jpg", 6000, 4);
  const std::string token = post(video, "video", "video/mp4", "Beach day.mp4", thumbnail);

  const testing::HttpResult first = harness_.get("/thumb/" + token);
  ASSERT_EQ(first.status, 200) << first.body.substr(0, 200);
  EXPECT_EQ(first.header("content-type"), "image/jpeg");
  EXPECT_TRUE(first.body == testing::read_file(thumbnail)) << "thumbnail bytes differ";
  EXPECT_TRUE(contains(first.header("cache-control"), "public, max-age="))
      << first.header("cache-control");

  // Fetched once: a second request makes no download request to TDLib.
  const std::int64_t calls = harness_.sim().counters(SimHarness::kMainBotId).download_file_calls;
  const testing::HttpResult second = harness_.get("/thumb/" + token);
  ASSERT_EQ(second.status, 200);
  EXPECT_TRUE(second.body == first.body);
  EXPECT_EQ(harness_.sim().counters(SimHarness::kMainBotId).download_file_calls, calls);

  // The page: the poster, the file's name (the link has none) and size, the download button.
  const testing::HttpResult page = harness_.get(player_path(token));
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.body, "poster=\"/thumb/" + token + "\"")) << page.body;
  EXPECT_TRUE(contains(page.body, "Beach day.mp4")) << page.body;
  EXPECT_TRUE(contains(page.body, ">244.1 KiB<")) << page.body;
  EXPECT_TRUE(contains(page.body, "id=\"download\"")) << page.body;
  EXPECT_TRUE(contains(page.header("content-security-policy"), "img-src 'self'"));
}

TEST_F(PlayerPosterTest, FilesWithoutAThumbnailAnswer404AndThePageHasNoPoster) {
  const fs::path video = harness_.make_file("bare.mp4", 40000, 5);
  const fs::path archive = harness_.make_file("a.zip", 3000, 6);
  const std::string bare = post(video, "video", "video/mp4", "bare.mp4");
  const std::string zip = post(archive, "document", "application/zip", "a.zip");

  for (const std::string& token : {bare, zip}) {
    const testing::HttpResult got = harness_.get("/thumb/" + token);
    EXPECT_EQ(got.status, 404);
    EXPECT_TRUE(contains(got.body, "THUMBNAIL_NOT_FOUND")) << got.body;
  }
  const testing::HttpResult page = harness_.get(player_path(bare));
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.body, "poster=\"\"")) << page.body;
}

class PosterWithFourBotsTest : public PlayerPosterTest {
 protected:
  PosterWithFourBotsTest() : PlayerPosterTest(testing::four_bot_options()) {}
};

// The main bot offline: the poster and the page's file facts come through another bot, with
// that bot's own file ids, and the main bot is asked nothing.
TEST_F(PosterWithFourBotsTest, ThePosterIsServedWhileTheMainBotIsOffline) {
  ASSERT_TRUE(testing::wait_for_bots_connected(harness_, testing::four_bot_ids()))
      << harness_.process().output();
  const fs::path video = harness_.make_file("away.mp4", 120000, 9);
  const fs::path thumbnail = harness_.make_file("away.jpg", 5000, 10);
  const std::string token = post(video, "video", "video/mp4", "Away.mp4", thumbnail);

  harness_.sim().fault(SimHarness::kMainBotId, "disconnect");
  ASSERT_TRUE(harness_.wait_for_api_status(500)) << "the main bot still counts as connected";
  const std::int64_t main_calls =
      harness_.sim().counters(SimHarness::kMainBotId).download_file_calls;

  const testing::HttpResult poster = harness_.get("/thumb/" + token);
  ASSERT_EQ(poster.status, 200) << poster.body.substr(0, 200);
  EXPECT_TRUE(poster.body == testing::read_file(thumbnail)) << "thumbnail bytes differ";
  EXPECT_EQ(harness_.sim().counters(SimHarness::kMainBotId).download_file_calls, main_calls);
  std::int64_t others_calls = 0;
  for (const std::int64_t bot : testing::four_bot_ids()) {
    if (bot != SimHarness::kMainBotId)
      others_calls += harness_.sim().counters(bot).download_file_calls;
  }
  EXPECT_GE(others_calls, 1);

  const testing::HttpResult page = harness_.get(player_path(token));
  ASSERT_EQ(page.status, 200);
  EXPECT_TRUE(contains(page.body, "poster=\"/thumb/" + token + "\"")) << page.body;
  EXPECT_TRUE(contains(page.body, "Away.mp4")) << page.body;
}

TEST_F(PlayerPosterTest, BadAndExpiredLinksAreRefused) {
  const std::int64_t message_id = testing::post_to_log_channel(
      harness_, {.path = harness_.make_file("clip.mp4", 40000, 7),
                 .file_name = "clip.mp4",
                 .thumbnail = harness_.make_file("thumb.jpg", 2000, 8)});
  const std::string expired = testing::link_token(message_id, SystemClock().now() - 1min);

  EXPECT_EQ(harness_.get("/thumb/" + expired).status, 410);
  EXPECT_EQ(harness_.get("/thumb/not-a-token").status, 404);
  EXPECT_EQ(harness_.get("/thumb/").status, 404);
}

}  // namespace
}  // namespace tglink
