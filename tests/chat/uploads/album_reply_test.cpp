#include "chat/uploads/album_reply.hpp"

#include <gtest/gtest.h>

#include "config/config.hpp"
#include "support/fake_clock.hpp"
#include "support/text_contains.hpp"

namespace tglink {
namespace {

using testing::contains;
using testing::utc;

std::vector<MadeLink> album() {
  const auto expires = utc(2026, 11, 22, 21, 55, 30);
  return {MadeLink{IncomingFile{FileKind::video, "one.mp4", "video/mp4", 2048}, "T1", expires},
          MadeLink{IncomingFile{FileKind::photo, "two.jpg", "image/jpeg", 100}, "T2", expires},
          MadeLink{IncomingFile{FileKind::document, std::string(200, 'x') + ".zip",
                                "application/zip", 10},
                   "T3", expires}};
}

TEST(AlbumReply, ListsEveryFileWithItsLinksAndTheExpiryOnce) {
  Config config;
  config.base_url = "https://h.example";
  config.video_frontend_url = "https://play.example/";
  const Reply reply = album_reply(config, album(), AlbumReader::kSender);
  const std::string& text = reply.text.text();
  EXPECT_TRUE(contains(text, "Your 3 links are ready"));
  EXPECT_TRUE(contains(text, "1. one.mp4 (2.0 KiB)"));
  EXPECT_TRUE(contains(text, "https://h.example/dl/T1"));
  EXPECT_TRUE(contains(text, "https://h.example/stream/T1"));
  EXPECT_TRUE(contains(text, "https://h.example/dl/T2"));
  EXPECT_FALSE(contains(text, "https://h.example/stream/T2"));  // a photo does not stream
  EXPECT_TRUE(contains(text, "https://h.example/dl/T3"));
  EXPECT_EQ(text.find("Links expire"), text.rfind("Links expire"));
  ASSERT_EQ(reply.keyboard.size(), 1U);  // the one video's player
  EXPECT_EQ(reply.keyboard[0][0].text, "Play 1. one.mp4");
  // A long name is shortened in the text; the link keeps it whole.
  EXPECT_FALSE(contains(text, std::string(61, 'x')));
  EXPECT_TRUE(contains(text, std::string(60, 'x') + "…"));
}

TEST(AlbumReply, ALocalhostPlayerLinkGoesInTheText) {
  Config config;  // BASE_URL's default, http://localhost:8080
  const Reply reply = album_reply(config, album(), AlbumReader::kSender);
  EXPECT_TRUE(reply.keyboard.empty());
  EXPECT_TRUE(contains(reply.text.text(), "Play: http://localhost:8080/player?stream="));
}

TEST(AlbumReply, ShortenedNamesCutWholeCharacters) {
  EXPECT_EQ(shortened_name("abc", 3), "abc");
  EXPECT_EQ(shortened_name("abcd", 3), "abc…");
  EXPECT_EQ(shortened_name("ééé", 2), "éé…");
  EXPECT_EQ(shortened_name("", 2), "");
}

TEST(AlbumReply, UnderAChannelsAlbumItSpeaksToTheSubscribersNotToASender) {
  Config config;
  config.base_url = "https://h.example";
  const Reply reply = album_reply(config, album(), AlbumReader::kChannel);
  const std::string& text = reply.text.text();
  EXPECT_TRUE(contains(text, "Links to these 3 files")) << text;
  EXPECT_FALSE(contains(text, "Your")) << text;
  EXPECT_TRUE(contains(text, "https://h.example/dl/T3"));
}

}  // namespace
}  // namespace tglink
