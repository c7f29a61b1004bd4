// The relay between nodes (chat/message_relay.hpp) over the fake TelegramClient and an in-memory
// store: what a follower writes for the leader, and what the leader loads and hands over, and that
// the follower's writes wait on the store executor, never on the thread the update came on.
#include "chat/message_relay.hpp"

#include <map>
#include <string>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "store/store_executor.hpp"
#include "support/chat_ids.hpp"
#include "support/fake_clock.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/forwarding_store.hpp"
#include "support/gate.hpp"
#include "support/io_wait.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

json::object message_update(std::int64_t chat_id, std::int64_t id, bool outgoing = false) {
  json::object sender{{"@type", "messageSenderUser"}, {"user_id", kUser}};
  json::object formatted{{"@type", "formattedText"}, {"text", "hi"}, {"entities", json::array()}};
  json::object message{{"@type", "message"},
                       {"id", id},
                       {"chat_id", chat_id},
                       {"sender_id", sender},
                       {"is_outgoing", outgoing},
                       {"content", json::object{{"@type", "messageText"}, {"text", formatted}}}};
  return json::object{{"@type", "updateNewMessage"}, {"message", std::move(message)}};
}

json::object button_press(std::string id) {
  return json::object{
      {"@type", "updateNewCallbackQuery"},
      {"id", std::move(id)},
      {"sender_user_id", kUser},
      {"chat_id", kUser},
      {"message_id", 3 << 20},
      {"payload", json::object{{"@type", "callbackQueryPayloadData"}, {"data", "Sm9pbmVk"}}}};
}

constexpr std::int64_t kRelayChannel = -1001234567890;

json::object post_edited(std::int64_t chat_id, std::int64_t message_id, std::int64_t edit_date) {
  return json::object{{"@type", "updateMessageEdited"},
                      {"chat_id", chat_id},
                      {"message_id", message_id},
                      {"edit_date", edit_date}};
}

json::object bot_added(std::int64_t chat_id, std::int64_t date) {
  json::object member{{"@type", "chatMember"},
                      {"member_id", json::object{{"@type", "messageSenderUser"}, {"user_id", 77}}},
                      {"status", json::object{{"@type", "chatMemberStatusAdministrator"}}}};
  return json::object{{"@type", "updateChatMember"},
                      {"chat_id", chat_id},
                      {"date", date},
                      {"new_chat_member", std::move(member)}};
}

class MessageRelayTest : public ::testing::Test {
 protected:
  boost::asio::io_context io;
  Log log{LogOptions{.console_level = LogLevel::Info, .ring_capacity = 100, .console = false}};
  SqliteStore store{":memory:"};
  testing::FakeClock clock{testing::utc(2026, 11, 23, 17, 0)};
  testing::FakeTelegramClient client;
  StoreExecutor inline_work{StoreExecutor::Mode::kInline, log};
  bool chat_side_started = false;

  MessageRelay make_relay(Store& target, StoreExecutor& work) {
    return MessageRelay(client, target, work, io.get_executor(), log, clock,
                        [this] { return chat_side_started; });
  }
  // Runs the relay's writes until the store holds `count` updates; answers them, claimed.
  std::vector<RelayedUpdate> claim_when(std::size_t count) {
    std::vector<RelayedUpdate> claimed;
    testing::run_until(io, [&] {
      std::vector<RelayedUpdate> more = store.claim_relayed_updates(10);
      claimed.insert(claimed.end(), more.begin(), more.end());
      return claimed.size() >= count;
    });
    io.restart();
    io.poll();  // anything more the relay would write
    std::vector<RelayedUpdate> more = store.claim_relayed_updates(10);
    claimed.insert(claimed.end(), more.begin(), more.end());
    return claimed;
  }
};

// A store whose relay_update waits at a gate: a database that holds the follower's write.
class HeldRelayStore final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  testing::Gate gate;
  bool relay_update(const RelayedUpdate& update) override {
    gate.pass();
    return ForwardingStore::relay_update(update);
  }
};

TEST_F(MessageRelayTest, AFollowerRelaysUsersMessagesAndButtonPressesOnly) {
  MessageRelay relay = make_relay(store, inline_work);
  client.push_update(message_update(kUser, 1 << 20));
  client.push_update(message_update(kUser, 1 << 20));        // the same again: once
  client.push_update(message_update(kUser, 2 << 20, true));  // the bot's own: not relayed
  client.push_update(message_update(-1001234, 1 << 20));     // a channel post: not relayed
  client.push_update(button_press("77"));

  const std::vector<RelayedUpdate> claimed = claim_when(2);
  ASSERT_EQ(claimed.size(), 2U);
  EXPECT_EQ(claimed[0].chat_id, kUser);
  EXPECT_EQ(claimed[0].message_id, 1 << 20);
  EXPECT_EQ(claimed[0].query_id, "");
  EXPECT_EQ(claimed[1].message_id, 3 << 20);
  EXPECT_EQ(claimed[1].query_id, "77");
  EXPECT_EQ(json::parse(claimed[1].query).as_object(), button_press("77"));
}

TEST_F(MessageRelayTest, AFollowerRelaysAChannelsEditsAndMemberChangesEachOnce) {
  MessageRelay relay = make_relay(store, inline_work);
  client.push_update(post_edited(kRelayChannel, 5 << 20, 1000));
  client.push_update(post_edited(kRelayChannel, 5 << 20, 1000));  // the same edit again: once
  client.push_update(post_edited(kRelayChannel, 5 << 20, 1060));  // edited again later
  client.push_update(post_edited(kUser, 6 << 20, 1000));          // not a channel: not relayed
  client.push_update(bot_added(kRelayChannel, 1100));

  std::map<std::string, RelayedUpdate> by_key;
  for (const RelayedUpdate& claimed : claim_when(3)) by_key[claimed.query_id] = claimed;
  ASSERT_EQ(by_key.size(), 3U);
  const RelayedUpdate& edit = by_key["edited:1000"];
  EXPECT_EQ(edit.chat_id, kRelayChannel);
  EXPECT_EQ(edit.message_id, 5 << 20);
  EXPECT_EQ(json::parse(edit.query).as_object(), post_edited(kRelayChannel, 5 << 20, 1000));
  EXPECT_EQ(by_key.count("edited:1060"), 1U);
  const RelayedUpdate& member = by_key["member:1100:77"];
  EXPECT_EQ(member.message_id, 0);  // a member change names no message
  EXPECT_EQ(json::parse(member.query).as_object(), bot_added(kRelayChannel, 1100));
}

TEST_F(MessageRelayTest, OnceTheChatSideRunsHereItDecidesAndTheRelayOnlyListensNoMore) {
  MessageRelay relay = make_relay(store, inline_work);
  chat_side_started = true;
  client.push_update(message_update(kUser, 1 << 20));
  io.poll();
  EXPECT_TRUE(store.claim_relayed_updates(10).empty());
  relay.relay(message_update(kUser, 2 << 20));  // what the chat side passes on
  const std::vector<RelayedUpdate> claimed = claim_when(1);
  ASSERT_EQ(claimed.size(), 1U);
  EXPECT_EQ(claimed[0].message_id, 2 << 20);
}

TEST_F(MessageRelayTest, AHeldDatabaseHoldsTheFollowersWriteNotTheThreadTheUpdateCameOn) {
  HeldRelayStore held{store};
  StoreExecutor worker{StoreExecutor::Mode::kWorker, log};
  MessageRelay relay = make_relay(held, worker);
  client.push_update(message_update(kUser, 1 << 20));  // returns at once
  io.restart();
  io.poll();  // the write starts, and waits on the worker
  ASSERT_TRUE(held.gate.wait_arrived());
  client.push_update(message_update(kUser, 2 << 20));  // the next update is not held up either
  held.gate.open();
  const std::vector<RelayedUpdate> claimed = claim_when(2);
  EXPECT_EQ(claimed.size(), 2U);
}

TEST_F(MessageRelayTest, TheLeaderLoadsEachRelayedMessageWithItsOwnClientAndHandsItOver) {
  store.relay_update(RelayedUpdate{kUser, 1 << 20, 100, {}, {}});
  store.relay_update(RelayedUpdate{kUser, 2 << 20, 100, {}, {}});  // deleted meanwhile
  store.relay_update(RelayedUpdate{kUser, 3 << 20, 101, "77", json::serialize(button_press("77"))});
  store.relay_update(RelayedUpdate{kRelayChannel, 4 << 20, 102, "edited:1000",
                                   json::serialize(post_edited(kRelayChannel, 4 << 20, 1000))});
  client.respond_to("getChat", [](const json::object& request) {
    return json::object{{"@type", "chat"}, {"id", request.at("chat_id")}};
  });
  client.respond_to("getMessage", [](const json::object& request) {
    if (request.at("message_id").as_int64() == 2 << 20) return make_td_error(404, "Not Found");
    return message_update(kUser, request.at("message_id").as_int64()).at("message").as_object();
  });
  std::vector<json::object> handed;
  RelayedMessages relayed(client, store, inline_work, log, clock,
                          [&](const json::object& update) { handed.push_back(update); });
  bool done = false;
  boost::asio::co_spawn(
      io,
      [&]() -> boost::asio::awaitable<void> {
        co_await relayed.drain();
        done = true;
      },
      boost::asio::detached);
  ASSERT_TRUE(testing::run_until(io, [&] { return done; }));

  ASSERT_EQ(handed.size(), 3U);
  EXPECT_EQ(handed[0], message_update(kUser, 1 << 20));
  EXPECT_EQ(handed[1], button_press("77"));
  EXPECT_EQ(handed[2],
            post_edited(kRelayChannel, 4 << 20, 1000));  // as the follower's session had it
  // The chat is loaded before each update: the leader's client may never have seen it.
  EXPECT_EQ(client.sent_types(), (std::vector<std::string>{"getChat", "getMessage", "getChat",
                                                           "getMessage", "getChat", "getChat"}));
  EXPECT_TRUE(store.claim_relayed_updates(10).empty());  // claimed once, by this drain
}

}  // namespace
}  // namespace tglink
