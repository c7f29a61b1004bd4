// End to end: the real tglink on the simulator answers files with working links, the
// right links and buttons per media type, the configured expiry text, forced subscription from
// prompt to link, and a daily limit that survives a restart.
#include <gtest/gtest.h>

#include "sim/control_client.hpp"
#include "support/sim_harness.hpp"

namespace tglink {
namespace {

using testing::SimHarness;
using testing::SimHarnessOptions;

constexpr std::int64_t kUser = 5550001;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Sends a file as kUser and answers the bot's newest reply.
sim::SimMessage send_and_wait(SimHarness& harness, const sim::SendFileRequest& request,
                              std::size_t replies_before) {
  harness.sim().send_file(request);
  const auto messages = harness.sim().wait_messages(kUser, replies_before + 1, 15000);
  EXPECT_GE(messages.size(), replies_before + 1);
  return messages.empty() ? sim::SimMessage{} : messages.back();
}

sim::SendFileRequest file_request(const std::filesystem::path& path, const std::string& kind,
                                  const std::string& mime) {
  sim::SendFileRequest request;
  request.user_id = kUser;
  request.path = path.string();
  request.kind = kind;
  request.mime_type = mime;
  return request;
}

TEST(ChatUpload, VideoReplyLinksDownloadExactlyTheFileAndCarryThePlayButton) {
  SimHarnessOptions options;
  options.env["LINK_EXPIRY_DURATION"] = "12h";
  SimHarness harness{options};
  harness.sim().create_user(kUser, "Ann");
  const auto video = harness.make_file("clip.mp4", 300000, 7);
  const sim::SimMessage reply =
      send_and_wait(harness, file_request(video, "video", "video/mp4"), 0);

  EXPECT_TRUE(contains(reply.text, "clip.mp4")) << reply.text;
  EXPECT_TRUE(contains(reply.text, "Links expire in 12 hours (")) << reply.text;
  const std::string download = testing::link_path_in(reply.text, "/dl/");
  const std::string stream = testing::link_path_in(reply.text, "/stream/");
  ASSERT_FALSE(download.empty()) << reply.text;
  ASSERT_FALSE(stream.empty()) << reply.text;
  ASSERT_EQ(reply.keyboard.size(), 1U);
  EXPECT_EQ(reply.keyboard[0][0].text, "Play Video");
  EXPECT_TRUE(contains(reply.keyboard[0][0].url, "?stream=")) << reply.keyboard[0][0].url;

  const testing::HttpResult got = harness.get(download);
  ASSERT_EQ(got.status, 200) << got.body.substr(0, 200);
  EXPECT_TRUE(got.body == testing::read_file(video)) << "downloaded bytes differ";
}

TEST(ChatUpload, EachMediaKindGetsTheRightLinks) {
  SimHarness harness;
  harness.sim().create_user(kUser, "Ann");
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
  std::size_t replies = 0;
  for (const Case& c : cases) {
    const auto path = harness.make_file(c.kind + ".bin", 5000, 3);
    const sim::SimMessage reply =
        send_and_wait(harness, file_request(path, c.kind, c.mime), replies);
    ++replies;
    EXPECT_FALSE(testing::link_path_in(reply.text, "/dl/").empty()) << c.kind << ": " << reply.text;
    EXPECT_EQ(!testing::link_path_in(reply.text, "/stream/").empty(), c.stream)
        << c.kind << ": " << reply.text;
    EXPECT_EQ(!reply.keyboard.empty(), c.play) << c.kind;
  }
}

TEST(ChatUpload, FrontendSwitchedOffKeepsTheStreamLinkAndSaysSo) {
  SimHarnessOptions options;
  options.env["VIDEO_FRONTEND_URL"] = "false";
  SimHarness harness{options};
  harness.sim().create_user(kUser, "Ann");
  const auto video = harness.make_file("v.mp4", 4000);
  const sim::SimMessage reply =
      send_and_wait(harness, file_request(video, "video", "video/mp4"), 0);
  EXPECT_FALSE(testing::link_path_in(reply.text, "/stream/").empty()) << reply.text;
  EXPECT_TRUE(contains(reply.text, "Video streaming unavailable")) << reply.text;
  EXPECT_TRUE(reply.keyboard.empty());
}

TEST(ChatUpload, DailyLimitSurvivesARestart) {
  SimHarnessOptions options;
  options.env["MAX_LINKS_PER_DAY"] = "1";
  SimHarness harness{options};
  harness.sim().create_user(kUser, "Ann");
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage first =
      send_and_wait(harness, file_request(file, "document", "application/zip"), 0);
  EXPECT_FALSE(testing::link_path_in(first.text, "/dl/").empty()) << first.text;

  harness.restart();  // the simulator's world starts afresh; the store stays
  harness.sim().create_user(kUser, "Ann");
  const sim::SimMessage second =
      send_and_wait(harness, file_request(file, "document", "application/zip"), 0);
  EXPECT_TRUE(contains(second.text, "Daily limit reached")) << second.text;
  EXPECT_TRUE(testing::link_path_in(second.text, "/dl/").empty());
}

TEST(ChatUpload, ForcedSubscriptionFromPromptToLink) {
  constexpr std::int64_t kChannel = -1002000000002;
  SimHarnessOptions options;
  options.env["FORCE_SUB_CHANNELS"] = std::to_string(kChannel);
  SimHarness harness{options};
  harness.sim().create_channel(kChannel, "News", true);
  harness.sim().create_user(kUser, "Ann");
  const auto file = harness.make_file("a.zip", 1000);
  const sim::SimMessage prompt =
      send_and_wait(harness, file_request(file, "document", "application/zip"), 0);
  ASSERT_TRUE(contains(prompt.text, "Join required channels")) << prompt.text;
  ASSERT_FALSE(prompt.keyboard.empty());
  const sim::SimButton joined = prompt.keyboard.back().front();
  EXPECT_EQ(joined.text, "I've joined");

  // Pressing before joining: told to join first, and no link.
  const std::string early = harness.sim().press_button(kUser, prompt.message_id, joined.data);
  EXPECT_TRUE(contains(harness.sim().callback_answer(early), "not joined"));

  harness.sim().set_member(kChannel, kUser, "member");
  const std::string query = harness.sim().press_button(kUser, prompt.message_id, joined.data);
  EXPECT_TRUE(contains(harness.sim().callback_answer(query), "Thanks"));
  const auto messages = harness.sim().wait_messages(kUser, 2, 15000);
  ASSERT_GE(messages.size(), 2U);
  EXPECT_FALSE(testing::link_path_in(messages.back().text, "/dl/").empty()) << messages.back().text;
}

}  // namespace
}  // namespace tglink
