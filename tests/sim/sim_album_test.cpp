// Albums (control op send_album, src/sim/simulator_albums.cpp): each file arrives as its own
// updateNewMessage sharing one media_album_id, and what sendMessageAlbum refuses sends nothing.
#include <set>

#include <gtest/gtest.h>

#include "sim_fixture.hpp"

namespace tglink::testing {
namespace {

namespace json = boost::json;

class SimAlbumTest : public SimTest {
 protected:
  sim::SendFileRequest item(const std::string& name, const std::string& kind) {
    sim::SendFileRequest request;
    request.path = make_file(name, 5000).string();
    request.kind = kind;
    request.file_name = name;
    return request;
  }
};

TEST_F(SimAlbumTest, EachFileArrivesInOrderWithTheSameAlbumIdAsAnInt64String) {
  const int client = login();
  const std::vector<std::int64_t> ids = control_->send_album(
      kUserId, {item("a.mp4", "video"), item("b.jpg", "photo"), item("c.mp4", "video")});
  ASSERT_EQ(ids.size(), 3U);
  std::set<std::string> album_ids;
  for (const std::int64_t id : ids) {
    const json::object update = td_->wait_update(client, "updateNewMessage");
    const json::object& message = update.at("message").as_object();
    EXPECT_EQ(message.at("id").as_int64(), id);
    ASSERT_TRUE(message.at("media_album_id").is_string());
    album_ids.insert(std::string(message.at("media_album_id").as_string()));
  }
  ASSERT_EQ(album_ids.size(), 1U);
  const std::int64_t album_id = std::stoll(*album_ids.begin());
  EXPECT_GT(album_id, std::int64_t{1} << 53);  // a double would not hold it exactly
  EXPECT_LT(ids[0], ids[1]);
  EXPECT_LT(ids[1], ids[2]);
}

TEST_F(SimAlbumTest, OneFileIsAnOrdinaryMessage) {
  const int client = login();
  control_->send_album(kUserId, {item("a.mp4", "video")});
  const json::object update = td_->wait_update(client, "updateNewMessage");
  EXPECT_EQ(update.at("message").as_object().at("media_album_id").as_string(), "0");
}

TEST_F(SimAlbumTest, WhatSendMessageAlbumRefusesSendsNothing) {
  const int client = login();
  auto refusal = [&](const std::vector<sim::SendFileRequest>& files) {
    try {
      control_->send_album(kUserId, files);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal({}).find("There are no messages to send"), std::string::npos);
  std::vector<sim::SendFileRequest> eleven(11, item("p.jpg", "photo"));
  EXPECT_NE(refusal(eleven).find("Too many messages to send as an album"), std::string::npos);
  EXPECT_NE(refusal({item("a.mp4", "video"), item("s.webp", "sticker")})
                .find("Invalid message content type"),
            std::string::npos);
  EXPECT_NE(refusal({item("a.mp4", "video"), item("d.zip", "document")})
                .find("document can't be mixed with other media types"),
            std::string::npos);
  EXPECT_NE(refusal({item("m.mp3", "audio"), item("p.jpg", "photo")})
                .find("audio can't be mixed with other media types"),
            std::string::npos);
  sim::SendFileRequest missing = item("x.mp4", "video");
  missing.path = "/nonexistent/x.mp4";
  EXPECT_NE(refusal({item("a.mp4", "video"), missing}).find("cannot read file"), std::string::npos);

  // None of them reached the bot: the next update is the text sent now.
  control_->send_text(kUserId, "after");
  const json::object update = td_->wait_update(client, "updateNewMessage");
  const json::object& content = update.at("message").as_object().at("content").as_object();
  EXPECT_EQ(content.at("@type").as_string(), "messageText");
}

}  // namespace
}  // namespace tglink::testing
