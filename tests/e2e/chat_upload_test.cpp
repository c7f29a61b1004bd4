// End to end: the real tglink on the simulator answers files with working links, the
// right links and buttons per media type, the configured expiry text, forced subscription from
// prompt to link, and a daily limit that survives a restart.
#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kUploader = 5550001;

TEST(ChatUpload, VideoReplyLinksDownloadExactlyTheFileAndCarryThePlayButton) {
  Scenario scenario(with_env({{"LINK_EXPIRY_DURATION", "12h"}}), {{kUploader, "Ann"}});
  SimHarness& harness = scenario.harness;
  const auto video = harness.make_file("clip.mp4", 300000, 7);
  const sim::SimMessage reply = scenario.send(kUploader, video, "video", "video/mp4");

  EXPECT_TRUE(contains(reply.text, "clip.mp4")) << reply.text;
  EXPECT_TRUE(contains(reply.text, "Links expire in 12 hours (")) << reply.text;
  const std::string download = link_path_in(reply.text, "/dl/");
  const std::string stream = link_path_in(reply.text, "/stream/");
  ASSERT_FALSE(download.empty()) << reply.text;
  ASSERT_FALSE(stream.empty()) << reply.text;
  ASSERT_EQ(reply.keyboard.size(), 1U);
  EXPECT_EQ(reply.keyboard[0][0].text, "Play Video");
  EXPECT_TRUE(contains(reply.keyboard[0][0].url, "?stream=")) << reply.keyboard[0][0].url;

  const HttpResult got = harness.get(download);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == read_file(video)) << "downloaded bytes differ";
}

TEST(ChatUpload, EachMediaKindGetsTheRightLinks) {
  Scenario scenario({}, {{kUploader, "Ann"}});
  SimHarness& harness = scenario.harness;
  struct Case {
    std::string kind;
    std::string mime;
    bool stream;
    bool play;
  };
  const std::vector<Case> cases{
      {"document", "application/zip", false, false}, {"video", "video/mp4", true, true},
      {"audio", "audio/mpeg", true, false},          {"voice", "audio/ogg", true, false},
      {"photo", "image/jpeg", false, false},         {"animation", "video/mp4", true, true},
      {"video_note", "video/mp4", true, true},       {"sticker", "image/webp", false, false},
  };
  for (const Case& c : cases) {
    const auto path = harness.make_file(c.kind + ".bin", 5000, 3);
    const sim::SimMessage reply = scenario.send(kUploader, path, c.kind, c.mime);
    EXPECT_FALSE(link_path_in(reply.text, "/dl/").empty()) << c.kind << ": " << reply.text;
    EXPECT_EQ(!link_path_in(reply.text, "/stream/").empty(), c.stream)
        << c.kind << ": " << reply.text;
    EXPECT_EQ(!reply.keyboard.empty(), c.play) << c.kind;
  }
}

TEST(ChatUpload, FrontendSwitchedOffKeepsTheStreamLinkAndSaysSo) {
  Scenario scenario(with_env({{"VIDEO_FRONTEND_URL", "false"}}), {{kUploader, "Ann"}});
  SimHarness& harness = scenario.harness;
  const auto video = harness.make_file("v.mp4", 4000);
  const sim::SimMessage reply = scenario.send(kUploader, video, "video", "video/mp4");
  EXPECT_FALSE(link_path_in(reply.text, "/stream/").empty()) << reply.text;
  EXPECT_TRUE(contains(reply.text, "Video streaming unavailable")) << reply.text;
  EXPECT_TRUE(reply.keyboard.empty());
}

TEST(ChatUpload, DailyLimitSurvivesARestart) {
  Scenario scenario(with_env({{"MAX_LINKS_PER_DAY", "1"}}), {{kUploader, "Ann"}});
  SimHarness& harness = scenario.harness;
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage first = scenario.send(kUploader, file, "document", "application/zip");
  EXPECT_FALSE(link_path_in(first.text, "/dl/").empty()) << first.text;

  harness.restart();  // the simulator's world starts afresh; the store stays
  scenario.create_users({{kUploader, "Ann"}});
  const sim::SimMessage second = scenario.send(kUploader, file, "document", "application/zip");
  EXPECT_TRUE(contains(second.text, "Daily limit reached")) << second.text;
  EXPECT_TRUE(link_path_in(second.text, "/dl/").empty());
}

TEST(ChatUpload, ForcedSubscriptionFromPromptToLink) {
  constexpr std::int64_t kChannel = -1002000000002;
  Scenario scenario(with_env({{"FORCE_SUB_CHANNELS", std::to_string(kChannel)}}));
  SimHarness& harness = scenario.harness;
  harness.sim().create_channel(kChannel, "News", true);
  scenario.create_users({{kUploader, "Ann"}});
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage prompt = scenario.send(kUploader, file, "document", "application/zip");
  ASSERT_TRUE(contains(prompt.text, "Join required channels")) << prompt.text;
  ASSERT_FALSE(prompt.keyboard.empty());
  const sim::SimButton joined = prompt.keyboard.back().front();
  EXPECT_EQ(joined.text, "I've joined");

  // Pressing before joining: told to join first, and no link.
  const std::string early = harness.sim().press_button(kUploader, prompt.message_id, joined.data);
  EXPECT_TRUE(contains(harness.sim().callback_answer(early), "not joined"));

  harness.sim().set_member(kChannel, kUploader, "member");
  const std::string query = harness.sim().press_button(kUploader, prompt.message_id, joined.data);
  EXPECT_TRUE(contains(harness.sim().callback_answer(query), "Thanks"));
  const auto messages = harness.sim().wait_messages(kUploader, 2, kBotReplyWaitMs);
  ASSERT_GE(messages.size(), 2U);
  EXPECT_FALSE(link_path_in(messages.back().text, "/dl/").empty()) << messages.back().text;
}

}  // namespace
}  // namespace tglink::testing
