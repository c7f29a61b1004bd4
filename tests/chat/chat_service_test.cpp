// ChatService end to end over the fake TelegramClient: what the bot sends for files, commands,
// errors, forced subscription and the flood limit, with an in-memory store and a fake clock.
#include "chat/chat_service.hpp"

#include <algorithm>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "chat/commands/default_commands.hpp"
#include "config/config.hpp"
#include "core/base64.hpp"
#include "links/batch_token.hpp"
#include "links/link_token.hpp"
#include "links/link_urls.hpp"
#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "support/chat_fixture.hpp"
#include "support/chat_ids.hpp"
#include "telegram/td_object.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kLogChannel = -1001234567890;
constexpr std::int64_t kChannel = -1009999;

json::object video_content(std::int64_t size = 2048) {
  json::object file{{"@type", "file"}, {"id", 5}, {"size", size}};
  json::object video{
      {"@type", "video"}, {"file_name", "clip.mp4"}, {"mime_type", "video/mp4"}, {"video", file}};
  return json::object{{"@type", "messageVideo"}, {"video", video}};
}

class ChatServiceTest : public testing::ChatFixture {
 protected:
  ChatServiceTest() : ChatFixture(testing::utc(2026, 11, 21, 21, 55)) {
    config.log_channel = kLogChannel;
    config.base_url = "https://files.example";
    config.admins = {kAdmin};
    config.link_expiry = 24h;
  }

  // FORCE_SUB_CHANNELS = kChannel, public as @news_channel; the user is a member when `member`.
  void require_channel() {
    config.force_sub_channels = {kChannel};
    client.respond_to("getChatMember", [this](const json::object&) {
      json::object status{{"@type", member ? "chatMemberStatusMember" : "chatMemberStatusLeft"}};
      return json::object{{"@type", "chatMember"}, {"status", status}};
    });
    client.respond_to("getChat", [](const json::object&) {
      json::object type{{"@type", "chatTypeSupergroup"}, {"supergroup_id", 9999}};
      return json::object{{"@type", "chat"}, {"type", type}};
    });
    client.respond_to("getSupergroup", [](const json::object&) {
      json::object names{{"active_usernames", json::array{"news_channel"}}};
      return json::object{{"@type", "supergroup"}, {"usernames", names}};
    });
  }

  // The prompt that holds the user back: a button that opens @news_channel, then "I've joined".
  static void expect_join_prompt(const json::object& prompt) {
    EXPECT_NE(text_of(prompt).find("Join required channels"), std::string::npos);
    const json::array& rows = prompt.at("reply_markup").at("rows").as_array();
    ASSERT_EQ(rows.size(), 2U);
    EXPECT_EQ(rows[0].at(0).at("type").at("url"), "https://t.me/news_channel");
    EXPECT_EQ(rows[1].at(0).at("type").at("data").as_string(),
              base64_encode(ForceSubscription::kJoinedData));
  }

  // The user presses "I've joined".
  void press_joined() {
    json::object payload{{"@type", "callbackQueryPayloadData"},
                         {"data", base64_encode(ForceSubscription::kJoinedData)}};
    json::object press{{"@type", "updateNewCallbackQuery"},
                       {"id", "31"},
                       {"sender_user_id", kUser},
                       {"chat_id", kUser},
                       {"message_id", 1},
                       {"payload", payload}};
    client.push_update(press);
  }

  // forwardMessages answers a pending temporary message, and TDLib confirms it right away.
  void confirm_copies() {
    client.respond_to("forwardMessages", [this](const json::object&) {
      const std::int64_t temporary = next_temporary_++;
      const std::int64_t real = (next_real_++) << 20;
      push_send_succeeded(temporary, real);
      return temporary_messages(temporary);
    });
  }

  static json::object temporary_messages(std::int64_t temporary) {
    json::object state{{"@type", "messageSendingStatePending"}};
    json::object message{{"@type", "message"},
                         {"id", temporary},
                         {"chat_id", kLogChannel},
                         {"sending_state", state}};
    return json::object{{"@type", "messages"}, {"messages", json::array{message}}};
  }

  void push_send_succeeded(std::int64_t temporary, std::int64_t real) {
    json::object message{{"@type", "message"}, {"id", real}, {"chat_id", kLogChannel}};
    client.push_update(json::object{{"@type", "updateMessageSendSucceeded"},
                                    {"message", message},
                                    {"old_message_id", temporary}});
  }

  void start() {
    ChatContext context{config, log, store, clock, links, client, io.get_executor()};
    context.leading = [this] { return leading; };
    context.pass_on = [this](const json::object& update) { passed_on.push_back(update); };
    service = std::make_unique<ChatService>(std::move(context), default_commands(), options);
    service->start();
  }

  // One file a minute allowed and two sent: the first gets its links, the second waits in the
  // queue. Answers the reply to the second.
  std::string send_two_files_in_a_minute() {
    config.user_files_per_minute = 1;
    confirm_copies();
    start();
    send(kUser, video_content());
    replies(1);
    send(kUser, video_content());
    return text_of(replies(2).back());
  }

  // As a restart: a new service on the same store (the old one's work is dropped with it).
  void restart() {
    service.reset();
    start();
  }

  static ChatServiceOptions test_options() {
    ChatServiceOptions options;
    options.uploads.copy_retry.first_delay = 1ms;
    options.uploads.copy_retry.max_delay = 2ms;
    options.uploads.copy_retry.late_after = 20ms;
    options.uploads.poll_interval = 1ms;
    return options;
  }

  // The texts of every reply sent so far.
  std::vector<std::string> reply_texts() const {
    std::vector<std::string> texts;
    for (const json::object& sent : client.sent_of_type("sendMessage")) {
      texts.push_back(text_of(sent));
    }
    return texts;
  }

  void send(std::int64_t user, json::object content) {
    client.push_update(message_in(user, user, next_message_id_++ << 20, std::move(content)));
  }

  // Runs until the bot has sent `count` replies; answers them all.
  std::vector<json::object> replies(std::size_t count) {
    EXPECT_TRUE(
        testing::run_until(io, [&] { return client.sent_of_type("sendMessage").size() >= count; }))
        << "waited for " << count << " replies";
    return client.sent_of_type("sendMessage");
  }

  // The token in the reply's download link.
  static std::string token_in(const std::string& text) {
    const std::size_t at = text.find("/dl/");
    if (at == std::string::npos) return {};
    return token_from_link(text.substr(at, text.find('\n', at) - at));
  }

  ChatServiceOptions options = test_options();
  bool member = false;                  // in kChannel, for require_channel()
  bool leading = true;                  // whether this node leads the chat side (docs/scaling.md)
  std::vector<json::object> passed_on;  // what a follower hands the relay for the leader
  std::int64_t next_temporary_ = 1000;
  std::int64_t next_real_ = 300;
  std::int64_t next_message_id_ = 1;
};

// kUser's video "a.mp4", message `message_number` << 20, as the store keeps it at `stage`.
PendingUpload video_upload(std::int64_t message_number, const std::string& stage = "queued") {
  PendingUpload upload;
  upload.user_id = upload.chat_id = kUser;
  upload.message_id = message_number << 20;
  upload.file_kind = "video";
  upload.file_name = "a.mp4";
  upload.stage = stage;
  return upload;
}

TEST_F(ChatServiceTest, FileGetsLinksToItsConfirmedCopyInTheLogChannel) {
  confirm_copies();
  start();
  send(kUser, video_content());
  const std::string text = text_of(replies(1).back());

  const auto forwards = client.sent_of_type("forwardMessages");
  ASSERT_EQ(forwards.size(), 1U);
  EXPECT_EQ(forwards[0].at("chat_id").as_int64(), kLogChannel);
  EXPECT_EQ(forwards[0].at("from_chat_id").as_int64(), kUser);
  EXPECT_EQ(forwards[0].at("send_copy"), true);
  // The user's chat and message are loaded first: after a restart or 30 minutes TDLib may
  // know neither.
  const std::vector<std::string> types = client.sent_types();
  const auto at = [&](std::string_view type) {
    return std::find(types.begin(), types.end(), type) - types.begin();
  };
  EXPECT_LT(at("getChat"), at("getMessage"));
  EXPECT_LT(at("getMessage"), at("forwardMessages"));
  EXPECT_EQ(client.sent_of_type("getMessage")[0].at("message_id").as_int64(), 1 << 20);
  // Answered and counted: nothing left to resume.
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));

  const DecodeResult decoded = links.decode(token_in(text), clock.now());
  ASSERT_EQ(decoded.status, LinkStatus::Valid) << text;
  EXPECT_EQ(decoded.claims.message_id, 300 << 20);  // the real id, not the temporary one
  EXPECT_EQ(decoded.claims.expires_at, clock.now() + 24h);
  EXPECT_NE(text.find("https://files.example/stream/"), std::string::npos);
  EXPECT_NE(text.find("Links expire in 1 day (2026-11-22 21:55 UTC)."), std::string::npos);
  EXPECT_EQ(store.links_on_day(kUser, "2026-11-21"), 1);
  // Recorded for /mylinks, with the expiry the token carries.
  const std::optional<LinkRecord> made = store.find_link(300 << 20);
  ASSERT_TRUE(made.has_value());
  EXPECT_EQ(made->user_id, kUser);
  EXPECT_EQ(made->file_name, "clip.mp4");
  EXPECT_EQ(made->file_size, 2048);
  EXPECT_EQ(SystemTime{std::chrono::seconds{made->expires_unix}}, *decoded.claims.expires_at);
  EXPECT_EQ(store.count_users(), 1);
  EXPECT_EQ(store.find_user(kUser)->first_name, "Ann");
}

TEST_F(ChatServiceTest, ConfirmationArrivingAfterTheAnswerIsAwaited) {
  options.uploads.copy_retry.late_after = 10s;  // no late notice here
  client.respond_to("forwardMessages", [](const json::object&) { return temporary_messages(55); });
  start();
  send(kUser, video_content());
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("forwardMessages").size() == 1; }));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_TRUE(client.sent_of_type("sendMessage").empty());  // no link before the confirmation
  push_send_succeeded(55, 9 << 20);
  const std::string text = text_of(replies(1).back());
  EXPECT_EQ(links.decode(token_in(text), clock.now()).claims.message_id, 9 << 20);
}

TEST_F(ChatServiceTest, FloodWaitIsRetriedAndThenLinked) {
  int calls = 0;
  client.respond_to("forwardMessages", [&](const json::object&) {
    if (++calls < 3) return make_td_error(429, "Too Many Requests: retry after 0");
    push_send_succeeded(77, 12 << 20);
    return temporary_messages(77);
  });
  start();
  send(kUser, video_content());
  const std::string text = text_of(replies(1).back());
  EXPECT_EQ(calls, 3);
  EXPECT_EQ(links.decode(token_in(text), clock.now()).claims.message_id, 12 << 20);
}

TEST_F(ChatServiceTest, LastingTelegramErrorMakesNoLinkAndSaysWhy) {
  client.respond_to("forwardMessages", [](const json::object&) {
    return make_td_error(429, "Too Many Requests: retry after 0");
  });
  start();
  send(kUser, video_content());
  const std::string text = text_of(replies(1).back());
  EXPECT_NE(text.find("Could not save your file"), std::string::npos);
  EXPECT_NE(text.find("429"), std::string::npos);
  EXPECT_EQ(text.find("/dl/"), std::string::npos);
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 4U);  // CopyRetryPolicy::attempts
  EXPECT_EQ(store.links_on_day(kUser, "2026-11-21"), 0);
}

TEST_F(ChatServiceTest, RefusalIsNotRetried) {
  client.respond_to("forwardMessages", [](const json::object&) {
    return make_td_error(400, "Have no write access to the chat");
  });
  start();
  send(kUser, video_content());
  EXPECT_NE(text_of(replies(1).back()).find("Have no write access"), std::string::npos);
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
}

TEST_F(ChatServiceTest, FailedSendMakesNoLink) {
  client.respond_to("forwardMessages", [this](const json::object&) {
    json::object message{{"@type", "message"}, {"id", 66}, {"chat_id", kLogChannel}};
    client.push_update(json::object{{"@type", "updateMessageSendFailed"},
                                    {"message", message},
                                    {"old_message_id", 66},
                                    // TDLib makes the server's 403 a 400.
                                    {"error", make_td_error(400, "CHAT_WRITE_FORBIDDEN")}});
    return temporary_messages(66);
  });
  start();
  send(kUser, video_content());
  const std::string text = text_of(replies(1).back());
  EXPECT_NE(text.find("CHAT_WRITE_FORBIDDEN"), std::string::npos);
  EXPECT_EQ(text.find("/dl/"), std::string::npos);
}

TEST_F(ChatServiceTest, DailyLimitCountsOnlyLinksMade) {
  config.max_links_per_day = 1;
  confirm_copies();
  start();
  send(kUser, video_content());
  replies(1);
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  send(kUser, video_content());
  const std::string text = text_of(replies(2).back());
  EXPECT_NE(text.find("Daily limit reached"), std::string::npos);
  EXPECT_NE(text.find("in 2h 5m"), std::string::npos) << text;
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
}

TEST_F(ChatServiceTest, TooLargeFileIsRefusedBeforeAnyCopy) {
  config.max_file_size = 100;
  start();
  send(kUser, video_content(101));
  EXPECT_NE(text_of(replies(1).back()).find("File too large"), std::string::npos);
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
}

TEST_F(ChatServiceTest, OverTheFloodLimitTheFileWaitsAndIsHandledLater) {
  const std::string limited = send_two_files_in_a_minute();
  EXPECT_NE(limited.find("Rate limit exceeded"), std::string::npos);
  EXPECT_NE(limited.find("queued"), std::string::npos);
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  clock.advance(60s);
  const std::string later = text_of(replies(3).back());
  EXPECT_NE(later.find("/dl/"), std::string::npos);
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 2U);
}

TEST_F(ChatServiceTest, StartHelpAndUnknownCommands) {
  start();
  send(kUser, text_content("/start"));
  EXPECT_NE(text_of(replies(1).back()).find("Welcome"), std::string::npos);
  send(kUser, text_content("/help"));
  const std::string help = text_of(replies(2).back());
  EXPECT_NE(help.find("/start"), std::string::npos);
  EXPECT_EQ(help.find("/revoke"), std::string::npos);
  send(kAdmin, text_content("/help"));
  const std::string admin_help = text_of(replies(3).back());
  EXPECT_NE(admin_help.find("Admin commands"), std::string::npos);
  EXPECT_NE(admin_help.find("/revoke"), std::string::npos);
  send(kUser, text_content("/nosuch"));
  EXPECT_NE(text_of(replies(4).back()).find("/help"), std::string::npos);
  send(kUser, text_content("hello"));
  EXPECT_NE(text_of(replies(5).back()).find("Send me a file"), std::string::npos);
  send(kUser, json::object{{"@type", "messageLocation"}});
  EXPECT_NE(text_of(replies(6).back()).find("Send me a file"), std::string::npos);
}

TEST_F(ChatServiceTest, RevokeIsForAdminsAndTakesEffectInTheStore) {
  start();
  const std::string token = links.encode(LinkClaims{5 << 20, clock.now() + 1h});
  send(kUser, text_content("/revoke https://files.example/dl/" + token));
  EXPECT_NE(text_of(replies(1).back()).find("admins only"), std::string::npos);
  EXPECT_FALSE(store.is_revoked(5 << 20));
  send(kAdmin, text_content("/revoke https://files.example/dl/" + token));
  EXPECT_NE(text_of(replies(2).back()).find("Revoked"), std::string::npos);
  EXPECT_TRUE(store.is_revoked(5 << 20));
  send(kAdmin, text_content("/revoke not-a-token"));
  EXPECT_NE(text_of(replies(3).back()).find("not a link made by this bot"), std::string::npos);
}

TEST_F(ChatServiceTest, RevokeTakesABatchLinkOrItsBareToken) {
  start();
  const BatchTokenCodec batches(links);
  const std::int64_t first = store.open_batch(kUser, 1);
  ASSERT_TRUE(store.close_batch(first, 0));
  const std::int64_t second = store.open_batch(kUser, 2);
  ASSERT_TRUE(store.close_batch(second, 0));
  // A BASE_URL whose path holds "/b/" must not confuse a file link for a batch link.
  const std::string file_token = links.encode(LinkClaims{6 << 20, std::nullopt});
  send(kAdmin, text_content("/revoke https://files.example/b/x/dl/" + file_token));
  EXPECT_NE(text_of(replies(1).back()).find("Revoked: the download"), std::string::npos);
  EXPECT_TRUE(store.is_revoked(6 << 20));

  send(kAdmin, text_content("/revoke https://files.example/b/" +
                            batches.encode(BatchClaims{first, std::nullopt}) + "?format=urls"));
  EXPECT_NE(text_of(replies(2).back()).find("batch page stops working"), std::string::npos);
  EXPECT_TRUE(store.find_batch(first)->revoked);
  send(kAdmin, text_content("/revoke " + batches.encode(BatchClaims{second, std::nullopt})));
  EXPECT_NE(text_of(replies(3).back()).find("batch page stops working"), std::string::npos);
  EXPECT_TRUE(store.find_batch(second)->revoked);
}

TEST_F(ChatServiceTest, IgnoresItsOwnMessagesAndGroups) {
  start();
  client.push_update(message_in(kUser, kUser, 1 << 20, text_content("/start"), 0, true));
  client.push_update(message_in(-100777, kUser, 2 << 20, text_content("/start")));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_TRUE(client.sent_of_type("sendMessage").empty());
}

TEST_F(ChatServiceTest, CommandMenusForEveryoneAndForEachAdmin) {
  start();
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("setCommands").size() == 2; }));
  const auto menus = client.sent_of_type("setCommands");
  EXPECT_EQ(menus[0].at("scope").at("@type"), "botCommandScopeDefault");
  // start, help, info, stats, ping, mylinks, davlink, batch, done, join
  EXPECT_EQ(menus[0].at("commands").as_array().size(), 10U);
  EXPECT_EQ(menus[1].at("scope").at("@type"), "botCommandScopeChat");
  EXPECT_EQ(menus[1].at("scope").at("chat_id").as_int64(), kAdmin);
  // + revoke, logs, broadcast, ban, unban, dashboard
  EXPECT_EQ(menus[1].at("commands").as_array().size(), 16U);
}

TEST_F(ChatServiceTest, ForcedSubscriptionHoldsTheFileUntilTheUserHasJoined) {
  require_channel();
  confirm_copies();
  start();
  send(kUser, video_content());
  expect_join_prompt(replies(1).back());
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());

  press_joined();
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 1; }));
  EXPECT_EQ(client.sent_of_type("answerCallbackQuery")[0].at("show_alert"), true);
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());

  member = true;
  press_joined();
  const std::string text = text_of(replies(2).back());
  EXPECT_NE(text.find("/dl/"), std::string::npos);  // the file that waited
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
}

TEST_F(ChatServiceTest, ForcedSubscriptionHoldsACommandUntilTheUserHasJoined) {
  require_channel();
  start();
  send(kUser, text_content("/info"));
  const json::object prompt = replies(1).back();
  expect_join_prompt(prompt);
  EXPECT_NE(text_of(prompt).find("Your command waits"), std::string::npos);
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(client.sent_of_type("sendMessage").size(), 1U);  // no answer to /info yet

  member = true;
  press_joined();
  const std::string text = text_of(replies(2).back());
  EXPECT_NE(text.find("Bot info"), std::string::npos) << text;  // the /info that waited
  EXPECT_EQ(client.sent_of_type("sendMessage").size(), 2U);
}

TEST_F(ChatServiceTest, ForcedSubscriptionLetsHelpThroughWithoutACheck) {
  require_channel();
  start();
  send(kUser, text_content("/help"));
  const std::string help = text_of(replies(1).back());
  EXPECT_NE(help.find("Commands"), std::string::npos) << help;
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_TRUE(client.sent_of_type("getChatMember").empty());
  EXPECT_EQ(client.sent_of_type("sendMessage").size(), 1U);
}

TEST_F(ChatServiceTest, ForcedSubscriptionStartAnswersAndPromptsANonMember) {
  require_channel();
  start();
  send(kUser, text_content("/start"));
  const std::vector<json::object> sent = replies(2);
  EXPECT_NE(text_of(sent[0]).find("Welcome"), std::string::npos);
  EXPECT_NE(text_of(sent[1]).find("Join required channels"), std::string::npos);
  EXPECT_EQ(text_of(sent[1]).find("waits"), std::string::npos);  // nothing is held back

  member = true;
  send(kUser, text_content("/start"));
  EXPECT_NE(text_of(replies(3).back()).find("Welcome"), std::string::npos);
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(client.sent_of_type("sendMessage").size(), 3U);  // no prompt for a member
}

TEST_F(ChatServiceTest, FailedMembershipCheckLetsTheCommandThrough) {
  config.force_sub_channels = {kChannel};
  client.respond_to("getChatMember",
                    [](const json::object&) { return make_td_error(400, "CHAT_ADMIN_REQUIRED"); });
  start();
  send(kUser, text_content("/info"));
  EXPECT_NE(text_of(replies(1).back()).find("Bot info"), std::string::npos);
  EXPECT_EQ(client.sent_of_type("getChatMember").size(), 1U);
}

TEST_F(ChatServiceTest, PendingCopyIsWaitedForNeverSentAgainAndAnnouncedAsLate) {
  client.respond_to("forwardMessages", [](const json::object&) { return temporary_messages(55); });
  start();
  send(kUser, video_content());
  const std::string notice = text_of(replies(1).back());
  EXPECT_EQ(notice, "Telegram is slowing us down, your link comes in about 60 s.");
  ASSERT_EQ(store.pending_uploads().size(), 1U);
  EXPECT_EQ(store.pending_uploads()[0].stage, "posting");
  io.run_for(100ms);  // many times CopyRetryPolicy::late_after
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  EXPECT_EQ(client.sent_of_type("sendMessage").size(), 1U);

  push_send_succeeded(55, 9 << 20);
  const std::string text = text_of(replies(2).back());
  EXPECT_EQ(links.decode(token_in(text), clock.now()).claims.message_id, 9 << 20);
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  // The row goes after the reply is answered, which may be after replies() returned.
  EXPECT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
}

TEST_F(ChatServiceTest, UnloadedOrDeletedMessageIsNotCopied) {
  confirm_copies();
  client.respond_to("getMessage", [](const json::object&) {
    return make_td_error(404, "Not Found");  // the user deleted it meanwhile
  });
  start();
  send(kUser, video_content());
  const std::string text = text_of(replies(1).back());
  EXPECT_NE(text.find("404 Not Found"), std::string::npos) << text;
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
  // The row goes after the reply is answered, which may be after replies() returned.
  EXPECT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
}

TEST_F(ChatServiceTest, BeyondTheChannelRateUploadsWaitTheirTurnRoundRobin) {
  options.uploads.channel_posts_per_minute = 1;
  confirm_copies();
  start();
  constexpr std::int64_t kOther = 5151;
  auto notices = [&] {
    const std::vector<std::string> texts = reply_texts();
    return std::count_if(texts.begin(), texts.end(), [](const std::string& t) {
      return t.find("slowing us down") != std::string::npos;
    });
  };
  // A user's messages are handled one after another: kUser's second and third files are lined
  // up (and told) before kOther's comes.
  for (int i = 0; i < 3; ++i) send(kUser, video_content());
  ASSERT_TRUE(testing::run_until(io, [&] { return notices() >= 2; }));
  send(kOther, video_content());
  ASSERT_TRUE(testing::run_until(io, [&] { return notices() >= 3; }));
  auto forwarded_from = [&] {
    std::vector<std::int64_t> users;
    for (const json::object& f : client.sent_of_type("forwardMessages")) {
      users.push_back(f.at("from_chat_id").as_int64());
    }
    return users;
  };
  auto wait_for_forwards = [&](std::size_t count) {
    EXPECT_TRUE(testing::run_until(
        io, [&] { return client.sent_of_type("forwardMessages").size() >= count; }));
    EXPECT_TRUE(testing::run_until_idle(io));
    EXPECT_EQ(client.sent_of_type("forwardMessages").size(), count);
  };
  wait_for_forwards(1);
  // Waiting, not refused (the first one's row goes once its reply is answered).
  EXPECT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().size() == 3U; }));
  const std::vector<std::string> told = reply_texts();
  EXPECT_TRUE(std::none_of(told.begin(), told.end(), [](const std::string& t) {
    return t.find("Could not") != std::string::npos || t.find("Rate limit") != std::string::npos;
  }));
  // kUser's second and third files and kOther's file wait one, two and one windows (a minute
  // and the second of margin kept on Telegram's own).
  EXPECT_EQ(std::count(told.begin(), told.end(),
                       "Telegram is slowing us down, your link comes in about 61 s."),
            2);
  EXPECT_EQ(std::count(told.begin(), told.end(),
                       "Telegram is slowing us down, your link comes in about 122 s."),
            1);

  for (std::size_t posted = 2; posted <= 4; ++posted) {
    clock.advance(ChannelLinks::kSendWindow);
    wait_for_forwards(posted);
  }
  // The other user's file goes second, not behind all of kUser's.
  EXPECT_EQ(forwarded_from(), (std::vector<std::int64_t>{kUser, kOther, kUser, kUser}));
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  const std::vector<std::string> done = reply_texts();
  EXPECT_EQ(std::count_if(done.begin(), done.end(),
                          [](const std::string& t) { return t.find("/dl/") != std::string::npos; }),
            4);
}

TEST_F(ChatServiceTest, HeldFileIsKeptInTheStoreAndSurvivesARestart) {
  require_channel();
  confirm_copies();
  start();
  send(kUser, video_content());
  EXPECT_NE(text_of(replies(1).back()).find("Your file waits"), std::string::npos);
  ASSERT_EQ(store.pending_uploads().size(), 1U);
  EXPECT_EQ(store.pending_uploads()[0].stage, "held");
  EXPECT_EQ(store.pending_uploads()[0].file_name, "clip.mp4");

  restart();
  member = true;
  press_joined();
  const std::string text = text_of(replies(2).back());
  EXPECT_NE(text.find("/dl/"), std::string::npos) << text;
  EXPECT_NE(text.find("clip.mp4"), std::string::npos) << text;
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  // The row goes after the reply is answered, which may be after replies() returned.
  EXPECT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
}

TEST_F(ChatServiceTest, FloodQueuedFileSurvivesARestart) {
  EXPECT_NE(send_two_files_in_a_minute().find("Rate limit exceeded"), std::string::npos);
  // The first file's row goes once its reply is answered, which may trail the reply itself.
  ASSERT_TRUE(testing::run_until_idle(io));
  ASSERT_EQ(store.pending_uploads().size(), 1U);
  EXPECT_EQ(store.pending_uploads()[0].stage, "queued");

  restart();  // the flood window is not kept: the file goes at once
  const std::string text = text_of(replies(3).back());
  EXPECT_NE(text.find("/dl/"), std::string::npos) << text;
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 2U);
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
}

TEST_F(ChatServiceTest, RestartPostsWhatWasNotConfirmedAndAnswersWhatWas) {
  PendingUpload posting = video_upload(1, "posting");
  posting.id = store.add_pending_upload(posting);
  PendingUpload posted = posting;
  posted.message_id = 2 << 20;
  posted.file_name = "b.mp4";
  posted.stage = "posted";
  posted.copy_message_id = 77 << 20;
  posted.id = store.add_pending_upload(posted);
  store.update_pending_upload(posted);
  confirm_copies();
  start();
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  const std::vector<std::string> texts = reply_texts();
  ASSERT_EQ(texts.size(), 2U);
  const auto forwards = client.sent_of_type("forwardMessages");
  ASSERT_EQ(forwards.size(), 1U);  // only the unconfirmed one
  EXPECT_EQ(forwards[0].at("message_ids").at(0).as_int64(), 1 << 20);
  std::vector<std::int64_t> linked;
  for (const std::string& text : texts) {
    linked.push_back(links.decode(token_in(text), clock.now()).claims.message_id);
  }
  std::sort(linked.begin(), linked.end());
  EXPECT_EQ(linked, (std::vector<std::int64_t>{77 << 20, 300 << 20}));
  EXPECT_EQ(store.links_on_day(kUser, "2026-11-21"), 2);
  // Both replies go to a chat loaded first: after a restart TDLib knows none (the third load
  // is for reading the unconfirmed upload's file, to look for its copy).
  const auto loads = client.sent_of_type("getChat");
  EXPECT_EQ(std::count_if(loads.begin(), loads.end(),
                          [](const json::object& r) { return r.at("chat_id") == kUser; }),
            3);
}

TEST_F(ChatServiceTest, AnUnconfirmedCopyTelegramTookBeforeAKillIsAdoptedNotPostedAgain) {
  // Confirmed as log message 40 before the kill.
  PendingUpload earlier = video_upload(1, "posting");
  earlier.id = store.add_pending_upload(earlier);
  earlier.stage = "posted";
  earlier.copy_message_id = 40 << 20;
  store.update_pending_upload(earlier);
  store.delete_pending_upload(earlier.id);
  PendingUpload posting = earlier;  // its copy was requested, then the process was killed
  posting.message_id = 2 << 20;
  posting.stage = "posting";
  posting.copy_message_id = 0;
  posting.id = store.add_pending_upload(posting);
  // Telegram took that copy as log message 42 (41 is someone else's post of another file).
  auto video_message = [](std::int64_t chat_id, std::int64_t id, const char* unique_id) {
    json::object content = video_content();
    json::object& file = content.at("video").as_object().at("video").as_object();
    file["remote"] = json::object{{"@type", "remoteFile"}, {"unique_id", unique_id}};
    return json::object{
        {"@type", "message"}, {"id", id}, {"chat_id", chat_id}, {"content", content}};
  };
  client.respond_to("getMessage", [&](const json::object& r) {
    const std::int64_t chat = r.at("chat_id").as_int64();
    const std::int64_t id = r.at("message_id").as_int64();
    if (chat == kUser && id == (2 << 20)) return video_message(chat, id, "AgADclip");
    if (chat == kLogChannel && id == (41 << 20)) return video_message(chat, id, "AgADother");
    if (chat == kLogChannel && id == (42 << 20)) return video_message(chat, id, "AgADclip");
    return make_td_error(404, "Not Found");
  });
  confirm_copies();
  start();
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
  const std::vector<std::string> texts = reply_texts();
  ASSERT_EQ(texts.size(), 1U);
  EXPECT_EQ(links.decode(token_in(texts[0]), clock.now()).claims.message_id, 42 << 20);
  EXPECT_EQ(store.last_log_channel_post(), 42 << 20);
  EXPECT_EQ(store.links_on_day(kUser, "2026-11-21"), 1);
}

// --- several nodes: only the leader runs the chat side ---

TEST_F(ChatServiceTest, AFollowerIgnoresUpdatesUntilItLeads) {
  leading = false;
  start();
  send(kUser, text_content("/help"));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_TRUE(client.sent_of_type("sendMessage").empty());
  EXPECT_EQ(store.count_users(), 0);  // not even recorded: the leader does that
  leading = true;
  send(kUser, text_content("/help"));
  EXPECT_EQ(replies(1).size(), 1U);
}

TEST_F(ChatServiceTest, AFollowerPassesOnWhatTheLeaderMustHandleChannelChangesToo) {
  leading = false;
  start();
  send(kUser, text_content("/help"));
  client.push_update(json::object{{"@type", "updateMessageEdited"},
                                  {"chat_id", -1009876543210},
                                  {"message_id", 5 << 20},
                                  {"edit_date", 1000}});
  client.push_update(json::object{{"@type", "updateChatMember"}, {"chat_id", -1009876543210}});
  ASSERT_TRUE(testing::run_until_idle(io));
  ASSERT_EQ(passed_on.size(), 3U);
  EXPECT_EQ(td_type(passed_on[0]), "updateNewMessage");
  EXPECT_EQ(td_type(passed_on[1]), "updateMessageEdited");
  EXPECT_EQ(td_type(passed_on[2]), "updateChatMember");
  EXPECT_TRUE(client.sent_of_type("sendMessage").empty());
}

TEST_F(ChatServiceTest, TheLeaderPutsButtonsBackOnAPostWhoseEditAnotherNodeRelayed) {
  config.channels = {-1009876543210};
  ChannelPostRecord post;
  post.chat_id = -1009876543210;
  post.message_id = 5 << 20;
  post.copy_message_id = 9 << 20;
  post.file_kind = "video";
  post.mime_type = "video/mp4";
  post.has_buttons = true;
  store.save_channel_post(post);
  client.respond_to("editMessageReplyMarkup", [](const json::object& request) {
    return json::object{
        {"@type", "message"}, {"id", request.at("message_id")}, {"chat_id", request.at("chat_id")}};
  });
  start();
  // What RelayedMessages hands over: the follower's update, as its session had it.
  service->receive_relayed(json::object{{"@type", "updateMessageEdited"},
                                        {"chat_id", -1009876543210},
                                        {"message_id", 5 << 20},
                                        {"edit_date", 1000}});
  ASSERT_TRUE(testing::run_until(
      io, [&] { return !client.sent_of_type("editMessageReplyMarkup").empty(); }));
  EXPECT_EQ(client.sent_of_type("editMessageReplyMarkup")[0].at("message_id").as_int64(), 5 << 20);
}

TEST_F(ChatServiceTest, AFollowerPostsNoUploadUntilItLeads) {
  store.add_pending_upload(video_upload(1));
  confirm_copies();
  leading = false;
  start();
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
  EXPECT_TRUE(reply_texts().empty());  // nor answers the leader's uploads
  leading = true;
  service->take_over();  // what the service does when the lease is won
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  EXPECT_EQ(reply_texts().size(), 1U);
}

TEST_F(ChatServiceTest, TakingOverLoadsWhatAnotherNodeLeftInTheStore) {
  confirm_copies();
  start();
  leading = false;
  // Meanwhile the other leader accepted a file and was killed before posting it.
  store.add_pending_upload(video_upload(2));
  ASSERT_TRUE(testing::run_until_idle(io));
  leading = true;
  service->take_over();
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  const auto forwards = client.sent_of_type("forwardMessages");
  ASSERT_EQ(forwards.size(), 1U);
  EXPECT_EQ(forwards[0].at("message_ids").at(0).as_int64(), 2 << 20);
}

TEST_F(ChatServiceTest, HeldFilesAreBoundedPerUser) {
  require_channel();
  options.uploads.max_held_per_user = 1;
  start();
  send(kUser, video_content());
  EXPECT_NE(text_of(replies(1).back()).find("Your file waits"), std::string::npos);
  send(kUser, video_content());
  EXPECT_EQ(text_of(replies(2).back()).find("waits"), std::string::npos);
  EXPECT_EQ(store.pending_uploads().size(), 1U);
}

TEST_F(ChatServiceTest, PressingJoinedTwiceReleasesTheHeldFileOnce) {
  require_channel();
  confirm_copies();
  start();
  send(kUser, video_content());
  replies(1);
  member = true;
  press_joined();
  press_joined();
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 2; }));
  ASSERT_TRUE(testing::run_until(io, [&] { return store.pending_uploads().empty(); }));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
}

TEST_F(ChatServiceTest, TheSameMessageDeliveredTwiceIsPostedOnce) {
  client.respond_to("forwardMessages", [](const json::object&) { return temporary_messages(55); });
  start();
  client.push_update(message_in(kUser, kUser, 1 << 20, video_content()));
  client.push_update(message_in(kUser, kUser, 1 << 20, video_content()));
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("forwardMessages").size() == 1; }));
  ASSERT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(client.sent_of_type("forwardMessages").size(), 1U);
  EXPECT_EQ(store.pending_uploads().size(), 1U);
}

// The reply "Part 2 received" reaches the user before Telegram confirms it, and the part's row
// stays until then. A /join sent at once joins the two parts: the part is in the split file
// already, so it is not one "still being saved".
TEST_F(ChatServiceTest, JoinRightAfterAPartsReplyJoinsWhileThatReplyIsUnconfirmed) {
  confirm_copies();
  start();
  send(kUser, document_content("data.bin.part1", 70000));
  EXPECT_TRUE(contains(text_of(replies(1).back()), "Part 1 received"));
  client.respond_to("sendMessage", [](const json::object& request) {
    if (!contains(text_of(request), "Part 2 received")) {
      return json::object{{"@type", "message"}, {"id", 1 << 20}};
    }
    json::object pending{{"@type", "messageSendingStatePending"}};
    return json::object{{"@type", "message"}, {"id", 77}, {"sending_state", pending}};
  });
  send(kUser, document_content("data.bin.part2", 70000));
  const std::string second = text_of(replies(2).back());
  EXPECT_TRUE(contains(second, "Received: 1, 2")) << second;
  ASSERT_TRUE(testing::run_until_idle(io));
  ASSERT_EQ(store.pending_uploads().size(), 1U);  // part 2's row, until its reply is confirmed

  const std::string joined = say(kUser, "/join");
  EXPECT_TRUE(contains(joined, "Your link is ready")) << joined;
  EXPECT_TRUE(contains(joined, "data.bin")) << joined;
  const DecodeResult decoded = links.decode(token_in(joined), clock.now());
  ASSERT_EQ(decoded.status, LinkStatus::Valid) << joined;
  EXPECT_EQ(decoded.claims.message_id, 300 << 20);  // part 1's copy names the joined file
  ASSERT_TRUE(store.find_link(300 << 20).has_value());
  EXPECT_EQ(store.find_link(300 << 20)->file_size, 140000);
}

// A part whose copy is not in the log channel yet is still on its way: /join waits for it
// rather than take the parts before it for the whole file.
TEST_F(ChatServiceTest, JoinWaitsForAPartStillBeingCopied) {
  options.uploads.copy_retry.late_after = 10s;  // no late notice here
  confirm_copies();
  start();
  send(kUser, document_content("data.bin.part1", 70000));
  replies(1);
  client.respond_to("forwardMessages", [](const json::object&) { return temporary_messages(56); });
  send(kUser, document_content("data.bin.part2", 70000));
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("forwardMessages").size() == 2; }));
  ASSERT_TRUE(testing::run_until_idle(io));

  const std::string waiting = say(kUser, "/join");
  EXPECT_TRUE(contains(waiting, "1 part(s) are still being saved")) << waiting;
  EXPECT_FALSE(store.find_link(300 << 20).has_value());
}

// A query TDLib would never send (no id to answer by, a sender that is not an int53) is logged
// and skipped; the next, well-formed one is still answered.
TEST_F(ChatServiceTest, MalformedCallbackQueryIsLoggedAndSkipped) {
  require_channel();
  member = true;
  start();
  json::object payload{{"@type", "callbackQueryPayloadData"},
                       {"data", base64_encode(ForceSubscription::kJoinedData)}};
  client.push_update(json::object{
      {"@type", "updateNewCallbackQuery"}, {"sender_user_id", kUser}, {"payload", payload}});
  client.push_update(json::object{{"@type", "updateNewCallbackQuery"},
                                  {"id", "32"},
                                  {"sender_user_id", "4242"},
                                  {"payload", payload}});
  press_joined();
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 1; }));
  ASSERT_TRUE(testing::run_until_idle(io));
  ASSERT_EQ(client.sent_of_type("answerCallbackQuery").size(), 1U);
  EXPECT_EQ(client.sent_of_type("answerCallbackQuery").front().at("callback_query_id"), "31");
  std::vector<std::string> warnings;
  for (const LogRecord& record : log.recent(LogLevel::Warning, 100)) {
    warnings.push_back(record.text);
  }
  EXPECT_NE(std::find(warnings.begin(), warnings.end(),
                      "Chat: callback query skipped: updateNewCallbackQuery: id is missing"),
            warnings.end());
  EXPECT_NE(std::find(warnings.begin(), warnings.end(),
                      "Chat: callback query skipped: updateNewCallbackQuery: sender_user_id is a "
                      "string, not int53"),
            warnings.end());
}

}  // namespace
}  // namespace tglink
