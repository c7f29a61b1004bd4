#pragma once
// Signed link tokens: the {encoded_id} in /dl/{encoded_id} and /stream/{encoded_id}.
//
// A token names one message in the log channel and, optionally, when the link stops working.
// It is signed, not encrypted: its content is not secret, but nobody without the key can make
// or alter one, so ids cannot be guessed or walked. Checking a token needs no Telegram call and
// no database lookup (revocation is a separate Store lookup by message id).
//
// Layout, before base64url without padding (core/base64.hpp):
//   byte 0       version, 1
//   varint       message id, rotated right by 20 bits (see below)
//   varint       expiry in unix seconds; 0 = never expires
//   12 bytes     HMAC-SHA256(key, all the bytes above), first 96 bits
// The varints are LEB128 in shortest form (links/varint.hpp).
//
// Why the rotation: a TDLib id of a channel message is the server message id shifted left by 20
// bits, so its low 20 bits are zero. Rotating them to the top makes a typical id 2-3 varint bytes
// instead of 5-6; any other int64 still round-trips (it just takes more bytes). With an expiry,
// a typical token is 27-28 characters; a permanent one 22-23.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace tglink {

struct LinkClaims {
  std::int64_t message_id = 0;           // TDLib message id in the log channel; > 0
  std::optional<SystemTime> expires_at;  // whole seconds; none = permanent

  bool operator==(const LinkClaims&) const = default;
};

struct DecodeResult {
  enum class Status {
    Valid,    // signed by us and not expired: serve it
    Expired,  // signed by us, but `now` is at or past expires_at: 410
    Invalid,  // anything else (malformed, tampered, other key): 404
  };
  Status status = Status::Invalid;
  // Filled for Valid and Expired; default for Invalid.
  LinkClaims claims;
};
using LinkStatus = DecodeResult::Status;

class LinkTokenCodec {
 public:
  static constexpr std::uint8_t kVersion = 1;
  static constexpr std::size_t kMacBytes = 12;
  // No token we make is longer; longer input is refused before any work is done.
  static constexpr std::size_t kMaxTokenLength = 48;
  // Latest expiry a token may carry (2200-01-01T00:00:00Z), far inside SystemTime's range.
  static constexpr std::int64_t kMaxExpiryUnix = 7'258'118'400;

  // `secret` is the HMAC key as raw bytes (links/secret_key.hpp makes it). Must not be empty.
  explicit LinkTokenCodec(std::string secret);
  ~LinkTokenCodec();
  LinkTokenCodec(const LinkTokenCodec&) = delete;
  LinkTokenCodec& operator=(const LinkTokenCodec&) = delete;

  // Throws std::invalid_argument for message_id <= 0, or an expiry not after the epoch or after
  // kMaxExpiryUnix. A sub-second expiry is rounded down to the second.
  [[nodiscard]] std::string encode(const LinkClaims& claims) const;

  // Never throws and never reads past `token`; the signature is checked (in constant time)
  // before anything inside the token is trusted, so a tampered token is Invalid, never Expired.
  [[nodiscard]] DecodeResult decode(std::string_view token, SystemTime now) const;

  // A key for another kind of token (say "batch"), made from this one: HMAC-SHA256(key,
  // purpose). A token of one kind never verifies as another, and no second key file is needed.
  [[nodiscard]] std::string derived_key(std::string_view purpose) const;

 private:
  [[nodiscard]] std::string mac(std::string_view body) const;

  std::string secret_;
};

}  // namespace tglink
