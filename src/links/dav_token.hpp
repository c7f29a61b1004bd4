#pragma once
// Signed folder tokens: the {token} of a user's read-only WebDAV folder, {BASE_URL}/dav/{token}/
// (/davlink in chat, dav/dav_access.hpp). The same token is taken as the password of HTTP Basic
// authentication, for players that only ask for a user name and a password.
//
// A folder token names a user and when the folder's address was issued (milliseconds). It has no
// expiry of its own: the folder lasts until the user ends it with /davlink off, which the store
// keeps (dav/dav_access.hpp), and the files in it expire and are revoked as their links are. It is
// signed with a key derived from the link key for this purpose only, so a folder token never
// passes as a file, batch or dashboard token, nor any of those as a folder token.
//
// Layout, before base64url without padding:
//   byte 0       version, 1
//   varint       user's Telegram user id
//   varint       issued at, unix milliseconds
//   16 bytes     HMAC-SHA256(folder key, all the bytes above), first 128 bits
// A longer tag than a file link's: it opens every file of the user, for as long as they keep it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "links/link_token.hpp"

namespace tglink {

struct DavGrant {
  std::int64_t user_id = 0;    // > 0
  std::int64_t issued_ms = 0;  // unix milliseconds; > 0

  bool operator==(const DavGrant&) const = default;
};

class DavTokenCodec {
 public:
  static constexpr std::uint8_t kVersion = 1;
  static constexpr std::size_t kMacBytes = 16;
  // No token we make is longer; longer input is refused before any work is done.
  static constexpr std::size_t kMaxTokenLength = 48;

  // The key is derived from `links`' key; `links` need not outlive this codec.
  explicit DavTokenCodec(const LinkTokenCodec& links);
  ~DavTokenCodec();
  DavTokenCodec(const DavTokenCodec&) = delete;
  DavTokenCodec& operator=(const DavTokenCodec&) = delete;

  // Throws std::invalid_argument for a non-positive user id or issue time.
  [[nodiscard]] std::string encode(const DavGrant& grant) const;
  // The grant of a token we signed; nullopt for anything else. Never throws; the signature is
  // checked in constant time before anything in the token is read.
  [[nodiscard]] std::optional<DavGrant> decode(std::string_view token) const;

 private:
  [[nodiscard]] std::string mac(std::string_view body) const;

  std::string key_;
};

}  // namespace tglink
