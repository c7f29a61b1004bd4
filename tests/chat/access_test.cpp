// Who may use the bot and the links people manage, over the fake TelegramClient: ALLOWED_USERS,
// /ban (by id, by reply, with revoke) and /unban, the banned user's one short answer, the admin's
// /stats <user id>, and /mylinks with its paging and revoke buttons.
#include <atomic>

#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "chat/access_control.hpp"
#include "chat/chat_service.hpp"
#include "chat/commands/ban_target.hpp"
#include "chat/commands/default_commands.hpp"
#include "chat/commands/my_links_page.hpp"
#include "config/config.hpp"
#include "core/base64.hpp"
#include "core/user_text.hpp"
#include "dashboard/dashboard_access.hpp"
#include "links/link_token.hpp"
#include "logging/log.hpp"
#include "store/sqlite_store.hpp"
#include "store/store_executor.hpp"
#include "support/chat_fixture.hpp"
#include "support/chat_ids.hpp"
#include "support/forwarding_store.hpp"
#include "support/gate.hpp"

namespace tglink {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kOther = 5151;
constexpr std::int64_t kForwarded = 9 << 20;  // the admin's forwarded copy of a user's message

// The callback data of every button of a sendMessage or editMessageText, row by row.
std::vector<std::vector<std::string>> buttons_of(const json::object& request) {
  std::vector<std::vector<std::string>> rows;
  const json::value* markup = request.if_contains("reply_markup");
  if (markup == nullptr || !markup->is_object()) return rows;
  for (const json::value& row : markup->at("rows").as_array()) {
    rows.emplace_back();
    for (const json::value& button : row.as_array()) {
      const json::object& type = button.at("type").as_object();
      rows.back().push_back(type.contains("data")
                                ? base64_decode(std::string(type.at("data").as_string()))
                                : std::string(type.at("url").as_string()));
    }
  }
  return rows;
}

class AccessTest : public testing::ChatFixture {
 protected:
  // The file every test here sends.
  static json::object notes_pdf() { return document_content("notes.pdf", 2048, "application/pdf"); }

  AccessTest() {
    config.admins = {kAdmin};
    config.base_url = "https://files.example";
    client.respond_to("getMessage", [this](const json::object& r) {
      json::object message{
          {"@type", "message"}, {"id", r.at("message_id")}, {"chat_id", r.at("chat_id")}};
      if (r.at("message_id").as_int64() == kForwarded) {
        message["forward_info"] =
            json::object{{"@type", "messageForwardInfo"}, {"origin", forward_origin}, {"date", 1}};
      }
      return message;
    });
  }

  void start() {
    ChatContext context{
        config,           log, chat_store != nullptr ? *chat_store : store, clock, links, client,
        io.get_executor()};
    context.store_work = store_work;
    context.dashboard = &dashboard;
    service = std::make_unique<ChatService>(std::move(context), default_commands());
    service->start();
  }

  // Sends the text and then an admin's /help, which is answered after it: the text was handled
  // by then, so a missing answer to it is really missing.
  std::size_t answers_to_quietly(std::int64_t user, const std::string& text) {
    const std::size_t before = sent_to(user);
    client.push_update(user_message(user, next_message_id() << 20, text_content(text)));
    (void)say(kAdmin, "/help");
    return sent_to(user) - before;
  }

  // The link `n` of the user, made n minutes after the first.
  LinkRecord add_link(std::int64_t user, std::int64_t n) {
    LinkRecord link;
    link.message_id = (user * 100 + n) << 20;
    link.user_id = user;
    link.file_name = "file-" + std::to_string(n) + ".mp4";
    link.file_size = 1024 * n;
    link.created_unix = 1'795'000'000 + n * 60;
    link.expires_unix = 1'795'383'000;  // 2026-11-22 21:30 UTC, a day after the clock
    store.add_link(link);
    return link;
  }

  DashboardAccess dashboard{links, clock, DashboardAccessSettings{{kAdmin}, 15min, 8h}};
  Store* chat_store = nullptr;          // the chat side's store when not `store`
  StoreExecutor* store_work = nullptr;  // where the chat side calls it; null = inline
  json::object forward_origin{{"@type", "messageOriginUser"}, {"sender_user_id", kUser}};
};

TEST(BanArguments, IdsRevokeAndBadInput) {
  EXPECT_EQ(parse_ban_arguments("", true)->user_id, 0);
  EXPECT_EQ(parse_ban_arguments(" 4242 ", true)->user_id, 4242);
  const auto both = parse_ban_arguments("revoke 4242", true);
  ASSERT_TRUE(both);
  EXPECT_EQ(both->user_id, 4242);
  EXPECT_TRUE(both->revoke);
  EXPECT_TRUE(parse_ban_arguments("revoke", true)->revoke);
  for (const char* bad : {"abc", "0", "-5", "1099511627776", "1 2", "revoke revoke", "4242 now",
                          "99999999999999999999999"}) {
    EXPECT_FALSE(parse_ban_arguments(bad, true)) << bad;
  }
  EXPECT_FALSE(parse_ban_arguments("4242 revoke", false));
}

TEST(NoticePacing, FirstThenOncePerPeriod) {
  NoticePace notice{kBannedNoticeEvery};
  const SteadyTime start{};
  EXPECT_TRUE(notice.due(1, start));
  EXPECT_FALSE(notice.due(1, start + 1s));
  EXPECT_TRUE(notice.due(2, start + 1s));  // each user has their own pace
  EXPECT_FALSE(notice.due(1, start + kBannedNoticeEvery - 1s));
  EXPECT_TRUE(notice.due(1, start + kBannedNoticeEvery));
  EXPECT_FALSE(notice.due(1, start + kBannedNoticeEvery + 1s));
}

TEST(MyLinksButtons, DataRoundTripsAndStaysInsideTelegramsLimit) {
  const std::string longest = my_links_revoke_data(std::numeric_limits<int>::max(),
                                                   std::numeric_limits<std::int64_t>::max());
  EXPECT_LE(longest.size(), 64U) << longest;
  const auto revoke = parse_my_links_button(my_links_revoke_data(3, 42LL << 20));
  ASSERT_TRUE(revoke);
  EXPECT_EQ(revoke->action, MyLinksButton::Action::revoke);
  EXPECT_EQ(revoke->page, 3);
  EXPECT_EQ(revoke->message_id, 42LL << 20);
  const auto page = parse_my_links_button(my_links_page_data(2));
  ASSERT_TRUE(page);
  EXPECT_EQ(page->action, MyLinksButton::Action::show_page);
  EXPECT_EQ(page->page, 2);
  for (const char* bad : {"ml:p:", "ml:p:-1", "ml:p:1x", "ml:r:1", "ml:r:1:", "ml:r::5", "ml:r:1:0",
                          "ml:x:1", "ml:p:99999999999"}) {
    EXPECT_FALSE(parse_my_links_button(bad)) << bad;
  }
}

TEST_F(AccessTest, OnlyAllowedUsersAndAdminsMayMakeLinks) {
  config.allowed_users = {kOther};
  start();
  client.push_update(user_message(kUser, 5 << 20, notes_pdf()));
  ASSERT_TRUE(testing::run_until(io, [&] { return sent_to(kUser) == 1; }));
  const std::string refusal = text_of(last_sent());
  EXPECT_TRUE(contains(refusal, "Not allowed")) << refusal;
  EXPECT_TRUE(contains(refusal, "Your user id is 4242")) << refusal;
  // More files within the minute are dropped without another answer.
  client.push_update(user_message(kUser, 6 << 20, notes_pdf()));
  (void)say(kAdmin, "/help");  // handled after the file
  EXPECT_EQ(sent_to(kUser), 1U);
  clock.advance(kNotAllowedNoticeEvery);
  client.push_update(user_message(kUser, 7 << 20, notes_pdf()));
  ASSERT_TRUE(testing::run_until(io, [&] { return sent_to(kUser) == 2; }));
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
  EXPECT_TRUE(store.pending_uploads().empty());
  // Commands still answer: only making links is limited.
  EXPECT_TRUE(contains(say(kUser, "/help"), "/mylinks"));
}

TEST_F(AccessTest, BannedUserGetsOneShortAnswerThenSilenceUntilTheNextPeriod) {
  start();
  EXPECT_TRUE(contains(say(kAdmin, "/ban 4242"), "Banned user 4242"));
  EXPECT_EQ(say(kUser, "/help"), "You are banned from using this bot.");
  EXPECT_EQ(answers_to_quietly(kUser, "/start"), 0U);
  EXPECT_EQ(answers_to_quietly(kUser, "hello"), 0U);
  client.push_update(user_message(kUser, 99 << 20, notes_pdf()));
  EXPECT_EQ(answers_to_quietly(kUser, "/mylinks"), 0U);
  EXPECT_TRUE(client.sent_of_type("forwardMessages").empty());
  EXPECT_TRUE(store.pending_uploads().empty());
  clock.advance(kBannedNoticeEvery);
  EXPECT_EQ(say(kUser, "/help"), "You are banned from using this bot.");

  EXPECT_TRUE(contains(say(kAdmin, "/ban 4242"), "User 4242 was already banned."));
  EXPECT_TRUE(contains(say(kAdmin, "/unban 4242"), "Unbanned user 4242"));
  EXPECT_TRUE(contains(say(kUser, "/help"), "/mylinks"));
  EXPECT_TRUE(contains(say(kAdmin, "/unban 4242"), "User 4242 was not banned."));
}

// Bans are read from memory (chat/ban_list.hpp), loaded at start and at each takeover: a ban
// another leader wrote into the store holds here from the takeover on, and one it lifted ends.
TEST_F(AccessTest, BansInTheStoreHoldFromStartAndFromEachTakeover) {
  store.ban_user(BanRecord{kUser, 1, kAdmin});
  start();
  EXPECT_EQ(say(kUser, "/help"), "You are banned from using this bot.");

  // Another node leads for a while: it lifts this ban and bans someone else.
  store.unban_user(kUser);
  store.ban_user(BanRecord{kOther, 2, kAdmin});
  service->take_over();
  EXPECT_TRUE(contains(say(kUser, "/help"), "/mylinks"));
  EXPECT_EQ(say(kOther, "/help"), "You are banned from using this bot.");
}

// A ban list read that the test holds at the gate once it is armed (the read at a takeover).
class HeldBanList final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  testing::Gate gate;
  std::atomic<bool> armed{false};

  std::vector<BanRecord> list_bans() override {
    if (armed) gate.pass();
    return ForwardingStore::list_bans();
  }
};

// A message that comes while the ban list is read again at a takeover waits for the new list:
// judged by the old one, a user the other leader unbanned was still taken for banned, and with
// the banned notice already given, went unanswered.
TEST_F(AccessTest, AMessageDuringATakeoverIsJudgedByTheBansInTheStore) {
  HeldBanList held(store);
  StoreExecutor worker(StoreExecutor::Mode::kWorker, log);
  chat_store = &held;
  store_work = &worker;
  store.ban_user(BanRecord{kUser, 1, kAdmin});
  start();
  EXPECT_EQ(say(kUser, "/help"), "You are banned from using this bot.");

  store.unban_user(kUser);
  held.armed = true;
  service->take_over();
  ASSERT_TRUE(testing::run_until(io, [&] { return held.gate.arrived(); }));
  const std::size_t before = sent_to(kUser);
  client.push_update(user_message(kUser, next_message_id() << 20, text_content("/help")));
  EXPECT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(sent_to(kUser), before);  // waits for the list

  held.gate.open();
  ASSERT_TRUE(testing::run_until(io, [&] { return sent_to(kUser) > before; }));
  EXPECT_TRUE(contains(text_of(last_sent_to(kUser)), "/mylinks")) << text_of(last_sent_to(kUser));
  service.reset();
}

TEST_F(AccessTest, BanWithRevokeStopsEveryWorkingLinkOfTheUser) {
  add_link(kUser, 1);
  add_link(kUser, 2);
  const LinkRecord others = add_link(kOther, 1);
  start();
  const std::string answer = say(kAdmin, "/ban 4242 revoke");
  EXPECT_TRUE(contains(answer, "Banned user 4242")) << answer;
  EXPECT_TRUE(contains(answer, "Revoked 2 of their links.")) << answer;
  for (const LinkRecord& link : store.user_links(kUser, 0, 10)) EXPECT_TRUE(link.revoked);
  EXPECT_FALSE(store.is_revoked(others.message_id));
}

TEST_F(AccessTest, BanByReplyToAForwardedMessage) {
  start();
  EXPECT_TRUE(contains(say(kAdmin, "/ban", kForwarded), "Banned user 4242"));
  EXPECT_TRUE(store.find_ban(kUser).has_value());
  EXPECT_EQ(store.find_ban(kUser)->banned_by, kAdmin);

  forward_origin = json::object{{"@type", "messageOriginHiddenUser"}, {"sender_name", "Bob"}};
  EXPECT_TRUE(contains(say(kAdmin, "/ban", kForwarded), "hides their account"));
  EXPECT_TRUE(contains(say(kAdmin, "/ban", 3 << 20), "was not forwarded from a user"));
  EXPECT_TRUE(contains(say(kAdmin, "/ban"), "Give the user id"));
}

TEST_F(AccessTest, BanRefusesAdminsBadArgumentsAndNonAdmins) {
  start();
  EXPECT_TRUE(contains(say(kAdmin, "/ban 7"), "is an admin"));
  EXPECT_FALSE(store.find_ban(kAdmin).has_value());
  EXPECT_TRUE(contains(say(kAdmin, "/ban someone"), "Usage: /ban <user or channel id> [revoke]"));
  EXPECT_TRUE(contains(say(kAdmin, "/unban 4242 revoke"), "Usage: /unban <user or channel id>"));
  EXPECT_TRUE(contains(say(kUser, "/ban 5151"), "for admins only"));
  EXPECT_TRUE(contains(say(kUser, "/unban 5151"), "for admins only"));
  EXPECT_FALSE(store.find_ban(kOther).has_value());
}

TEST_F(AccessTest, AdminStatsForOneUser) {
  UserRecord user;
  user.user_id = kUser;
  user.first_name = "Ann";
  user.username = "ann";
  user.first_seen_unix = 1'795'000'000;
  store.upsert_user(user);
  store.record_link(kUser, "2026-11-20");
  store.record_link(kUser, "2026-11-21");
  const LinkRecord first = add_link(kUser, 1);
  const LinkRecord second = add_link(kUser, 2);
  store.add_link_traffic({{first.message_id, 2, 3 * 1024 * 1024}, {second.message_id, 1, 512}});
  store.ban_user(BanRecord{kUser, 1'795'200'000, kAdmin});
  start();
  const std::string report = say(kAdmin, "/stats 4242");
  for (const char* part : {"User 4242 (Ann, @ann)", "First seen: 2026-11-18 ", "Links made: 2",
                           "Downloads of their links: 3", "Served through their links: 3.0 MiB",
                           "Banned: yes, since 2026-11-20 ", "(by admin 7)"}) {
    EXPECT_TRUE(contains(report, part)) << part << " in " << report;
  }
  const std::string stranger = say(kAdmin, "/stats 5151");
  EXPECT_TRUE(contains(stranger, "First seen: never wrote to this bot")) << stranger;
  EXPECT_TRUE(contains(stranger, "Banned: no")) << stranger;
  EXPECT_TRUE(contains(say(kAdmin, "/stats bob"), "Usage: /stats"));
  // Others' /stats <id> is their own usage.
  EXPECT_TRUE(contains(say(kOther, "/stats 4242"), "Your usage"));
}

TEST_F(AccessTest, MyLinksPagesNewestFirstWithRevokeButtons) {
  for (int n = 1; n <= 7; ++n) add_link(kUser, n);
  store.revoke_link((kUser * 100 + 6) << 20, 0);
  start();
  EXPECT_TRUE(contains(say(kOther, "/mylinks"), "You have no links yet"));

  const std::string first = say(kUser, "/mylinks");
  for (const char* part :
       {"Your links (1–5 of 7, newest first)", "1. file-7.mp4 (7.0 KiB)",
        "Expires 2026-11-22 21:30 UTC", "0 downloads · 0 B served", "https://files.example/dl/",
        "2. file-6.mp4", "Revoked", "Page 1 of 2"}) {
    EXPECT_TRUE(contains(first, part)) << part << " in " << first;
  }
  EXPECT_FALSE(contains(first, "file-2.mp4"));
  const auto rows = buttons_of(last_sent());
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].size(), 4U);  // the revoked one has no button
  EXPECT_EQ(rows[0][0], my_links_revoke_data(0, (kUser * 100 + 7) << 20));
  EXPECT_EQ(rows[1], std::vector<std::string>{my_links_page_data(1)});

  press(kUser, my_links_page_data(1));
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("editMessageText").size() == 1; }));
  const json::object edit = client.sent_of_type("editMessageText").back();
  EXPECT_EQ(edit.at("message_id").as_int64(), 3 << 20);
  EXPECT_TRUE(contains(text_of(edit), "Your links (6–7 of 7")) << text_of(edit);
  EXPECT_TRUE(contains(text_of(edit), "7. file-1.mp4")) << text_of(edit);
  EXPECT_EQ(buttons_of(edit).back(), std::vector<std::string>{my_links_page_data(0)});
}

TEST_F(AccessTest, MyLinksRevokesOnlyTheUsersOwnLinks) {
  const LinkRecord mine = add_link(kUser, 1);
  const LinkRecord others = add_link(kOther, 1);
  start();
  press(kUser, my_links_revoke_data(0, others.message_id));
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 1; }));
  EXPECT_EQ(client.sent_of_type("answerCallbackQuery").back().at("text").as_string(),
            "That link is not one of yours.");
  EXPECT_FALSE(store.is_revoked(others.message_id));

  press(kUser, my_links_revoke_data(0, mine.message_id));
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 2; }));
  EXPECT_EQ(client.sent_of_type("answerCallbackQuery").back().at("text").as_string(),
            "Revoked: file-1.mp4");
  EXPECT_TRUE(store.is_revoked(mine.message_id));
  ASSERT_TRUE(
      testing::run_until(io, [&] { return client.sent_of_type("editMessageText").size() == 2; }));
  const json::object edit = client.sent_of_type("editMessageText").back();
  EXPECT_TRUE(contains(text_of(edit), "Revoked · 0 downloads")) << text_of(edit);
  EXPECT_TRUE(buttons_of(edit).empty());

  // An admin may revoke anyone's link, as with /revoke.
  press(kAdmin, my_links_revoke_data(0, others.message_id));
  ASSERT_TRUE(testing::run_until(
      io, [&] { return client.sent_of_type("answerCallbackQuery").size() == 3; }));
  EXPECT_TRUE(store.is_revoked(others.message_id));
}

TEST_F(AccessTest, BannedUsersButtonsDoNothing) {
  const LinkRecord mine = add_link(kUser, 1);
  store.ban_user(BanRecord{kUser, 1, kAdmin});
  start();
  press(kUser, my_links_revoke_data(0, mine.message_id));
  (void)say(kAdmin, "/help");  // handled after the press
  EXPECT_TRUE(client.sent_of_type("answerCallbackQuery").empty());
  EXPECT_FALSE(store.is_revoked(mine.message_id));
}

// What users send is quoted on its own line and never makes a reply Telegram refuses.
TEST_F(AccessTest, HostileNamesInMyLinksStayOnTheirLines) {
  start();
  LinkRecord forged = add_link(kUser, 1);
  forged.message_id = 91 << 20;
  forged.file_name = "a.txt\nhttp://evil.example/x";
  store.add_link(forged);
  LinkRecord long_name = add_link(kUser, 2);
  long_name.message_id = 92 << 20;
  long_name.file_name = std::string(3000, 'n') + "\u202E.mkv";
  store.add_link(long_name);
  const std::string page = say(kUser, "/mylinks");
  EXPECT_TRUE(contains(page, "a.txt\\nhttp://evil.example/x")) << page;
  EXPECT_FALSE(contains(page, "\nhttp://evil.example/x")) << page;
  EXPECT_FALSE(contains(page, "\u202E")) << page;
  EXPECT_LE(utf16_units(page), kTelegramMessageUnits);
}

TEST_F(AccessTest, ALongRevokeArgumentIsQuotedShortInOneLine) {
  start();
  const std::string argument = std::string(4000, 'x') + "\nRevoked: everything";
  const std::size_t before = sent_to(kAdmin);
  const std::string reply = say(kAdmin, "/revoke " + argument);
  EXPECT_EQ(sent_to(kAdmin), before + 1);
  EXPECT_TRUE(contains(reply, "That is not a link made by this bot")) << reply;
  EXPECT_TRUE(contains(reply, "…")) << reply;
  EXPECT_EQ(reply.find('\n'), std::string::npos) << reply;
  EXPECT_LE(utf16_units(reply), kTelegramMessageUnits);
}

TEST_F(AccessTest, AForgedLogLineIsOneRecordInLogs) {
  start();
  log.info(
      "A name as a careless call site logs it: a.txt\n2026-01-01T00:00:00.000Z CRITICAL "
      "revoked everything");
  const std::string shown = say(kAdmin, "/logs limit=5");
  EXPECT_TRUE(contains(shown, "a.txt\\n2026-01-01T00:00:00.000Z CRITICAL")) << shown;
  EXPECT_FALSE(contains(shown, "\n2026-01-01T00:00:00.000Z CRITICAL")) << shown;
}

// The chat side calls the store on the store executor (ChatContext::on_store). One that
// waits on a slow database (the gate) holds up that user's command only: the I/O thread answers
// another user meanwhile, and the held command is answered once the database is.
class HeldUserLinks final : public testing::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  testing::Gate gate;

  UserLinkTotals user_link_totals(std::int64_t user_id) override {
    gate.pass();
    return ForwardingStore::user_link_totals(user_id);
  }
};

TEST_F(AccessTest, AChatCallHeldByTheDatabaseLeavesTheIoThreadFree) {
  HeldUserLinks held(store);
  StoreExecutor worker(StoreExecutor::Mode::kWorker, log);
  chat_store = &held;
  store_work = &worker;
  start();
  EXPECT_TRUE(contains(say(kOther, "/help"), "/mylinks"));  // kOther is a known user from now on
  client.push_update(user_message(kUser, 40 << 20, text_content("/mylinks")));
  ASSERT_TRUE(testing::run_until(io, [&] { return held.gate.arrived(); }));

  EXPECT_TRUE(contains(say(kOther, "/help"), "/mylinks"));
  EXPECT_EQ(sent_to(kUser), 0U);  // still waiting for the database

  held.gate.open();
  ASSERT_TRUE(testing::run_until(io, [&] { return sent_to(kUser) == 1; }));
  EXPECT_TRUE(contains(text_of(last_sent()), "You have no links yet")) << text_of(last_sent());
  service.reset();
}

// /dashboard answers a link on BASE_URL that opens once; /dashboard off ends the session it made.
TEST_F(AccessTest, DashboardAnswersAOneTimeLinkAndOffEndsItsSession) {
  start();
  const std::string answer = say(kAdmin, "/dashboard");
  const std::string prefix = "https://files.example/admin/";
  ASSERT_TRUE(contains(answer, prefix)) << answer;
  EXPECT_TRUE(contains(answer, "opens once, within 15 minutes")) << answer;
  const std::size_t at = answer.find(prefix) + prefix.size();
  const std::string token = answer.substr(at, answer.find_first_of(" \n", at) - at);
  EXPECT_EQ(buttons_of(last_sent()), (std::vector<std::vector<std::string>>{{prefix + token}}));
  const std::optional<DashboardSession> session = dashboard.open_link(token, store);
  ASSERT_TRUE(session);
  EXPECT_FALSE(dashboard.open_link(token, store));
  EXPECT_EQ(dashboard.session_admin(session->token, DashboardAccess::sessions_ended_mark(store)),
            kAdmin);

  EXPECT_TRUE(contains(say(kAdmin, "/dashboard off"), "Every dashboard session has ended"));
  EXPECT_FALSE(
      dashboard.session_admin(session->token, DashboardAccess::sessions_ended_mark(store)));
  EXPECT_TRUE(contains(say(kAdmin, "/dashboard now"), "Usage: /dashboard"));
  EXPECT_TRUE(contains(say(kUser, "/dashboard"), "for admins only"));
}

}  // namespace
}  // namespace tglink
