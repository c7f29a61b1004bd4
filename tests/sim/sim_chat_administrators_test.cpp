// getChatAdministrators as the simulator answers it (src/sim/simulator_channels.cpp), after
// DialogParticipantManager::get_dialog_administrators: a chat the client has not loaded is "Chat
// not found", a private chat has no administrators, and in a channel only a bot administrator may
// list them (the server's CHANNEL_PRIVATE, CHAT_ADMIN_REQUIRED); the owner comes first.

#include <set>
#include <string>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kListedChannel = -1003000000013;
constexpr std::int64_t kOwner = 5100001;
constexpr std::int64_t kHelper = 5100002;
constexpr std::int64_t kReader = 5100003;

json::object administrators_of(std::int64_t chat_id) {
  return json::object{{"@type", "getChatAdministrators"}, {"chat_id", chat_id}};
}

class SimChatAdministratorsTest : public SimTest {
 protected:
  // A logged-in bot that has loaded kListedChannel (getChat), whose owner, one administrator and
  // one plain member are set; the bot's own membership is `bot_status`.
  void channel_with(const std::string& bot_status) {
    client_ = login();
    control_->create_channel(kListedChannel, "Films");
    for (const std::int64_t user : {kOwner, kHelper, kReader}) {
      control_->create_user(user, "User " + std::to_string(user));
    }
    control_->set_member(kListedChannel, kOwner, "creator");
    control_->set_member(kListedChannel, kHelper, "admin");
    control_->set_member(kListedChannel, kReader, "member");
    control_->set_member(kListedChannel, kBotId, bot_status);
    const json::object chat =
        request(client_, json::object{{"@type", "getChat"}, {"chat_id", kListedChannel}});
    ASSERT_EQ(chat.at("@type"), "chat") << json::serialize(chat);
  }

  void expect_error(const json::object& answer, const std::string& message) {
    ASSERT_EQ(answer.at("@type"), "error") << json::serialize(answer);
    EXPECT_EQ(answer.at("code").to_number<int>(), 400);
    EXPECT_EQ(answer.at("message").as_string(), message);
  }

  int client_ = 0;
};

TEST_F(SimChatAdministratorsTest, ABotAdministratorGetsTheOwnerFirstThenTheOthers) {
  channel_with("admin");
  const json::object answer = request(client_, administrators_of(kListedChannel));
  ASSERT_EQ(answer.at("@type"), "chatAdministrators") << json::serialize(answer);
  const json::array& list = answer.at("administrators").as_array();
  ASSERT_EQ(list.size(), 3U) << json::serialize(answer);  // owner, helper, the bot; no reader
  EXPECT_EQ(list[0].at("@type"), "chatAdministrator");
  EXPECT_EQ(list[0].at("user_id").to_number<std::int64_t>(), kOwner);
  EXPECT_EQ(list[0].at("is_owner"), true);
  EXPECT_EQ(list[0].at("custom_title"), "");
  for (std::size_t i = 1; i < list.size(); ++i) EXPECT_EQ(list[i].at("is_owner"), false);
  std::set<std::int64_t> others;
  for (std::size_t i = 1; i < list.size(); ++i) {
    others.insert(list[i].at("user_id").to_number<std::int64_t>());
  }
  EXPECT_EQ(others, (std::set<std::int64_t>{kHelper, kBotId}));
}

TEST_F(SimChatAdministratorsTest, AMemberThatIsNoAdministratorIsRefused) {
  channel_with("member");
  expect_error(request(client_, administrators_of(kListedChannel)), "CHAT_ADMIN_REQUIRED");
}

TEST_F(SimChatAdministratorsTest, ABotThatLeftIsRefused) {
  channel_with("left");
  expect_error(request(client_, administrators_of(kListedChannel)), "CHANNEL_PRIVATE");
}

TEST_F(SimChatAdministratorsTest, AChatNotLoadedIsNotFound) {
  client_ = login();
  control_->create_channel(kListedChannel, "Films", true);
  expect_error(request(client_, administrators_of(kListedChannel)), "Chat not found");
  expect_error(request(client_, administrators_of(-1009999999999)), "Chat not found");
}

TEST_F(SimChatAdministratorsTest, APrivateChatHasNone) {
  client_ = login();
  control_->create_user(kOwner, "Ann");
  control_->send_text(kOwner, "/start");
  (void)td_->wait_update(client_, "updateNewMessage");
  const json::object answer = request(client_, administrators_of(kOwner));
  ASSERT_EQ(answer.at("@type"), "chatAdministrators") << json::serialize(answer);
  EXPECT_TRUE(answer.at("administrators").as_array().empty());
}

TEST_F(SimChatAdministratorsTest, AMissingChatIdIsAParseError) {
  client_ = login();
  const json::object answer =
      request(client_, json::object{{"@type", "getChatAdministrators"}, {"chat_id", "x"}});
  ASSERT_EQ(answer.at("@type"), "error") << json::serialize(answer);
}

}  // namespace
}  // namespace tglink::testing
