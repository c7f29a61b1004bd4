#pragma once
// Signed grants to the operator's dashboard: the one-time link an admin gets with /dashboard
// ({BASE_URL}/admin/{token}) and the session cookie that opening it sets.
//
// Both carry the same three facts: which admin, when the grant was issued (milliseconds, so two
// grants never share an instant), and when it stops working. They differ only in their key, each
// derived from the link key for its purpose (LinkTokenCodec::derived_key), so a link never passes
// as a session, a session never as a link, and neither as a file or batch token.
//
// Layout, before base64url without padding:
//   byte 0       version, 1
//   varint       admin's Telegram user id
//   varint       issued at, unix milliseconds
//   varint       expires at, unix seconds
//   16 bytes     HMAC-SHA256(purpose key, all the bytes above), first 128 bits
// A longer tag than a file link's: these grant an admin's view, and are few and short-lived.
//
// What the token alone cannot say lives in the store (dashboard/dashboard_access.hpp): that a
// link was opened once already, and that /dashboard off ended every session issued before it.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "links/link_token.hpp"

namespace tglink {

struct DashboardGrant {
  std::int64_t admin_id = 0;   // > 0
  std::int64_t issued_ms = 0;  // unix milliseconds; > 0
  SystemTime expires_at;       // whole seconds, after the epoch

  bool operator==(const DashboardGrant&) const = default;
};

struct DashboardGrantCheck {
  LinkStatus status = LinkStatus::Invalid;
  DashboardGrant grant;  // filled for Valid and Expired
};

enum class DashboardGrantKind { Link, Session };

class DashboardTokenCodec {
 public:
  static constexpr std::uint8_t kVersion = 1;
  static constexpr std::size_t kMacBytes = 16;
  // No token we make is longer; longer input is refused before any work is done.
  static constexpr std::size_t kMaxTokenLength = 64;

  // The key is derived from `links`' key for `kind`; `links` need not outlive this codec.
  DashboardTokenCodec(const LinkTokenCodec& links, DashboardGrantKind kind);
  ~DashboardTokenCodec();
  DashboardTokenCodec(const DashboardTokenCodec&) = delete;
  DashboardTokenCodec& operator=(const DashboardTokenCodec&) = delete;

  // Throws std::invalid_argument for a non-positive admin id or issue time, or an expiry not
  // after the epoch or after LinkTokenCodec::kMaxExpiryUnix.
  [[nodiscard]] std::string encode(const DashboardGrant& grant) const;
  // Never throws; the signature is checked in constant time before anything is read, so a
  // tampered token is Invalid, never Expired.
  [[nodiscard]] DashboardGrantCheck decode(std::string_view token, SystemTime now) const;

 private:
  [[nodiscard]] std::string mac(std::string_view body) const;

  std::string key_;
};

}  // namespace tglink
