// How a bot reads a channel: never by listing its history (TDLib refuses that to bots), only
// message by message with getMessage, which answers 404 for an id with no message.

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {
namespace json = boost::json;

constexpr std::int64_t kServerIdShift = 20;

class SimBotReadingTest : public SimTest {
 protected:
  void SetUp() override {
    SimTest::SetUp();
    client_ = login();
    ASSERT_EQ(request(client_, {{"@type", "getChat"}, {"chat_id", kLogChannel}}).at("@type"),
              "chat");
  }
  json::object get_message(std::int64_t message_id) {
    return request(client_,
                   {{"@type", "getMessage"}, {"chat_id", kLogChannel}, {"message_id", message_id}});
  }

  int client_ = 0;
};

TEST_F(SimBotReadingTest, ABotCannotListAChatsHistory) {
  expect_td_error(request(client_, {{"@type", "getChatHistory"},
                                    {"chat_id", kLogChannel},
                                    {"from_message_id", 0},
                                    {"offset", 0},
                                    {"limit", 10},
                                    {"only_local", false}}),
                  400, "The method is not available to bots");
  expect_td_error(request(client_, {{"@type", "searchChatMessages"},
                                    {"chat_id", kLogChannel},
                                    {"query", ""},
                                    {"from_message_id", 0},
                                    {"offset", 0},
                                    {"limit", 10}}),
                  400, "The method is not available to bots");
}

TEST_F(SimBotReadingTest, ABotReadsAChannelPostByIdAndAnIdPastTheNewestIsNotFound) {
  sim::SendFileRequest post;
  post.chat_id = kLogChannel;
  post.path = make_file("post.bin", 5000).string();
  const sim::SentMessage sent = control_->send_file(post);

  const json::object found = get_message(sent.message_id);
  ASSERT_EQ(found.at("@type"), "message") << json::serialize(found);
  EXPECT_EQ(found.at("id").as_int64(), sent.message_id);
  const std::int64_t next = ((sent.message_id >> kServerIdShift) + 1) << kServerIdShift;
  expect_td_error(get_message(next), 404, "Not Found");
}

}  // namespace
}  // namespace tglink::testing
