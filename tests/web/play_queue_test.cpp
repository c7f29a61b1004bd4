#include "web/play_queue.hpp"

#include <gtest/gtest.h>

namespace tglink {
namespace {

TEST(PlayQueue, EachItemIsATitleLineAndItsUrl) {
  EXPECT_EQ(play_queue_m3u8({{"One.mp4", "https://h/dav/T/One.mp4"},
                             {"Фильм.mkv", "http://h/dav/T/%D0%A4.mkv"}}),
            "#EXTM3U\n#EXTINF:-1,One.mp4\nhttps://h/dav/T/One.mp4\n"
            "#EXTINF:-1,Фильм.mkv\nhttp://h/dav/T/%D0%A4.mkv\n");
  EXPECT_EQ(play_queue_m3u8({}), "#EXTM3U\n");
}

TEST(PlayQueue, ANameCannotAddALineAndABadUrlIsLeftOut) {
  const std::string list = play_queue_m3u8({{"a\nhttps://evil/x\r\u2028b", "https://h/a"},
                                            {"b", "https://h/b c"},
                                            {"c", "file:///etc/passwd"},
                                            {"d", "javascript:alert(1)"}});
  EXPECT_EQ(list, "#EXTM3U\n#EXTINF:-1,a https://evil/x  b\nhttps://h/a\n");
}

}  // namespace
}  // namespace tglink
