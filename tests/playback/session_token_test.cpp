#include "playback/session_token.hpp"

#include <gtest/gtest.h>

#include "core/base64.hpp"

namespace tglink {
namespace {

SessionChoice transcode_choice() {
  SessionChoice choice;
  choice.mode = ConversionMode::kTranscode;
  choice.audio_track = 1;
  choice.subtitle_track = 0;
  choice.max_height = 720;
  return choice;
}

TEST(SessionToken, RoundTripsEveryField) {
  const SessionTokenCodec codec("key-0123456789abcdef");
  for (SessionChoice choice : {transcode_choice(), SessionChoice{}}) {
    const std::string token = codec.encode("LINK", choice);
    EXPECT_LE(token.size(), SessionTokenCodec::kMaxTokenLength);
    EXPECT_EQ(
        token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"),
        std::string::npos);
    EXPECT_EQ(codec.decode("LINK", token), choice);
  }
  SessionChoice copy;
  copy.copy_audio = true;
  copy.audio_track = 0;
  EXPECT_EQ(codec.decode("LINK", codec.encode("LINK", copy)), copy);
  SessionChoice drawn = transcode_choice();
  drawn.draw_subtitle = true;
  EXPECT_EQ(codec.decode("LINK", codec.encode("LINK", drawn)), drawn);
}

TEST(SessionToken, IsBoundToItsLinkAndKey) {
  const SessionTokenCodec codec("key-0123456789abcdef");
  const std::string token = codec.encode("LINK", transcode_choice());
  EXPECT_FALSE(codec.decode("OTHER", token));
  EXPECT_FALSE(SessionTokenCodec("another-key-0123456").decode("LINK", token));
}

TEST(SessionToken, AnyAlteredByteIsRefused) {
  const SessionTokenCodec codec("key-0123456789abcdef");
  const std::string bytes = *base64url_decode(codec.encode("LINK", transcode_choice()));
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string forged = bytes;
    forged[i] = static_cast<char>(forged[i] ^ 0x01);
    EXPECT_FALSE(codec.decode("LINK", base64url_encode(forged))) << "byte " << i;
  }
  EXPECT_FALSE(codec.decode("LINK", ""));
  EXPECT_FALSE(codec.decode("LINK", "not base64!"));
  EXPECT_FALSE(codec.decode("LINK", std::string(200, 'A')));
  EXPECT_FALSE(codec.decode("LINK", base64url_encode(bytes.substr(0, bytes.size() - 1))));
}

TEST(SessionToken, ChoiceKeysTellChoicesApart) {
  SessionChoice a = transcode_choice();
  SessionChoice b = a;
  b.audio_track = 0;
  SessionChoice c = a;
  c.max_height = 480;
  EXPECT_NE(choice_key(a), choice_key(b));
  EXPECT_NE(choice_key(a), choice_key(c));
  EXPECT_EQ(choice_key(a), "t-a1-s0-h720");
  EXPECT_EQ(choice_key(SessionChoice{}), "r-an-sn");
  SessionChoice drawn = a;
  drawn.draw_subtitle = true;  // a drawn subtitle and a burned one are two jobs
  EXPECT_EQ(choice_key(drawn), "t-a1-s0d-h720");
}

}  // namespace
}  // namespace tglink
