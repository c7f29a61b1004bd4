// End to end, on the strict simulator: with CHANNELS=* a channel is served only for a sponsor,
// one of its administrators who may use the bot in private (src/chat/channel_sponsor.hpp). A
// channel whose administrators are all outside ALLOWED_USERS, or whose owner is banned, gets no
// links and one short notice; forced subscription and the daily limit count the sponsor; a burst
// of thirty posts in a minute meets no flood wait and every post gets its buttons.
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/scenario.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kAnyChannel = -1003000000031;
constexpr std::int64_t kRequired = -1003000000032;
constexpr std::int64_t kBotAdmin = 7780001;  // ADMINS
constexpr std::int64_t kAllowed = 7780002;   // on ALLOWED_USERS
constexpr std::int64_t kOutsider = 7780003;  // not on it
constexpr std::int64_t kOutsider2 = 7780004;
constexpr std::int64_t kTheBot = SimHarness::kMainBotId;

SimHarnessOptions any_channel_options() {
  SimHarnessOptions options;
  options.env["CHANNELS"] = "*";
  options.env["ADMINS"] = std::to_string(kBotAdmin);
  options.env["ALLOWED_USERS"] = std::to_string(kAllowed);
  return options;
}

class ChannelSponsor : public ::testing::Test {
 protected:
  explicit ChannelSponsor(SimHarnessOptions options = any_channel_options())
      : harness(std::move(options)), sim(harness.sim()) {
    for (const std::int64_t user : {kBotAdmin, kAllowed, kOutsider, kOutsider2}) {
      sim.create_user(user, "User " + std::to_string(user));
    }
    sim.create_channel(kAnyChannel, "Anyone's", true);
  }

  // The owner posts a file; answers the post's message id.
  std::int64_t post(const std::string& name, int seed) {
    return sim.post_to_channel(channel_post(kAnyChannel, harness.make_file(name, 6000, seed)))
        .message_id;
  }

  bool buttons_on(std::int64_t message_id) {
    const std::optional<sim::SimMessage> posted = message_in(sim, kAnyChannel, message_id);
    return posted && !posted->keyboard.empty();
  }

  // What the bot wrote into the channel.
  std::vector<std::string> notices() {
    std::vector<std::string> texts;
    for (const sim::SimMessage& message : sim.messages(kAnyChannel)) {
      if (message.sender_user_id == kTheBot) texts.push_back(message.text);
    }
    return texts;
  }

  std::size_t copies() { return sim.messages(SimHarness::kLogChannel).size(); }

  bool logged(const std::string& part) { return contains(harness.process().output(), part); }

  SimHarness harness;
  sim::ControlClient& sim;
};

TEST_F(ChannelSponsor, AChannelWhoseAdministratorsAreAllOutsideAllowedUsersIsNotServed) {
  sim.set_member(kAnyChannel, kOutsider, "creator");
  sim.set_member(kAnyChannel, kOutsider2, "admin");
  const std::int64_t first = post("a.mp4", 1);
  ASSERT_TRUE(eventually([&] { return notices().size() == 1U; })) << harness.process().output();
  EXPECT_TRUE(contains(notices().front(), "none of its administrators may use the bot"))
      << notices().front();
  EXPECT_TRUE(logged("post " + std::to_string(first) + " gets no links"));
  const std::int64_t second = post("b.mp4", 2);
  ASSERT_TRUE(eventually([&] {
    return logged("post " + std::to_string(second) + " gets no links");
  })) << harness.process().output();
  std::this_thread::sleep_for(1s);
  EXPECT_EQ(notices().size(), 1U) << "one notice, not one per post";
  EXPECT_FALSE(buttons_on(first));
  EXPECT_FALSE(buttons_on(second));
  EXPECT_EQ(copies(), 0U);
}

TEST_F(ChannelSponsor, AnAllowedAdministratorMakesTheChannelServed) {
  sim.set_member(kAnyChannel, kOutsider, "creator");
  sim.set_member(kAnyChannel, kAllowed, "admin");
  const std::int64_t posted = post("c.mp4", 3);
  EXPECT_TRUE(eventually([&] { return buttons_on(posted); })) << harness.process().output();
  EXPECT_TRUE(notices().empty());
  EXPECT_EQ(copies(), 1U);
}

TEST_F(ChannelSponsor, ABannedOwnerIsRefusedEvenWithAnAllowedAdministrator) {
  sim.set_member(kAnyChannel, kOutsider, "creator");
  sim.set_member(kAnyChannel, kAllowed, "admin");
  sim.send_text(kBotAdmin, "/ban " + std::to_string(kOutsider));
  const std::vector<sim::SimMessage> answer = sim.wait_messages(kBotAdmin, 1, 15000);
  ASSERT_FALSE(answer.empty());
  const std::int64_t posted = post("d.mp4", 4);
  ASSERT_TRUE(eventually([&] { return logged("is banned"); })) << harness.process().output();
  EXPECT_TRUE(logged("its owner " + std::to_string(kOutsider) + " is banned"));
  std::this_thread::sleep_for(1s);
  EXPECT_FALSE(buttons_on(posted));
  EXPECT_EQ(copies(), 0U);
}

// CHANNELS=* as above, and one more setting.
SimHarnessOptions any_channel_options_with(const std::string& name, const std::string& value) {
  SimHarnessOptions options = any_channel_options();
  options.env[name] = value;
  return options;
}

class ChannelSponsorForcedSubscription : public ChannelSponsor {
 protected:
  ChannelSponsorForcedSubscription()
      : ChannelSponsor(any_channel_options_with("FORCE_SUB_CHANNELS", std::to_string(kRequired))) {}
};

TEST_F(ChannelSponsorForcedSubscription, TheSponsorMustHaveJoined) {
  sim.create_channel(kRequired, "News", true);
  sim.set_member(kAnyChannel, kAllowed, "creator");
  const std::int64_t refused = post("e.mp4", 5);
  ASSERT_TRUE(eventually([&] { return notices().size() == 1U; })) << harness.process().output();
  EXPECT_TRUE(contains(notices().front(), "joins the channels")) << notices().front();
  EXPECT_TRUE(logged("has not joined"));
  EXPECT_FALSE(buttons_on(refused));

  sim.set_member(kRequired, kAllowed, "member");
  const std::int64_t served = post("f.mp4", 6);
  EXPECT_TRUE(eventually([&] { return buttons_on(served); })) << harness.process().output();
  EXPECT_EQ(copies(), 1U);
}

class ChannelSponsorDailyLimit : public ChannelSponsor {
 protected:
  ChannelSponsorDailyLimit() : ChannelSponsor(any_channel_options_with("MAX_LINKS_PER_DAY", "1")) {}
};

TEST_F(ChannelSponsorDailyLimit, ChannelPostsCountInTheSponsorsDay) {
  sim.set_member(kAnyChannel, kAllowed, "creator");
  const std::int64_t first = post("g.mp4", 7);
  ASSERT_TRUE(eventually([&] { return buttons_on(first); })) << harness.process().output();
  const std::int64_t second = post("h.mp4", 8);
  ASSERT_TRUE(eventually([&] { return logged("Daily limit reached"); }))
      << harness.process().output();
  EXPECT_FALSE(buttons_on(second));
  EXPECT_EQ(copies(), 1U);

  // The same day is the sponsor's in private too.
  sim::SendFileRequest upload;
  upload.user_id = kAllowed;
  upload.path = harness.make_file("private.zip", 500, 9).string();
  sim.send_file(upload);
  const std::vector<sim::SimMessage> replies = sim.wait_messages(kAllowed, 1, 15000);
  ASSERT_FALSE(replies.empty());
  EXPECT_TRUE(contains(replies.back().text, "Daily limit reached")) << replies.back().text;
}

// Thirty posts at once, with no kill: Telegram takes 20 a minute into the channel, so the last
// ten wait for the window. Every post ends with its buttons and no send or edit met a flood
// wait. Takes about 70 s: tglink's budget follows the real clock.
TEST_F(ChannelSponsor, ThirtyPostsInAMinuteMeetNoFloodWaitAndAllGetButtons) {
  sim.set_member(kAnyChannel, kAllowed, "creator");
  std::vector<std::int64_t> posts;
  for (int i = 0; i < 30; ++i) posts.push_back(post("burst" + std::to_string(i) + ".mp4", 20 + i));
  auto with_buttons = [&] {
    std::size_t count = 0;
    for (const std::int64_t posted : posts) count += buttons_on(posted);
    return count;
  };
  EXPECT_TRUE(eventually([&] { return with_buttons() == posts.size(); }, 180s))
      << with_buttons() << " of 30\n"
      << harness.process().output();
  const sim::BotCountersView counters = sim.counters(kTheBot);
  EXPECT_EQ(counters.edit_flood_waits, 0) << "an edit went over the channel's budget\n"
                                          << harness.process().output();
  EXPECT_EQ(counters.flood_waits, 0) << "a send went over a budget\n" << harness.process().output();
  EXPECT_EQ(copies(), posts.size());
  EXPECT_TRUE(notices().empty());
}

}  // namespace
}  // namespace tglink::testing
