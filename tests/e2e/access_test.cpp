// Who may use the bot and the links people manage, end to end: the real tglink on the
// simulator with ALLOWED_USERS, /ban with revoke and /unban, the admin's /stats <user id> with
// the bytes a download really served, and /mylinks with its paging and revoke buttons.
#include <chrono>

#include <gtest/gtest.h>

#include "support/scenario.hpp"

namespace tglink::testing {
namespace {

constexpr std::int64_t kAllowedUser = 5550001;
constexpr std::int64_t kStranger = 5550002;
constexpr std::int64_t kAccessAdmin = 5550009;

class Access : public ScenarioTest {
 protected:
  Access()
      : ScenarioTest(with_env({{"ADMINS", std::to_string(kAccessAdmin)},
                               {"ALLOWED_USERS", std::to_string(kAllowedUser)}}),
                     {{kAllowedUser, "Ann", "ann"}, {kStranger, "Sam"}, {kAccessAdmin, "Boss"}}) {}

  // Asks until the answer contains `part` (figures that are flushed every few seconds), at a
  // pace that keeps the chat far from Telegram's per-chat limit.
  std::string ask_until(std::int64_t user, const std::string& text, const std::string& part) {
    std::string answer;
    (void)eventually(
        [&] {
          answer = ask(user, text);
          return contains(answer, part);
        },
        kHangLimit, std::chrono::milliseconds(500));
    return answer;
  }

  // The message `id` in the user's chat once its text contains `part` (an edit), or the last
  // version seen.
  sim::SimMessage wait_for_edit(std::int64_t user, std::int64_t id, const std::string& part) {
    return message_once(user, id, [&](const sim::SimMessage& m) { return contains(m.text, part); });
  }
};

TEST_F(Access, OnlyAllowedUsersMakeLinksAndBansSilenceAndRevoke) {
  const sim::SimMessage refused = upload(kStranger, "x.zip", 1000);
  EXPECT_TRUE(contains(refused.text, "Not allowed")) << refused.text;
  EXPECT_TRUE(contains(refused.text, "Your user id is 5550002")) << refused.text;

  const sim::SimMessage made = upload(kAllowedUser, "a.zip", 300000);
  const std::string link = link_path_in(made.text, "/dl/");
  ASSERT_FALSE(link.empty()) << made.text;
  const HttpResult got = harness.get(link);
  ASSERT_EQ(got.status, 200);
  ASSERT_EQ(got.body.size(), 300000U);

  // The download is counted at the socket and flushed within seconds.
  const std::string report =
      ask_until(kAccessAdmin, "/stats 5550001", "Served through their links: 293.0 KiB");
  for (const char* part :
       {"User 5550001 (Ann, @ann)", "First seen: ", "Links made: 1", "Downloads of their links: 1",
        "Served through their links: 293.0 KiB", "Banned: no"}) {
    EXPECT_TRUE(contains(report, part)) << part << " in " << report;
  }

  const std::string banned = ask(kAccessAdmin, "/ban 5550001 revoke");
  EXPECT_TRUE(contains(banned, "Banned user 5550001")) << banned;
  EXPECT_TRUE(contains(banned, "Revoked 1 of their links.")) << banned;
  EXPECT_EQ(harness.get(link).status, 404);
  EXPECT_TRUE(contains(ask(kAccessAdmin, "/stats 5550001"), "Banned: yes, since "));

  EXPECT_EQ(ask(kAllowedUser, "/help"), "You are banned from using this bot.");
  // Further messages get nothing: the admin's /ping, sent after, is answered first.
  const std::size_t seen = sim().messages(kAllowedUser).size();
  sim().send_text(kAllowedUser, "/start");
  EXPECT_TRUE(contains(ask(kAccessAdmin, "/ping"), "Pong!"));
  EXPECT_EQ(sim().messages(kAllowedUser).size(), seen);

  EXPECT_TRUE(contains(ask(kAccessAdmin, "/unban 5550001"), "Unbanned user 5550001"));
  EXPECT_TRUE(contains(ask(kAllowedUser, "/help"), "/mylinks"));
  EXPECT_TRUE(contains(ask(kAllowedUser, "/ban 5550002"), "for admins only"));
}

TEST_F(Access, MyLinksPagesAndRevokesTheUsersOwnLinks) {
  std::vector<std::string> links;
  for (int i = 1; i <= 6; ++i) {
    const sim::SimMessage made = upload(kAllowedUser, "f" + std::to_string(i) + ".zip", 1000 + i);
    links.push_back(link_path_in(made.text, "/dl/"));
    ASSERT_FALSE(links.back().empty()) << made.text;
  }
  (void)ask(kAllowedUser, "/mylinks");
  const sim::SimMessage list = sim().messages(kAllowedUser).back();
  for (const char* part : {"Your links (1–5 of 6, newest first)", "1. f6.zip (1006 B)",
                           "0 downloads · 0 B served", "5. f2.zip", "Page 1 of 2"}) {
    EXPECT_TRUE(contains(list.text, part)) << part << " in " << list.text;
  }
  ASSERT_EQ(list.keyboard.size(), 2U);
  ASSERT_EQ(list.keyboard[0].size(), 5U);
  EXPECT_EQ(list.keyboard[0][0].text, "Revoke 1");
  EXPECT_EQ(list.keyboard[1][0].text, "Older »");

  // Revoke the newest link (f6.zip) from the list.
  const std::string query =
      sim().press_button(kAllowedUser, list.message_id, list.keyboard[0][0].data);
  EXPECT_EQ(sim().callback_answer(query, kBotReplyWaitMs), "Revoked: f6.zip");
  const sim::SimMessage edited = wait_for_edit(kAllowedUser, list.message_id, "Revoked ·");
  EXPECT_TRUE(contains(edited.text, "1. f6.zip (1006 B)\nRevoked ·")) << edited.text;
  EXPECT_EQ(harness.get(links.back()).status, 404);
  EXPECT_EQ(harness.get(links.front()).status, 200);

  const std::string older =
      sim().press_button(kAllowedUser, list.message_id, edited.keyboard.back().back().data);
  (void)sim().callback_answer(older, kBotReplyWaitMs);
  const sim::SimMessage page_two = wait_for_edit(kAllowedUser, list.message_id, "Page 2 of 2");
  EXPECT_TRUE(contains(page_two.text, "6. f1.zip")) << page_two.text;

  EXPECT_TRUE(contains(ask(kStranger, "/mylinks"), "You have no links yet"));
}

}  // namespace
}  // namespace tglink::testing
