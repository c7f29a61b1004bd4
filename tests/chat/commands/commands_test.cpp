// The commands over the fake TelegramClient: /info, /stats (user and admin), /ping, /logs
// (arguments, short and long output), /broadcast (usage, preview, refusal, delivery with a
// blocked user, no second copy on resume), /davlink and /davlink off.
#include <filesystem>
#include <set>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "chat/chat_service.hpp"
#include "chat/commands/broadcast_jobs.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/logs_arguments.hpp"
#include "config/config.hpp"
#include "core/base64.hpp"
#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "support/chat_fixture.hpp"
#include "support/chat_ids.hpp"
#include "support/temp_dir.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kBlocked = 5000;
constexpr std::int64_t kDeactivated = 5001;  // deleted the account
constexpr std::int64_t kNeverWrote = 5002;   // never wrote to this bot

class CommandsTest : public testing::ChatFixture {
 protected:
  CommandsTest() {
    config.admins = {kAdmin};
    config.max_links_per_day = 5;
    config.data_dir = dir.path();
    client.respond_to("forwardMessages", [this](const json::object& r) {
      // The refusals as TDLib 1.8.67 reports them
      // (MessagesManager::process_send_message_fail_error).
      const std::int64_t to = r.at("chat_id").as_int64();
      if (to == kBlocked) return make_td_error(403, "USER_IS_BLOCKED");
      if (to == kDeactivated) return make_td_error(403, "User is deactivated");
      if (to == kNeverWrote)
        return make_td_error(403, "Bot can't initiate conversation with a user");
      ++copies[r.at("chat_id").as_int64()];
      json::object message{{"@type", "message"}, {"id", 9 << 20}, {"chat_id", r.at("chat_id")}};
      return json::object{{"@type", "messages"}, {"messages", json::array{message}}};
    });
  }

  void start() {
    ChatContext context{config, log, store, clock, links, client, io.get_executor()};
    context.leading = [this] { return leading; };
    context.status = [] {
      ServiceStatus s;
      s.version = "9.9.9";
      s.uptime = 3723s;
      s.bandwidth_used_bytes = 1536;
      s.bandwidth_month = "2026-11";
      s.active_streams = 3;
      s.bots_connected = 1;
      s.bots_total = 2;
      s.memory =
          ProcessMemory{.rss_bytes = 1 << 20, .vms_bytes = 4 << 20, .machine_bytes = 4 << 20};
      return s;
    };
    BroadcastOptions options;
    options.messages_per_second = 100000;
    broadcaster = std::make_unique<Broadcaster>(context, options);
    context.broadcaster = broadcaster.get();
    service = std::make_unique<ChatService>(std::move(context), default_commands());
    service->start();
  }

  void add_user(std::int64_t id) {
    UserRecord user;
    user.user_id = id;
    store.upsert_user(user);
  }

  testing::TempDir dir{"commands-test"};
  std::unique_ptr<Broadcaster> broadcaster;
  std::map<std::int64_t, int> copies;
  bool leading = true;  // whether this node leads the chat side (docs/scaling.md)
};

TEST(LogsArguments, DefaultsLevelsLimitsAndBadInput) {
  const auto none = parse_logs_arguments("");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->level, LogLevel::Info);
  EXPECT_EQ(none->limit, LogsArguments::kDefaultLimit);
  const auto both = parse_logs_arguments("limit=500  level=error");
  ASSERT_TRUE(both);
  EXPECT_EQ(both->level, LogLevel::Error);
  EXPECT_EQ(both->limit, 500U);
  for (const char* bad :
       {"limit=0", "limit=501", "limit=x", "level=LOUD", "foo=1", "ERROR", "limit=5 limit=6"}) {
    EXPECT_FALSE(parse_logs_arguments(bad)) << bad;
  }
}

TEST_F(CommandsTest, InfoShowsUsersLinksBandwidthStreamsUptimeVersion) {
  start();
  store.record_link(kUser, "2026-11-21");
  const std::string info = say(kUser, "/info");
  for (const char* part : {"Users: 1", "Links made: 1", "1.5 KiB (no limit)", "Active streams: 3",
                           "0d 1h 2m 3s", "Version: 9.9.9"}) {
    EXPECT_TRUE(contains(info, part)) << part << " in " << info;
  }
}

TEST_F(CommandsTest, UserStatsShowTodayRemainingTotalAndReset) {
  add_user(kUser);
  start();
  store.record_link(kUser, "2026-11-21");
  store.record_link(kUser, "2026-11-21");
  store.record_link(kUser, "2026-11-20");
  const std::string stats = say(kUser, "/stats");
  for (const char* part : {"Links made today: 2", "Remaining today: 3 of 5",
                           "Links made in total: 3", "midnight UTC, in 2h 30m"}) {
    EXPECT_TRUE(contains(stats, part)) << part << " in " << stats;
  }
}

TEST_F(CommandsTest, AdminStatsShowServiceHealth) {
  start();
  const std::string stats = say(kAdmin, "/stats");
  for (const char* part :
       {"RSS 1.0 MiB, VMS 4.0 MiB, 25.0% of the machine", "Active streams: 3", "1 of 2 connected",
        "Log buffer:", "Uptime: 0d 1h 2m 3s", "Cache on disk: 0 B"}) {
    EXPECT_TRUE(contains(stats, part)) << part << " in " << stats;
  }
}

TEST_F(CommandsTest, DavlinkGivesTheSameFolderUntilOffThenANewOne) {
  config.base_url = "https://files.example";
  start();
  const std::string first = say(kUser, "/davlink");
  for (const char* part :
       {"https://files.example/dav/", "Kodi", "Infuse", "VLC", "rclone", ".m3u8", "/davlink off"}) {
    EXPECT_TRUE(contains(first, part)) << part << " in " << first;
  }
  const std::size_t at = first.find("/dav/") + 5;
  const std::string token = first.substr(at, first.find('/', at) - at);
  EXPECT_TRUE(contains(say(kUser, "/davlink"), "/dav/" + token + "/"));
  EXPECT_TRUE(contains(say(kUser, "/davlink off"), "closed"));
  EXPECT_TRUE(contains(say(kUser, "/davlink off"), "no open folder"));
  EXPECT_FALSE(contains(say(kUser, "/davlink"), "/dav/" + token + "/"));
  EXPECT_TRUE(contains(say(kUser, "/davlink please"), "Usage: /davlink"));
  EXPECT_TRUE(contains(say(kUser, "/help"), "/davlink"));
}

TEST_F(CommandsTest, DavlinkIsRefusedToUsersOffTheAllowedList) {
  config.allowed_users = {kAdmin};
  start();
  const std::string refused = say(kUser, "/davlink");
  EXPECT_FALSE(contains(refused, "/dav/")) << refused;
  EXPECT_TRUE(contains(refused, std::to_string(kUser))) << refused;
}

TEST_F(CommandsTest, PingEditsItsAnswerWithTheRoundTrip) {
  start();
  EXPECT_EQ(say(kUser, "/ping"), "Pong!");
  ASSERT_TRUE(
      testing::run_until(io, [&] { return !client.sent_of_type("editMessageText").empty(); }));
  const json::object edit = client.sent_of_type("editMessageText").front();
  EXPECT_EQ(edit.at("message_id").as_int64(), 1 << 20);
  EXPECT_TRUE(contains(text_of(edit), "Pong! Round trip: ")) << text_of(edit);
}

TEST_F(CommandsTest, LogsForAdminsOnlyWithUsageForBadArguments) {
  start();
  log.error("disk on fire");
  log.info("all calm");
  EXPECT_TRUE(contains(say(kUser, "/logs"), "for admins only"));
  EXPECT_TRUE(contains(say(kAdmin, "/logs level=LOUD"), "Usage: /logs"));
  const std::string errors = say(kAdmin, "/logs level=ERROR limit=10");
  EXPECT_TRUE(contains(errors, "disk on fire")) << errors;
  EXPECT_FALSE(contains(errors, "all calm")) << errors;
}

TEST_F(CommandsTest, LongLogsComeAsAFile) {
  start();
  for (int i = 0; i < 200; ++i) log.info("record number {} with some padding text", i);
  const std::size_t before = client.sent_of_type("sendMessage").size();
  client.push_update(user_message(kAdmin, 5 << 20, text_content("/logs limit=200")));
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("sendMessage").size() > before; }));
  const json::object sent = client.sent_of_type("sendMessage").back();
  const json::object& content = sent.at("input_message_content").as_object();
  EXPECT_EQ(content.at("@type").as_string(), "inputMessageDocument");
  EXPECT_EQ(content.at("document").at("@type").as_string(), "inputFileLocal");
  // The temporary file goes once the send has ended; waiting for that also lets the command's
  // coroutine finish before the fixture (and the client it waits on) is torn down.
  const std::filesystem::path file(std::string(content.at("document").at("path").as_string()));
  EXPECT_TRUE(testing::run_until(io, [&] { return !std::filesystem::exists(file); }));
}

TEST_F(CommandsTest, BroadcastWithoutReplyGivesUsageAndNonAdminIsRefused) {
  start();
  EXPECT_TRUE(contains(say(kAdmin, "/broadcast"), "Usage: reply to the message"));
  EXPECT_TRUE(contains(say(kUser, "/broadcast", 3 << 20), "for admins only"));
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
}

TEST_F(CommandsTest, BroadcastConfirmedReachesEveryUserOnceAndRemovesBlocked) {
  add_user(kUser);
  add_user(kBlocked);
  add_user(kDeactivated);
  add_user(kNeverWrote);
  add_user(6000);
  start();
  const std::string preview = say(kAdmin, "/broadcast", 3 << 20);  // kAdmin is recorded too
  EXPECT_TRUE(contains(preview, "Send it to 6 users?")) << preview;
  ASSERT_EQ(copies[kAdmin], 1);  // the preview copy
  press(kUser, "bc:confirm:1");  // not an admin: nothing runs
  press(kAdmin, "bc:confirm:1");
  ASSERT_TRUE(testing::run_until(io, [&] {
    const auto job = store.find_broadcast(1);
    return job && job->state == "done";
  }));
  const BroadcastJob job = *store.find_broadcast(1);
  EXPECT_EQ(job.sent, 3);
  EXPECT_EQ(job.blocked, 2);  // blocked the bot, deleted the account: removed
  EXPECT_EQ(job.failed, 1);   // never wrote to the bot: kept
  EXPECT_EQ(copies[kUser], 1);
  EXPECT_EQ(copies[6000], 1);
  EXPECT_EQ(copies[kAdmin], 2);
  EXPECT_FALSE(store.find_user(kBlocked).has_value());
  EXPECT_FALSE(store.find_user(kDeactivated).has_value());
  EXPECT_TRUE(store.find_user(kNeverWrote).has_value());
  // Each copy is preceded by loading the target chat and the source message, which TDLib may
  // not hold (after a restart, or half an hour later).
  std::set<std::int64_t> loaded_chats;
  for (const json::object& request : client.sent_of_type("getChat")) {
    loaded_chats.insert(request.at("chat_id").as_int64());
  }
  EXPECT_EQ(loaded_chats,
            (std::set<std::int64_t>{kAdmin, kUser, kBlocked, kDeactivated, kNeverWrote, 6000}));
  EXPECT_GE(client.sent_of_type("getMessage").size(),
            client.sent_of_type("forwardMessages").size());
  const auto edits = client.sent_of_type("editMessageText");
  ASSERT_FALSE(edits.empty());
  EXPECT_TRUE(contains(text_of(edits.back()), "Broadcast finished: 3 sent, 1 failed, 2 blocked"))
      << text_of(edits.back());

  // Resumed as if after a crash: nobody gets a second copy.
  BroadcastJob again = job;
  again.state = "running";
  store.update_broadcast(again);
  broadcaster->resume();
  ASSERT_TRUE(testing::run_until(io, [&] { return store.find_broadcast(1)->state == "done"; }));
  EXPECT_EQ(copies[kUser], 1);
  EXPECT_EQ(copies[6000], 1);
}

}  // namespace
}  // namespace tglink

namespace tglink {
namespace {

// Several nodes: a broadcast claims nobody while another node leads, and when this node leads
// again it goes on from the store, counting what the other node sent meanwhile.
TEST_F(CommandsTest, ABroadcastPausesWhileAnotherNodeLeadsAndGoesOnFromTheStore) {
  add_user(kUser);
  add_user(6000);
  start();
  EXPECT_TRUE(contains(say(kAdmin, "/broadcast", 3 << 20), "Send it to 3 users?"));
  client.respond_to("forwardMessages", [this](const json::object& r) {
    const std::int64_t chat = r.at("chat_id").as_int64();
    ++copies[chat];
    if (chat == kAdmin) leading = false;  // the lease is lost right after the first user
    json::object message{{"@type", "message"}, {"id", 9 << 20}, {"chat_id", chat}};
    return json::object{{"@type", "messages"}, {"messages", json::array{message}}};
  });
  press(kAdmin, "bc:confirm:1");
  ASSERT_TRUE(testing::run_until(io, [&] { return copies[kAdmin] == 2; }));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(copies[kUser], 0);
  EXPECT_FALSE(store.broadcast_recipient_done(1, kUser));

  // The other leader reaches kUser meanwhile, and stores its count.
  ASSERT_TRUE(store.mark_broadcast_recipient(1, kUser, "claimed"));
  BroadcastJob elsewhere = *store.find_broadcast(1);
  ++elsewhere.sent;
  store.update_broadcast(elsewhere);

  leading = true;
  ASSERT_TRUE(testing::run_until(io, [&] { return store.find_broadcast(1)->state == "done"; }));
  EXPECT_EQ(copies[kUser], 0);
  EXPECT_EQ(copies[6000], 1);
  EXPECT_EQ(store.find_broadcast(1)->sent, 3);  // admin and 6000 here, kUser there
}

// At shutdown a broadcast waiting for a queued copy's outcome stops before the Telegram client
// closes: its waits end, nothing more is claimed, it lets go of the client's update
// subscriptions, and the job stays "running" for the next start.
TEST_F(CommandsTest, StopEndsABroadcastWaitingForAQueuedCopy) {
  add_user(kUser);
  add_user(6000);
  client.respond_to("forwardMessages", [](const json::object& r) {
    json::object pending{{"@type", "message"},
                         {"id", (9 << 20) + 1},
                         {"chat_id", r.at("chat_id")},
                         {"sending_state", json::object{{"@type", "messageSendingStatePending"}}}};
    return json::object{{"@type", "messages"}, {"messages", json::array{pending}}};
  });
  start();
  (void)say(kAdmin, "/broadcast", 3 << 20);
  press(kAdmin, "bc:confirm:1");
  // The first user's copy is queued and no outcome comes: the job waits for it.
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("forwardMessages").size() >= 2; }));
  const std::size_t copies_requested = client.sent_of_type("forwardMessages").size();
  // The chat service follows sends too; the broadcast's own wait adds one subscriber.
  const std::size_t subscribers = client.subscriber_count("updateMessageSendSucceeded");
  bool stopped = false;
  boost::asio::co_spawn(
      io,
      [&]() -> boost::asio::awaitable<void> {
        co_await broadcaster->stop(std::chrono::seconds(5));
        stopped = true;
      },
      boost::asio::detached);
  ASSERT_TRUE(testing::run_until(io, [&] { return stopped; }));
  EXPECT_EQ(client.subscriber_count("updateMessageSendSucceeded"), subscribers - 1);
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), copies_requested);
  EXPECT_EQ(store.find_broadcast(1)->state, "running");
}

}  // namespace
}  // namespace tglink
