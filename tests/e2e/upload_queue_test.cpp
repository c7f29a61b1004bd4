// Uploads end to end, on the strict simulator: every upload
// is posted into LOG_CHANNEL exactly once and answered with one link, whatever the wait: a
// file held 31 simulated minutes for "I've joined", held across a SIGKILL, queued by the
// per-user flood limit across a SIGKILL, Telegram unreachable for 70 s, and 60 uploads in a
// minute (three times LOG_CHANNEL's 20 posts a minute).
//
// The simulator's world lives in the tglink process, so after a kill it is rebuilt from
// TGLINK_SIM_CONFIG with the user's message at the id it had (config ops emit no updates, as
// messages a bot received before it started).
#include <csignal>
#include <thread>

#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kQueueUser = 5550001;
constexpr std::int64_t kQueueChannel = -1002000000002;

bool is_link(const sim::SimMessage& message) { return contains(message.text, "/dl/"); }

// What no user may be shown: a failed upload or a refusal.
bool is_error(const sim::SimMessage& message) {
  return contains(message.text, "Could not") || contains(message.text, "again in") ||
         contains(message.text, "went wrong");
}

std::size_t count_links(SimHarness& harness, std::int64_t user) {
  std::size_t links = 0;
  for (const sim::SimMessage& message : harness.sim().messages(user)) links += is_link(message);
  return links;
}

sim::SendFileRequest file_request(const std::filesystem::path& path, std::int64_t user) {
  return user_file(user, path, "document", "application/zip");
}

json::object op_create_user(std::int64_t user) {
  return json::object{{"op", "create_user"}, {"user_id", user}, {"first_name", "Ann"}};
}

json::object op_create_channel() {
  return json::object{{"op", "create_channel"},
                      {"chat_id", kQueueChannel},
                      {"title", "News"},
                      {"username", "news"},
                      {"bots_admin_by_default", true}};
}

// `ops` plus the user's file at `message_id` in the chat with the main bot, after as many
// texts as it takes to get there.
std::string world_with_file(json::array ops, const std::filesystem::path& file,
                            std::int64_t message_id) {
  const std::int64_t before = (message_id >> 20) - 1;
  for (std::int64_t i = 0; i < before; ++i) {
    ops.push_back(json::object{{"op", "send_text"},
                               {"user_id", kQueueUser},
                               {"text", "earlier"},
                               {"bot_id", SimHarness::kMainBotId}});
  }
  ops.push_back(json::object{{"op", "send_file"},
                             {"user_id", kQueueUser},
                             {"path", file.string()},
                             {"kind", "document"},
                             {"mime_type", "application/zip"},
                             {"bot_id", SimHarness::kMainBotId}});
  return json::serialize(json::object{{"ops", std::move(ops)}});
}

// SIGKILLs tglink and starts it again on `world` rebuilt with kQueueUser's `file` at the message id
// it had: the simulator's world lives in the killed process.
void kill_and_rebuild(SimHarness& harness, const json::array& world,
                      const std::filesystem::path& file, const sim::SentMessage& sent) {
  (void)harness.process().stop(SIGKILL, 10s);
  harness.set_sim_config(world_with_file(world, file, sent.message_id));
  harness.restart();
}

// The user presses "I've joined" on the newest join prompt; answers the callback's text.
std::string press_joined(SimHarness& harness) {
  const auto messages = harness.sim().messages(kQueueUser);
  for (auto message = messages.rbegin(); message != messages.rend(); ++message) {
    if (!contains(message->text, "Join required channels") || message->keyboard.empty()) continue;
    const sim::SimButton joined = message->keyboard.back().front();
    const std::string query =
        harness.sim().press_button(kQueueUser, message->message_id, joined.data);
    return harness.sim().callback_answer(query, kBotReplyWaitMs);
  }
  ADD_FAILURE() << "no join prompt";
  return {};
}

TEST(UploadQueue, FileHeldThirtyOneMinutesGetsItsLinkAfterJoining) {
  Scenario scenario(with_env({{"FORCE_SUB_CHANNELS", std::to_string(kQueueChannel)}}));
  SimHarness& harness = scenario.harness;
  harness.sim().create_channel(kQueueChannel, "News", true);
  scenario.create_users({{kQueueUser, "Ann"}});
  const auto file = harness.make_file("a.zip", 5000);
  harness.sim().send_file(file_request(file, kQueueUser));
  const auto prompt = harness.sim().wait_messages(kQueueUser, 1, kBotReplyWaitMs);
  ASSERT_TRUE(contains(prompt.back().text, "Your file waits")) << prompt.back().text;

  harness.sim().advance_time(31 * 60);  // past the bot's message_unload_delay (1,800 s)
  harness.sim().set_member(kQueueChannel, kQueueUser, "member");
  EXPECT_TRUE(contains(press_joined(harness), "Thanks"));
  ASSERT_TRUE(eventually([&] { return count_links(harness, kQueueUser) == 1; }, 30s))
      << harness.sim().messages(kQueueUser).back().text;
  EXPECT_EQ(scenario.log_channel_posts(), 1U);
  const sim::SimMessage reply = harness.sim().messages(kQueueUser).back();
  const HttpResult got = harness.get(link_path_in(reply.text, "/dl/"));
  EXPECT_EQ(got.status, 200);
  EXPECT_TRUE(got.body == read_file(file));
}

TEST(UploadQueue, HeldFileSurvivesAKillAndGetsItsLinkAfterJoining) {
  const json::array world{op_create_channel(), op_create_user(kQueueUser)};
  Scenario scenario(with_env({{"FORCE_SUB_CHANNELS", std::to_string(kQueueChannel)}},
                             json::serialize(json::object{{"ops", world}})));
  SimHarness& harness = scenario.harness;
  const auto file = harness.make_file("a.zip", 5000);
  const sim::SentMessage sent = harness.sim().send_file(file_request(file, kQueueUser));
  const auto prompt = harness.sim().wait_messages(kQueueUser, 1, kBotReplyWaitMs);
  ASSERT_TRUE(contains(prompt.back().text, "Your file waits")) << prompt.back().text;

  kill_and_rebuild(harness, world, file, sent);
  // The prompt from before the kill is gone with the old world: /start shows a new one.
  harness.sim().send_text(kQueueUser, "/start");
  const auto start = harness.sim().wait_messages(kQueueUser, 2, kBotReplyWaitMs);
  ASSERT_TRUE(contains(start.back().text, "Join required channels")) << start.back().text;
  harness.sim().set_member(kQueueChannel, kQueueUser, "member");
  EXPECT_TRUE(contains(press_joined(harness), "Thanks"));
  ASSERT_TRUE(eventually([&] { return count_links(harness, kQueueUser) == 1; }, 30s))
      << harness.sim().messages(kQueueUser).back().text;
  EXPECT_EQ(scenario.log_channel_posts(), 1U);
}

TEST(UploadQueue, FloodQueuedFileSurvivesAKill) {
  const json::array world{op_create_user(kQueueUser)};
  Scenario scenario(
      with_env({{"USER_FILES_PER_MINUTE", "1"}}, json::serialize(json::object{{"ops", world}})));
  SimHarness& harness = scenario.harness;
  const auto first = harness.make_file("a.zip", 5000, 1);
  const auto second = harness.make_file("b.zip", 6000, 2);
  harness.sim().send_file(file_request(first, kQueueUser));
  ASSERT_TRUE(eventually([&] { return count_links(harness, kQueueUser) == 1; }, 15s));
  const sim::SentMessage queued = harness.sim().send_file(file_request(second, kQueueUser));
  const auto limited = harness.sim().wait_messages(kQueueUser, 2, kBotReplyWaitMs);
  ASSERT_TRUE(contains(limited.back().text, "queued")) << limited.back().text;

  kill_and_rebuild(harness, world, second, queued);
  ASSERT_TRUE(eventually([&] { return count_links(harness, kQueueUser) == 1; }, 90s))
      << "the queued file was lost";
  EXPECT_TRUE(contains(harness.sim().messages(kQueueUser).back().text, "b.zip"));
  EXPECT_EQ(scenario.log_channel_posts(), 1U);
}

TEST(UploadQueue, TelegramUnreachableSeventySecondsStillOnePostAndOneLinkEach) {
  Scenario scenario;
  SimHarness& harness = scenario.harness;
  constexpr int kUsers = 5;
  const auto file = harness.make_file("a.zip", 5000);
  harness.sim().fault(SimHarness::kMainBotId, "disconnect");
  for (int i = 0; i < kUsers; ++i) {
    harness.sim().create_user(kQueueUser + i, "U");
    harness.sim().send_file(file_request(file, kQueueUser + i));
  }
  std::this_thread::sleep_for(70s);  // real time: longer than any timeout tglink could have
  harness.sim().fault(SimHarness::kMainBotId, "reconnect");
  ASSERT_TRUE(eventually(
      [&] {
        for (int i = 0; i < kUsers; ++i) {
          if (count_links(harness, kQueueUser + i) == 0) return false;
        }
        return true;
      },
      60s));
  std::this_thread::sleep_for(2s);  // anything sent twice would show by now
  EXPECT_EQ(scenario.log_channel_posts(), static_cast<std::size_t>(kUsers));
  for (int i = 0; i < kUsers; ++i) {
    EXPECT_EQ(count_links(harness, kQueueUser + i), 1U) << "user " << kQueueUser + i;
    for (const sim::SimMessage& message : harness.sim().messages(kQueueUser + i)) {
      EXPECT_FALSE(is_error(message)) << message.text;
    }
  }
}

TEST(UploadQueue, SixtyUploadsInAMinuteFromThirtyUsersAllGetOnePostAndOneLink) {
  Scenario scenario;
  SimHarness& harness = scenario.harness;
  constexpr int kUsers = 30;
  const auto file = harness.make_file("a.zip", 5000);
  for (int i = 0; i < kUsers; ++i) harness.sim().create_user(kQueueUser + i, "U");
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < kUsers; ++i) harness.sim().send_file(file_request(file, kQueueUser + i));
  }
  // LOG_CHANNEL takes 20 posts a minute: the last of the 60 goes about two minutes later.
  ASSERT_TRUE(eventually(
      [&] {
        for (int i = 0; i < kUsers; ++i) {
          if (count_links(harness, kQueueUser + i) < 2) return false;
        }
        return true;
      },
      300s))
      << scenario.log_channel_posts() << " posts";
  std::this_thread::sleep_for(2s);
  EXPECT_EQ(scenario.log_channel_posts(), 60U);
  for (int i = 0; i < kUsers; ++i) {
    EXPECT_EQ(count_links(harness, kQueueUser + i), 2U) << "user " << kQueueUser + i;
    for (const sim::SimMessage& message : harness.sim().messages(kQueueUser + i)) {
      EXPECT_FALSE(is_error(message)) << message.text;
    }
  }
}

}  // namespace
}  // namespace tglink::testing
