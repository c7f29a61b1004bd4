// Link tokens: layout, round trips, expiry, and that nothing but an untouched token made with
// the same key is ever accepted.

#include "links/link_token.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.hpp"

namespace tglink {
namespace {

using namespace std::chrono_literals;
using ::testing::MatchesRegex;

const std::string kKey = "0123456789abcdef0123456789abcdef";

SystemTime at_unix(std::int64_t seconds) { return SystemTime(std::chrono::seconds(seconds)); }

constexpr std::int64_t kNowSeconds = 1'750'000'000;               // mid 2025
constexpr std::int64_t kTypicalId = std::int64_t{123'456} << 20;  // server message 123456

LinkClaims claims(std::int64_t message_id, std::optional<std::int64_t> expires_unix) {
  LinkClaims c;
  c.message_id = message_id;
  if (expires_unix) {
    c.expires_at = at_unix(*expires_unix);
  }
  return c;
}

// Signs arbitrary bytes the way a token is signed, with OpenSSL directly, so tests can build
// well-signed but malformed tokens and check the layout independently of the codec.
std::string sign(std::string body, const std::string& key = kKey) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(body.data()), body.size(), digest, &size);
  body.append(reinterpret_cast<const char*>(digest), 12);
  return base64url_encode(body);
}

class LinkTokenTest : public ::testing::Test {
 protected:
  LinkTokenCodec codec{kKey};
};

TEST_F(LinkTokenTest, RoundTripWithExpiry) {
  const LinkClaims original = claims(kTypicalId, kNowSeconds + 86400);
  const DecodeResult result = codec.decode(codec.encode(original), at_unix(kNowSeconds));
  EXPECT_EQ(result.status, LinkStatus::Valid);
  EXPECT_EQ(result.claims, original);
}

TEST_F(LinkTokenTest, RoundTripWithoutExpiryIsValidForever) {
  const LinkClaims original = claims(kTypicalId, std::nullopt);
  const std::string token = codec.encode(original);
  for (std::int64_t now : {std::int64_t{0}, kNowSeconds, LinkTokenCodec::kMaxExpiryUnix}) {
    const DecodeResult result = codec.decode(token, at_unix(now));
    EXPECT_EQ(result.status, LinkStatus::Valid);
    EXPECT_EQ(result.claims, original);
  }
}

TEST_F(LinkTokenTest, RoundTripsUnusualIds) {
  for (std::int64_t id : {std::int64_t{1}, std::int64_t{(1 << 20) + 1}, std::int64_t{1} << 20,
                          std::numeric_limits<std::int64_t>::max()}) {
    const DecodeResult result =
        codec.decode(codec.encode(claims(id, kNowSeconds + 1)), at_unix(kNowSeconds));
    EXPECT_EQ(result.status, LinkStatus::Valid) << id;
    EXPECT_EQ(result.claims.message_id, id);
  }
}

TEST_F(LinkTokenTest, LayoutIsVersionRotatedIdExpiryThenTruncatedHmac) {
  // server id 5 -> TDLib id 5 << 20 -> rotated back to 5 -> varint 0x05.
  // 1750000000 = 0x684EE180 -> varint 80 c3 bb c2 06.
  const std::string body = std::string("\x01\x05\x80\xc3\xbb\xc2\x06", 7);
  EXPECT_EQ(codec.encode(claims(std::int64_t{5} << 20, kNowSeconds)), sign(body));
  EXPECT_EQ(codec.encode(claims(std::int64_t{5} << 20, std::nullopt)),
            sign(std::string("\x01\x05\x00", 3)));
}

TEST_F(LinkTokenTest, TokensMadeTodayStillDecodeTomorrow) {
  // Frozen: links already shared must keep working after any change to this code.
  const std::string frozen = "AcDEB4DmwMIGgIk2tec4_yVRWOWp";
  EXPECT_EQ(codec.encode(claims(kTypicalId, kNowSeconds + 86400)), frozen);
  EXPECT_EQ(codec.decode(frozen, at_unix(kNowSeconds)).claims,
            claims(kTypicalId, kNowSeconds + 86400));
}

TEST_F(LinkTokenTest, SubSecondExpiryIsRoundedDown) {
  LinkClaims original = claims(kTypicalId, std::nullopt);
  original.expires_at = at_unix(kNowSeconds) + 999ms;
  const DecodeResult result = codec.decode(codec.encode(original), at_unix(kNowSeconds - 1));
  EXPECT_EQ(result.claims.expires_at, at_unix(kNowSeconds));
}

TEST_F(LinkTokenTest, ExpiryBoundary) {
  const std::string token = codec.encode(claims(kTypicalId, kNowSeconds));
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds - 1)).status, LinkStatus::Valid);
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds) - 1ns).status, LinkStatus::Valid);
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds)).status, LinkStatus::Expired);
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds + 1)).status, LinkStatus::Expired);
  // An expired result still says which link it was, for the log and the 410 page.
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds + 1)).claims.message_id, kTypicalId);
}

TEST_F(LinkTokenTest, ChangingAnyByteMakesItInvalid) {
  const std::string token = codec.encode(claims(kTypicalId, kNowSeconds + 60));
  const std::string bytes = *base64url_decode(token);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (unsigned mask : {0x01u, 0x80u, 0xFFu}) {
      std::string tampered = bytes;
      tampered[i] = static_cast<char>(tampered[i] ^ mask);
      // Tampering must never look expired either: check long after the expiry.
      const DecodeResult result =
          codec.decode(base64url_encode(tampered), at_unix(kNowSeconds + 999));
      EXPECT_EQ(result.status, LinkStatus::Invalid) << "byte " << i << " mask " << mask;
      EXPECT_EQ(result.claims, LinkClaims{});
    }
  }
}

TEST_F(LinkTokenTest, ChangingAnyCharacterMakesItInvalid) {
  const std::string token = codec.encode(claims(kTypicalId, kNowSeconds + 60));
  for (std::size_t i = 0; i < token.size(); ++i) {
    for (char replacement : {'A', 'z', '-', '_', '0'}) {
      if (token[i] == replacement) {
        continue;
      }
      std::string tampered = token;
      tampered[i] = replacement;
      EXPECT_EQ(codec.decode(tampered, at_unix(kNowSeconds)).status, LinkStatus::Invalid)
          << tampered;
    }
  }
}

TEST_F(LinkTokenTest, OtherKeyIsInvalidEvenWhenExpired) {
  const LinkTokenCodec other("another key, also long enough");
  const std::string token = other.encode(claims(kTypicalId, kNowSeconds));
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds - 10)).status, LinkStatus::Invalid);
  EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds + 10)).status, LinkStatus::Invalid);
  EXPECT_EQ(other.decode(token, at_unix(kNowSeconds - 10)).status, LinkStatus::Valid);
}

TEST_F(LinkTokenTest, MalformedInputIsInvalid) {
  const std::string good = codec.encode(claims(kTypicalId, kNowSeconds + 60));
  const std::vector<std::string> bad = {
      "",
      "A",
      "AAAA",
      "!!!!",
      good + "=",
      good + "A",
      good.substr(0, good.size() - 1),
      good.substr(1),
      " " + good,
      std::string(LinkTokenCodec::kMaxTokenLength + 1, 'A'),
      std::string(10'000, 'A'),
      std::string("\0", 1) + good,
  };
  for (const std::string& token : bad) {
    EXPECT_EQ(codec.decode(token, at_unix(kNowSeconds)).status, LinkStatus::Invalid) << token;
  }
}

TEST_F(LinkTokenTest, WellSignedButMalformedBodiesAreInvalid) {
  const std::vector<std::string> bodies = {
      std::string("\x02\x05\x00", 3),      // unknown version
      std::string("\x00\x05\x00", 3),      // version 0
      std::string("\x01\x05\x00\x00", 4),  // trailing byte
      std::string("\x01\x85\x00\x00", 4),  // overlong id varint
      std::string("\x01\x05\x80\x00", 4),  // overlong expiry varint
      std::string("\x01\x05", 2),          // expiry missing
      std::string("\x01", 1),              // id missing
      std::string("", 0),                  // nothing at all
      std::string("\x01\x00\x00", 3),      // message id 0
      std::string("\x01\x05\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 12),  // absurd expiry
      // rotr(-1 as uint64) = all ones: a negative id
      std::string("\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x00", 12),
  };
  for (const std::string& body : bodies) {
    EXPECT_EQ(codec.decode(sign(body), at_unix(kNowSeconds)).status, LinkStatus::Invalid)
        << ::testing::PrintToString(body);
  }
  // The same helper does make tokens the codec accepts, so the rejections above are real.
  EXPECT_EQ(codec.decode(sign(std::string("\x01\x05\x00", 3)), at_unix(kNowSeconds)).status,
            LinkStatus::Valid);
}

TEST_F(LinkTokenTest, TokensAreShortAndUrlSafe) {
  const std::string typical = codec.encode(claims(kTypicalId, kNowSeconds + 86400));
  const std::string permanent = codec.encode(claims(kTypicalId, std::nullopt));
  const std::string largest = codec.encode(
      claims(std::numeric_limits<std::int64_t>::max(), LinkTokenCodec::kMaxExpiryUnix));
  EXPECT_LE(typical.size(), 28u);
  EXPECT_LE(permanent.size(), 23u);
  EXPECT_LE(largest.size(), LinkTokenCodec::kMaxTokenLength);
  for (const std::string& token : {typical, permanent, largest}) {
    EXPECT_THAT(token, MatchesRegex("[A-Za-z0-9_-]+"));
  }
}

TEST_F(LinkTokenTest, EncodeRejectsClaimsItCannotRepresent) {
  EXPECT_THROW((void)codec.encode(claims(0, std::nullopt)), std::invalid_argument);
  EXPECT_THROW((void)codec.encode(claims(-5, std::nullopt)), std::invalid_argument);
  EXPECT_THROW((void)codec.encode(claims(1, 0)), std::invalid_argument);
  EXPECT_THROW((void)codec.encode(claims(1, -100)), std::invalid_argument);
  EXPECT_THROW((void)codec.encode(claims(1, LinkTokenCodec::kMaxExpiryUnix + 1)),
               std::invalid_argument);
}

TEST(LinkTokenCodecTest, EmptySecretIsRefused) {
  EXPECT_THROW(LinkTokenCodec(""), std::invalid_argument);
}

}  // namespace
}  // namespace tglink
