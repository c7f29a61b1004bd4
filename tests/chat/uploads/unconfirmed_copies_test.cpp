// Finding, after a kill, the LOG_CHANNEL copies that were requested and never confirmed: read
// message by message after the last confirmed post, matched by the file's unique id.
#include "chat/uploads/unconfirmed_copies.hpp"

#include <map>
#include <optional>
#include <string>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <gtest/gtest.h>

#include "support/chat_ids.hpp"
#include "support/fake_telegram_client.hpp"
#include "support/io_wait.hpp"

namespace tglink {
namespace {

namespace json = boost::json;

constexpr std::int64_t kLogChannel = -1001234567890;

constexpr std::int64_t id_of(std::int64_t server_id) { return server_id << 20; }

json::object document_message(std::int64_t chat_id, std::int64_t id, const std::string& unique) {
  json::object remote{{"@type", "remoteFile"}, {"unique_id", unique}};
  json::object file{{"@type", "file"}, {"id", 9}, {"size", 100}, {"remote", remote}};
  json::object document{{"@type", "document"}, {"file_name", "a.bin"}, {"document", file}};
  json::object content{{"@type", "messageDocument"}, {"document", document}};
  return json::object{
      {"@type", "message"}, {"id", id}, {"chat_id", chat_id}, {"content", std::move(content)}};
}

json::object not_found() {
  return json::object{{"@type", "error"}, {"code", 404}, {"message", "Not Found"}};
}

class UnconfirmedCopiesTest : public ::testing::Test {
 protected:
  UnconfirmedCopiesTest() {
    client.respond_to("getChat", [](const json::object& r) {
      return json::object{{"@type", "chat"}, {"id", r.at("chat_id")}};
    });
    client.respond_to("getMessage", [this](const json::object& r) {
      const std::int64_t chat = r.at("chat_id").as_int64();
      const std::int64_t id = r.at("message_id").as_int64();
      const auto& messages = chat == kLogChannel ? channel : user_chat;
      const auto found = messages.find(id);
      if (found == messages.end()) return not_found();
      if (found->second.empty()) {  // a post without a file
        return json::object{{"@type", "message"}, {"id", id}, {"chat_id", chat}};
      }
      return document_message(chat, id, found->second);
    });
  }

  // The user's message `server_id` holds the file `unique`.
  UnconfirmedCopy upload(std::int64_t upload_id, std::int64_t server_id,
                         const std::string& unique) {
    user_chat[id_of(server_id)] = unique;
    return UnconfirmedCopy{upload_id, kUser, id_of(server_id)};
  }

  std::map<std::int64_t, std::int64_t> find(std::int64_t after,
                                            std::vector<UnconfirmedCopy> uploads,
                                            CopySearchLimits limits = {}) {
    std::optional<std::map<std::int64_t, std::int64_t>> result;
    boost::asio::co_spawn(
        io, find_unconfirmed_copies(client, kLogChannel, after, std::move(uploads), limits),
        [&](const std::exception_ptr& failure, std::map<std::int64_t, std::int64_t> found) {
          if (failure) std::rethrow_exception(failure);
          result = std::move(found);
        });
    EXPECT_TRUE(testing::run_until(io, [&] { return result.has_value(); }));
    return result.value_or(std::map<std::int64_t, std::int64_t>{});
  }

  // The LOG_CHANNEL ids read with getMessage, in order.
  std::vector<std::int64_t> channel_reads() const {
    std::vector<std::int64_t> ids;
    for (const json::object& sent : client.sent_of_type("getMessage")) {
      if (sent.at("chat_id").as_int64() == kLogChannel)
        ids.push_back(sent.at("message_id").as_int64());
    }
    return ids;
  }

  boost::asio::io_context io;
  testing::FakeTelegramClient client;
  std::map<std::int64_t, std::string> channel;    // TDLib id -> file unique id ("" = no file)
  std::map<std::int64_t, std::string> user_chat;  // the same for the user's chat
};

TEST_F(UnconfirmedCopiesTest, ACopyTakenByTelegramAfterTheLastConfirmedPostIsAdopted) {
  channel[id_of(10)] = "AgADold";  // the last confirmed post
  channel[id_of(11)] = "";         // someone else's text post
  channel[id_of(12)] = "AgADmine";
  const auto adopted = find(id_of(10), {upload(1, 5, "AgADmine")});
  ASSERT_EQ(adopted.size(), 1U);
  EXPECT_EQ(adopted.at(1), id_of(12));
  // The search starts after the last confirmed post and stops once everything is found.
  EXPECT_EQ(channel_reads(), (std::vector<std::int64_t>{id_of(11), id_of(12)}));
}

TEST_F(UnconfirmedCopiesTest, ACopyTelegramNeverTookIsNotFoundAndTheSearchEnds) {
  channel[id_of(10)] = "AgADmine";  // the same file, posted and confirmed before: not ours
  CopySearchLimits limits;
  limits.misses_to_stop = 3;
  EXPECT_TRUE(find(id_of(10), {upload(1, 5, "AgADmine")}, limits).empty());
  EXPECT_EQ(channel_reads(), (std::vector<std::int64_t>{id_of(11), id_of(12), id_of(13)}));
}

TEST_F(UnconfirmedCopiesTest, DeletedMessagesFewerThanTheStopRunAreSteppedOver) {
  channel[id_of(13)] = "AgADmine";  // 11 and 12 were deleted
  CopySearchLimits limits;
  limits.misses_to_stop = 3;
  const auto adopted = find(id_of(10), {upload(1, 5, "AgADmine")}, limits);
  ASSERT_EQ(adopted.size(), 1U);
  EXPECT_EQ(adopted.at(1), id_of(13));
}

TEST_F(UnconfirmedCopiesTest, TwoUploadsOfOneFileEachAdoptTheirOwnPostOldestFirst) {
  channel[id_of(21)] = "AgADsame";
  channel[id_of(22)] = "AgADother";
  const auto adopted = find(
      id_of(20), {upload(7, 5, "AgADsame"), upload(3, 6, "AgADsame"), upload(9, 8, "AgADother")});
  ASSERT_EQ(adopted.size(), 2U);
  EXPECT_EQ(adopted.at(3), id_of(21));  // the older upload takes the only post of that file
  EXPECT_EQ(adopted.count(7), 0U);      // and the other is posted again
  EXPECT_EQ(adopted.at(9), id_of(22));
}

TEST_F(UnconfirmedCopiesTest, AnUploadWhoseMessageIsGoneIsNotMatched) {
  channel[id_of(11)] = "AgADmine";
  EXPECT_TRUE(find(id_of(10), {UnconfirmedCopy{1, kUser, id_of(99)}}).empty());
  EXPECT_TRUE(channel_reads().empty());  // nothing to look for
}

TEST_F(UnconfirmedCopiesTest, TheSearchReadsAtMostMaxScannedIds) {
  for (std::int64_t id = 11; id <= 30; ++id) channel[id_of(id)] = "AgADother";
  channel[id_of(31)] = "AgADmine";
  CopySearchLimits limits;
  limits.max_scanned = 10;
  EXPECT_TRUE(find(id_of(10), {upload(1, 5, "AgADmine")}, limits).empty());
  EXPECT_EQ(channel_reads().size(), 10U);
}

TEST_F(UnconfirmedCopiesTest, AnErrorOtherThanNotFoundEndsTheSearch) {
  channel[id_of(12)] = "AgADmine";
  client.respond_to("getMessage", [this](const json::object& r) {
    if (r.at("chat_id").as_int64() == kUser) return document_message(kUser, id_of(5), "AgADmine");
    return json::object{{"@type", "error"}, {"code", 400}, {"message", "CHANNEL_PRIVATE"}};
  });
  EXPECT_TRUE(find(id_of(10), {UnconfirmedCopy{1, kUser, id_of(5)}}).empty());
  EXPECT_EQ(channel_reads(), (std::vector<std::int64_t>{id_of(11)}));
}

}  // namespace
}  // namespace tglink
