#include "chat/uploads/link_reply.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"
#include "support/fake_clock.hpp"
#include "support/text_contains.hpp"

namespace tglink {
namespace {

using testing::contains;
using testing::utc;

MadeLink video_link() {
  return MadeLink{IncomingFile{FileKind::video, "clip.mp4", "video/mp4", 1536}, "TOK",
                  utc(2026, 11, 22, 21, 55, 30)};
}

TEST(LinkReply, VideoGetsDownloadStreamAndPlayVideoButton) {
  Config config;
  config.base_url = "https://h.example";
  config.video_frontend_url = "https://play.example/";
  const Reply reply = link_reply(config, video_link());
  const std::string& text = reply.text.text();
  EXPECT_TRUE(contains(text, "clip.mp4"));
  EXPECT_TRUE(contains(text, "1.5 KiB"));
  EXPECT_TRUE(contains(text, "https://h.example/dl/TOK"));
  EXPECT_TRUE(contains(text, "https://h.example/stream/TOK"));
  ASSERT_EQ(reply.keyboard.size(), 1U);
  EXPECT_EQ(reply.keyboard[0][0].text, "Play Video");
  EXPECT_EQ(reply.keyboard[0][0].url,
            "https://play.example/?stream=https%3A%2F%2Fh.example%2Fstream%2FTOK");
}

TEST(LinkReply, ALocalhostPlayerLinkGoesInTheTextSinceTelegramRefusesTheButton) {
  Config config;  // BASE_URL's default, http://localhost:8080
  const Reply reply = link_reply(config, video_link());
  const std::string& text = reply.text.text();
  EXPECT_TRUE(contains(text, "Download: http://localhost:8080/dl/TOK"));
  EXPECT_TRUE(contains(text, "Play: http://localhost:8080/player?stream=")) << text;
  EXPECT_FALSE(send_message_request(1, reply).contains("reply_markup"));
  for (const boost::json::value& entity : reply.text.entities()) {
    EXPECT_NE(entity.at("type").at("@type"), "textEntityTypeTextUrl");
  }
}

TEST(LinkReply, FrontendOffKeepsTheStreamLinkAndSaysStreamingUnavailable) {
  Config config;
  config.video_frontend_enabled = false;
  const Reply reply = link_reply(config, video_link());
  EXPECT_TRUE(contains(reply.text.text(), "/stream/TOK"));
  EXPECT_TRUE(contains(reply.text.text(), "Video streaming unavailable"));
  EXPECT_TRUE(reply.keyboard.empty());
}

TEST(LinkReply, DocumentGetsOnlyTheDownloadLink) {
  Config config;
  MadeLink link{IncomingFile{FileKind::document, "a.zip", "application/zip", 10}, "TOK",
                std::nullopt};
  const Reply reply = link_reply(config, link);
  EXPECT_TRUE(contains(reply.text.text(), "/dl/TOK"));
  EXPECT_FALSE(contains(reply.text.text(), "/stream/"));
  EXPECT_TRUE(reply.keyboard.empty());
  EXPECT_TRUE(contains(reply.text.text(), "Links do not expire."));
}

TEST(LinkReply, ExpirySentenceComesFromTheConfiguredDuration) {
  Config config;
  config.link_expiry = std::chrono::hours(24);
  EXPECT_EQ(expiry_sentence(config, utc(2026, 11, 22, 21, 55, 30)),
            "Links expire in 1 day (2026-11-22 21:55 UTC).");
  config.link_expiry = std::chrono::hours(12);
  EXPECT_EQ(expiry_sentence(config, utc(2026, 11, 22, 9, 5)),
            "Links expire in 12 hours (2026-11-22 09:05 UTC).");
}

TEST(LinkReply, LinksAreClickableEntities) {
  Config config;
  config.base_url = "https://h.example";
  const Reply reply = link_reply(config, video_link());
  int urls = 0;
  for (const auto& entity : reply.text.entities()) {
    if (entity.at("type").at("@type") == "textEntityTypeUrl") ++urls;
  }
  EXPECT_EQ(urls, 2);
}

}  // namespace
}  // namespace tglink
