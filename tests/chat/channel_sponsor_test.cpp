// Who answers for a channel under CHANNELS=* (src/chat/channel_sponsor.hpp), on the fake
// Telegram: the owner when allowed, else the lowest allowed administrator who is a person; a
// banned owner refuses the channel; the administrators are asked once for a burst of posts and
// again after ten minutes, and a refusal by Telegram is kept as long.

#include "chat/channel_sponsor.hpp"

#include <optional>
#include <vector>

#include <boost/asio/co_spawn.hpp>

#include "support/chat_fixture.hpp"

namespace tglink {
namespace {

namespace asio = boost::asio;
namespace json = boost::json;
using namespace std::chrono_literals;

constexpr std::int64_t kSponsoredChannel = -1003000000041;
constexpr std::int64_t kOwnerId = 10;
constexpr std::int64_t kSomeBot = 99;

class ChannelSponsorsTest : public testing::ChatFixture {
 protected:
  ChannelSponsorsTest() {
    client.respond_to("getUser", [](const json::object& r) {
      const std::int64_t id = r.at("user_id").as_int64();
      const char* type = id == kSomeBot ? "userTypeBot" : "userTypeRegular";
      return json::object{{"@type", "user"}, {"id", id}, {"type", json::object{{"@type", type}}}};
    });
  }

  // getChatAdministrators' answer: the owner first, then `others`.
  static json::object administrators_list(const std::vector<std::int64_t>& others) {
    json::array list;
    list.push_back(json::object{{"@type", "chatAdministrator"},
                                {"user_id", kOwnerId},
                                {"custom_title", ""},
                                {"is_owner", true}});
    for (const std::int64_t id : others) {
      list.push_back(json::object{{"@type", "chatAdministrator"},
                                  {"user_id", id},
                                  {"custom_title", ""},
                                  {"is_owner", false}});
    }
    return json::object{{"@type", "chatAdministrators"}, {"administrators", std::move(list)}};
  }

  void administrators_are(std::vector<std::int64_t> others) {
    client.respond_to("getChatAdministrators",
                      [others](const json::object&) { return administrators_list(others); });
  }

  // Asks for the sponsor `times` times at once, without waiting.
  void start_asking(int times) {
    for (int i = 0; i < times; ++i) {
      asio::co_spawn(io, sponsors.sponsor_of(kSponsoredChannel),
                     [this](std::exception_ptr error, ChannelSponsor verdict) {
                       EXPECT_FALSE(error);
                       verdicts.push_back(std::move(verdict));
                     });
    }
  }

  // Asks `times` times at once; answers each verdict.
  std::vector<ChannelSponsor> ask(int times = 1) {
    verdicts.clear();
    start_asking(times);
    EXPECT_TRUE(testing::run_until(io, [&] { return verdicts.size() == std::size_t(times); }));
    return verdicts;
  }

  std::size_t asked() const { return client.sent_of_type("getChatAdministrators").size(); }

  ChatContext context{config, log, store, clock, links, client, io.get_executor()};
  ChannelSponsors sponsors{context};
  std::vector<ChannelSponsor> verdicts;
};

TEST_F(ChannelSponsorsTest, TheOwnerWhenAllowedElseTheLowestAllowedPerson) {
  config.allowed_users = {30, 20, kSomeBot};
  administrators_are({30, kSomeBot, 20});
  EXPECT_EQ(ask().front().user_id, std::optional<std::int64_t>{20});
  context.bans->add(20);
  EXPECT_EQ(ask().front().user_id, std::optional<std::int64_t>{30});
  config.allowed_users.push_back(kOwnerId);
  EXPECT_EQ(ask().front().user_id, std::optional<std::int64_t>{kOwnerId});
}

TEST_F(ChannelSponsorsTest, ABotAdministratorAnswersForNothing) {
  config.allowed_users = {kSomeBot};
  administrators_are({kSomeBot});
  const ChannelSponsor verdict = ask().front();
  EXPECT_FALSE(verdict.user_id);
  EXPECT_NE(verdict.refusal.find("none of its administrators"), std::string::npos)
      << verdict.refusal;
}

TEST_F(ChannelSponsorsTest, ABannedOwnerRefusesTheChannelWhateverTheOthers) {
  config.allowed_users = {kOwnerId, 20};
  administrators_are({20});
  context.bans->add(kOwnerId);
  const ChannelSponsor verdict = ask().front();
  EXPECT_FALSE(verdict.user_id);
  EXPECT_NE(verdict.refusal.find("owner 10 is banned"), std::string::npos) << verdict.refusal;
}

TEST_F(ChannelSponsorsTest, ABurstAsksOnceAndTheListIsAskedAgainAfterTenMinutes) {
  start_asking(5);  // five posts while the question is out
  EXPECT_TRUE(testing::run_until_idle(io));
  EXPECT_EQ(asked(), 1U);
  EXPECT_TRUE(verdicts.empty());
  ASSERT_TRUE(client.answer("getChatAdministrators", administrators_list({})));
  ASSERT_TRUE(testing::run_until(io, [&] { return verdicts.size() == 5U; }));
  for (const ChannelSponsor& verdict : verdicts) {
    EXPECT_EQ(verdict.user_id, std::optional<std::int64_t>{kOwnerId});
  }
  EXPECT_EQ(asked(), 1U);
  administrators_are({});
  clock.advance(ChannelSponsors::kKeepFor - 1s);
  (void)ask();
  EXPECT_EQ(asked(), 1U);
  clock.advance(1s);
  (void)ask();
  EXPECT_EQ(asked(), 2U);
}

TEST_F(ChannelSponsorsTest, ARefusalByTelegramIsKeptToo) {
  client.respond_to("getChatAdministrators", [](const json::object&) {
    return json::object{{"@type", "error"}, {"code", 400}, {"message", "CHAT_ADMIN_REQUIRED"}};
  });
  const ChannelSponsor verdict = ask().front();
  EXPECT_FALSE(verdict.user_id);
  EXPECT_NE(verdict.refusal.find("CHAT_ADMIN_REQUIRED"), std::string::npos) << verdict.refusal;
  (void)ask(3);
  EXPECT_EQ(asked(), 1U);
}

}  // namespace
}  // namespace tglink
