// End to end, on the strict simulator: channel mode (CHANNELS) puts Download, Stream and
// Play buttons on each new post with a file, in the channel's budget, and answers an album once;
// forwarded posts are left alone and re-posts reuse their copy; without the right to edit, the
// links come in a reply and the admins are told once; an unlisted channel is left; 30 posts in a
// minute all get their buttons, none twice, across a SIGKILL. And files up to Telegram's own
// limit: a 3 GB file from a Premium sender is served with ranges past 2^31 (sparse files: it
// costs no disk), and MAX_FILE_SIZE lowers the limit.
#include <csignal>
#include <fstream>
#include <thread>

#include <boost/json.hpp>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "support/scenario.hpp"
#include "support/sim_harness.hpp"
#include "support/sim_world.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kServedChannel = -1003000000003;
constexpr std::int64_t kOtherChannel = -1004000000004;
constexpr std::int64_t kChannelAdmin = 7770001;
constexpr std::int64_t kPrivateSender = 7770002;

SimHarnessOptions channel_options() {
  SimHarnessOptions options;
  options.env["CHANNELS"] = std::to_string(kServedChannel);
  options.env["ADMINS"] = std::to_string(kChannelAdmin);
  return options;
}

sim::ChannelPostRequest post_of(const std::filesystem::path& path, std::string kind = "video") {
  return channel_post(kServedChannel, path, std::move(kind));
}

bool has_buttons(sim::ControlClient& sim, std::int64_t message_id) {
  const std::optional<sim::SimMessage> post = message_in(sim, kServedChannel, message_id);
  return post && !post->keyboard.empty();
}

// The URL of the button labelled `label` on the post, or "".
std::string button_url(sim::ControlClient& sim, std::int64_t message_id, const std::string& label) {
  const std::optional<sim::SimMessage> post = message_in(sim, kServedChannel, message_id);
  if (!post) return {};
  for (const auto& row : post->keyboard) {
    for (const sim::SimButton& button : row) {
      if (button.text == label) return button.url;
    }
  }
  return {};
}

// The path of an absolute URL on this harness.
std::string path_of(SimHarness& harness, const std::string& url) {
  return url.substr(harness.base_url().size());
}

// What the bot wrote into the channel (its replies), not the owner's posts.
std::vector<sim::SimMessage> bot_replies(sim::ControlClient& sim) {
  std::vector<sim::SimMessage> replies;
  for (const sim::SimMessage& message : sim.messages(kServedChannel)) {
    if (message.sender_user_id == SimHarness::kMainBotId) replies.push_back(message);
  }
  return replies;
}

std::size_t log_copies(sim::ControlClient& sim) {
  return sim.messages(SimHarness::kLogChannel).size();
}

// A sparse file of `size` bytes (no disk used) with `marker` written at `offset`.
std::filesystem::path sparse_file(const std::filesystem::path& path, std::int64_t size,
                                  std::int64_t offset, const std::string& marker) {
  { std::ofstream(path, std::ios::binary); }
  std::filesystem::resize_file(path, static_cast<std::uintmax_t>(size));
  const int fd = ::open(path.c_str(), O_WRONLY);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(::pwrite(fd, marker.data(), marker.size(), offset),
            static_cast<ssize_t>(marker.size()));
  ::close(fd);
  return path;
}

TEST(ChannelMode, PostGetsButtonsThatKeepWorkingAfterAnEditAndADeletion) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_channel(kServedChannel, "Films", true);
  const auto file = harness.make_file("film.mp4", 300000, 7);
  const sim::ChannelPost post = sim.post_to_channel(post_of(file));
  ASSERT_TRUE(eventually([&] { return has_buttons(sim, post.message_id); }))
      << harness.process().output();
  EXPECT_FALSE(button_url(sim, post.message_id, "Stream").empty());
  EXPECT_FALSE(button_url(sim, post.message_id, "Play").empty());
  const std::string download = path_of(harness, button_url(sim, post.message_id, "Download"));
  testing::HttpResult got = harness.get(download);
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.body == testing::read_file(file));
  EXPECT_EQ(log_copies(sim), 1U);
  EXPECT_TRUE(bot_replies(sim).empty());

  // The owner edits the caption in a Telegram app, which drops the buttons: they come back.
  sim.call(json::object{{"op", "edit_post"},
                        {"chat_id", kServedChannel},
                        {"message_id", post.message_id},
                        {"caption", "now with a caption"}});
  EXPECT_TRUE(eventually([&] {
    return button_url(sim, post.message_id, "Download") == harness.base_url() + download;
  })) << harness.process().output();

  // The post is deleted: its links point at the log channel's copy and keep working.
  sim.fault(SimHarness::kMainBotId, "delete_message",
            json::object{{"chat_id", kServedChannel}, {"message_id", post.message_id}});
  got = harness.get(download);
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.body == testing::read_file(file));
}

TEST(ChannelMode, AlbumGetsOneReplyListingEveryFile) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_channel(kServedChannel, "Films", true);
  std::vector<std::int64_t> posts;
  for (int i = 0; i < 3; ++i) {
    sim::ChannelPostRequest post =
        post_of(harness.make_file("part" + std::to_string(i) + ".mp4", 50000, 10 + i));
    post.media_group_id = "holiday";
    posts.push_back(sim.post_to_channel(post).message_id);
  }
  ASSERT_TRUE(eventually([&] { return bot_replies(sim).size() == 1U; }))
      << harness.process().output();
  std::this_thread::sleep_for(2s);  // no second reply follows
  const std::vector<sim::SimMessage> replies = bot_replies(sim);
  ASSERT_EQ(replies.size(), 1U);
  EXPECT_EQ(replies.front().reply_to_message_id, posts.front());
  std::size_t links = 0;
  for (std::size_t at = 0; (at = replies.front().text.find("/dl/", at)) != std::string::npos;
       ++at) {
    ++links;
  }
  EXPECT_EQ(links, 3U) << replies.front().text;
  // Read by the channel's subscribers, not by a sender: no "Your … links".
  EXPECT_NE(replies.front().text.find("Links to these 3 files"), std::string::npos)
      << replies.front().text;
  for (const std::int64_t post : posts) EXPECT_FALSE(has_buttons(sim, post));
  EXPECT_EQ(log_copies(sim), 3U);
}

TEST(ChannelMode, ForwardedPostIsLeftAloneAndARepostReusesItsCopy) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_channel(kServedChannel, "Films", true);
  const auto file = harness.make_file("song.mp3", 40000, 3);
  sim::ChannelPostRequest forwarded = post_of(harness.make_file("other.mp3", 30000, 4), "audio");
  forwarded.forwarded = true;
  const sim::ChannelPost skipped = sim.post_to_channel(forwarded);
  const sim::ChannelPost first = sim.post_to_channel(post_of(file, "audio"));
  ASSERT_TRUE(eventually([&] { return has_buttons(sim, first.message_id); }))
      << harness.process().output();
  const sim::ChannelPost again = sim.post_to_channel(post_of(file, "audio"));
  EXPECT_EQ(again.file_unique_id, first.file_unique_id);
  ASSERT_TRUE(eventually([&] { return has_buttons(sim, again.message_id); }))
      << harness.process().output();
  EXPECT_EQ(log_copies(sim), 1U);  // the re-post used the first copy
  const testing::HttpResult got =
      harness.get(path_of(harness, button_url(sim, again.message_id, "Download")));
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.body == testing::read_file(file));
  EXPECT_FALSE(has_buttons(sim, skipped.message_id));
  EXPECT_TRUE(bot_replies(sim).empty());
}

TEST(ChannelMode, WithoutEditRightsTheLinksComeInARepliesAndAdminsAreToldOnce) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_user(kChannelAdmin, "Boss");
  sim.send_text(kChannelAdmin, "/start");
  const std::size_t before = sim.wait_messages(kChannelAdmin, 1, 15000).size();
  sim.create_channel(kServedChannel, "Films", false);
  sim.set_bot_rights(kServedChannel, SimHarness::kMainBotId, true, false);
  const sim::ChannelPost one =
      sim.post_to_channel(post_of(harness.make_file("a.pdf", 9000, 1), "document"));
  const sim::ChannelPost two =
      sim.post_to_channel(post_of(harness.make_file("b.pdf", 9000, 2), "document"));
  ASSERT_TRUE(eventually([&] { return bot_replies(sim).size() == 2U; }))
      << harness.process().output();
  std::set<std::int64_t> answered;
  for (const sim::SimMessage& reply : bot_replies(sim)) {
    EXPECT_TRUE(contains(reply.text, "/dl/")) << reply.text;
    answered.insert(reply.reply_to_message_id);
  }
  EXPECT_EQ(answered, (std::set<std::int64_t>{one.message_id, two.message_id}));
  EXPECT_FALSE(has_buttons(sim, one.message_id));
  std::this_thread::sleep_for(1s);
  std::size_t notices = 0;
  for (const sim::SimMessage& message : sim.messages(kChannelAdmin)) {
    notices += contains(message.text, "can_edit_messages");
  }
  EXPECT_EQ(notices, 1U);
  EXPECT_EQ(sim.messages(kChannelAdmin).size(), before + 1);
  EXPECT_TRUE(contains(harness.process().output(), "can_edit_messages"));
}

TEST(ChannelMode, ChannelNotOnTheListIsLeft) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_channel(kOtherChannel, "Someone else's", true);
  sim::ChannelPostRequest post = post_of(harness.make_file("x.mp4", 5000, 5));
  post.chat_id = kOtherChannel;
  sim.post_to_channel(post);
  auto status = [&] {
    const json::object answer = sim.call(json::object{
        {"op", "chat_member"}, {"chat_id", kOtherChannel}, {"user_id", SimHarness::kMainBotId}});
    return std::string(answer.at("status").as_string());
  };
  EXPECT_TRUE(eventually([&] { return status() == "left"; })) << harness.process().output();
  EXPECT_EQ(log_copies(sim), 0U);
  EXPECT_TRUE(contains(harness.process().output(), "not in CHANNELS"));

  // Made an administrator of another unlisted channel: it leaves at once, before any post.
  constexpr std::int64_t kThirdChannel = -1005000000005;
  sim.create_channel(kThirdChannel, "Another", false);
  sim.set_bot_rights(kThirdChannel, SimHarness::kMainBotId, true, true);
  const json::object ask{
      {"op", "chat_member"}, {"chat_id", kThirdChannel}, {"user_id", SimHarness::kMainBotId}};
  EXPECT_TRUE(eventually([&] { return sim.call(ask).at("status").as_string() == "left"; }))
      << harness.process().output();
}

TEST(ChannelMode, BannedChannelGetsNoLinks) {
  SimHarness harness{channel_options()};
  sim::ControlClient& sim = harness.sim();
  sim.create_user(kChannelAdmin, "Boss");
  sim.create_channel(kServedChannel, "Films", true);
  sim.send_text(kChannelAdmin, "/ban " + std::to_string(kServedChannel));
  const std::vector<sim::SimMessage> answer = sim.wait_messages(kChannelAdmin, 1, 15000);
  EXPECT_TRUE(contains(answer.back().text, "Banned channel")) << answer.back().text;
  const sim::ChannelPost post = sim.post_to_channel(post_of(harness.make_file("b.mp4", 5000, 9)));
  EXPECT_TRUE(eventually([&] { return contains(harness.process().output(), "is banned"); }))
      << harness.process().output();
  EXPECT_FALSE(has_buttons(sim, post.message_id));
  EXPECT_EQ(log_copies(sim), 0U);
}

// Thirty posts at once: the log channel and the channel each take 20 a minute, so the last ten
// wait for the window; tglink is killed once some have their buttons and started again. Every
// post ends with its buttons, each file copied once, nothing posted into the channel. Takes
// about 70 s: tglink's budget follows the real clock.
TEST(ChannelMode, ThirtyPostsAllGetButtonsOnceAcrossAKill) {
  testing::SimWorld world;
  SimHarnessOptions options = channel_options();
  options.world = &world;
  auto harness = std::make_unique<SimHarness>(options);
  sim::ControlClient& sim = world.sim();
  sim.create_channel(kServedChannel, "Films", true);
  std::vector<std::int64_t> posts;
  for (int i = 0; i < 30; ++i) {
    const auto file = harness->make_file("clip" + std::to_string(i) + ".mp4", 4000, 100 + i);
    posts.push_back(sim.post_to_channel(post_of(file)).message_id);
  }
  auto with_buttons = [&] {
    std::size_t count = 0;
    for (const std::int64_t post : posts) count += has_buttons(sim, post);
    return count;
  };
  ASSERT_TRUE(eventually([&] { return with_buttons() >= 5; }, 60s)) << harness->process().output();
  EXPECT_EQ(sim.counters(SimHarness::kMainBotId).edit_flood_waits, 0)
      << "the channel's budget was exceeded";
  ASSERT_LT(with_buttons(), posts.size()) << "the kill must fall mid-queue";
  (void)harness->process().stop(SIGKILL, 10s);
  harness->restart();
  EXPECT_TRUE(eventually([&] { return with_buttons() == posts.size(); }, 180s))
      << with_buttons() << " of 30\n"
      << harness->process().output();
  EXPECT_EQ(log_copies(sim), posts.size());
  EXPECT_TRUE(bot_replies(sim).empty());
}

TEST(LargeFiles, ThreeGigabytesFromAPremiumSenderServedWithRangesPast2To31) {
  SimHarness harness;
  sim::ControlClient& sim = harness.sim();
  const std::int64_t size = std::int64_t{3} * 1024 * 1024 * 1024;
  const std::int64_t offset = (std::int64_t{1} << 31) + 123456789;
  const std::string marker = "bytes past two to the thirty-first";
  const auto file = sparse_file(harness.dir() / "big.bin", size, offset, marker);

  sim.create_user(kPrivateSender + 1, "Plain");
  sim::SendFileRequest plain;
  plain.user_id = kPrivateSender + 1;
  plain.path = file.string();
  try {
    sim.send_file(plain);
    ADD_FAILURE() << "Telegram took 3 GB from a user without Premium";
  } catch (const std::runtime_error& refused) {
    EXPECT_TRUE(contains(refused.what(), "too big")) << refused.what();
  }

  sim.create_user(kPrivateSender, "Rich", "", true);
  sim::SendFileRequest request = plain;
  request.user_id = kPrivateSender;
  sim.send_file(request);
  const std::vector<sim::SimMessage> replies = sim.wait_messages(kPrivateSender, 1, 30000);
  const std::string link = testing::link_path_in(replies.back().text, "/dl/");
  ASSERT_FALSE(link.empty()) << replies.back().text;
  testing::HttpCall call;
  call.target = link;
  call.headers["Range"] = "bytes=" + std::to_string(offset) + "-" +
                          std::to_string(offset + static_cast<std::int64_t>(marker.size()) - 1);
  testing::HttpResult got = harness.call(call);
  EXPECT_EQ(got.status, 206);
  EXPECT_EQ(got.body, marker);
  EXPECT_EQ(got.header("content-range"), "bytes " + std::to_string(offset) + "-" +
                                             std::to_string(offset + 33) + "/" +
                                             std::to_string(size));
  call.headers["Range"] = "bytes=-10";  // the last bytes, near 3 GiB
  got = harness.call(call);
  EXPECT_EQ(got.status, 206);
  EXPECT_EQ(got.body, std::string(10, '\0'));
  call.method = "HEAD";
  call.headers.clear();
  got = harness.call(call);
  EXPECT_EQ(got.header("content-length"), std::to_string(size));
}

TEST(LargeFiles, MaxFileSizeLowersTheLimit) {
  SimHarnessOptions options;
  options.env["MAX_FILE_SIZE"] = std::to_string(std::int64_t{1} << 30);
  SimHarness harness{options};
  sim::ControlClient& sim = harness.sim();
  const auto file =
      sparse_file(harness.dir() / "mid.bin", std::int64_t{1536} * 1024 * 1024, 0, "x");
  sim.create_user(kPrivateSender, "Ann");
  sim::SendFileRequest request;
  request.user_id = kPrivateSender;
  request.path = file.string();
  sim.send_file(request);
  const std::vector<sim::SimMessage> replies = sim.wait_messages(kPrivateSender, 1, 15000);
  EXPECT_TRUE(contains(replies.back().text, "File too large")) << replies.back().text;
  EXPECT_EQ(log_copies(sim), 0U);
}

}  // namespace
}  // namespace tglink::testing
