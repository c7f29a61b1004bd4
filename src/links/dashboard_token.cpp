#include "links/dashboard_token.hpp"

#include <optional>
#include <stdexcept>

#include <openssl/crypto.h>

#include "core/base64.hpp"
#include "links/token_seal.hpp"
#include "links/varint.hpp"

namespace tglink {

namespace {

std::string_view purpose_of(DashboardGrantKind kind) {
  return kind == DashboardGrantKind::Link ? "dashboard link" : "dashboard session";
}

std::int64_t unix_seconds(SystemTime time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

std::optional<DashboardGrant> parse_grant_body(std::string_view body) {
  if (body.empty() || static_cast<std::uint8_t>(body[0]) != DashboardTokenCodec::kVersion) {
    return std::nullopt;
  }
  std::size_t pos = 1;
  const std::optional<std::uint64_t> admin = read_varint(body, pos);
  const std::optional<std::uint64_t> issued = admin ? read_varint(body, pos) : std::nullopt;
  const std::optional<std::uint64_t> expiry = issued ? read_varint(body, pos) : std::nullopt;
  constexpr auto kMaxId = static_cast<std::uint64_t>(INT64_MAX);
  if (!expiry || pos != body.size() || *admin == 0 || *admin > kMaxId || *issued == 0 ||
      *issued > kMaxId || *expiry == 0 ||
      *expiry > static_cast<std::uint64_t>(LinkTokenCodec::kMaxExpiryUnix)) {
    return std::nullopt;
  }
  return DashboardGrant{static_cast<std::int64_t>(*admin), static_cast<std::int64_t>(*issued),
                        SystemTime(std::chrono::seconds(static_cast<std::int64_t>(*expiry)))};
}

}  // namespace

DashboardTokenCodec::DashboardTokenCodec(const LinkTokenCodec& links, DashboardGrantKind kind)
    : key_(links.derived_key(purpose_of(kind))) {}

DashboardTokenCodec::~DashboardTokenCodec() { OPENSSL_cleanse(key_.data(), key_.size()); }

std::string DashboardTokenCodec::encode(const DashboardGrant& grant) const {
  const std::int64_t expiry = unix_seconds(grant.expires_at);
  if (grant.admin_id <= 0 || grant.issued_ms <= 0) {
    throw std::invalid_argument("a dashboard grant needs a positive admin id and issue time");
  }
  if (expiry <= 0 || expiry > LinkTokenCodec::kMaxExpiryUnix) {
    throw std::invalid_argument("dashboard grant expiry " + std::to_string(expiry) +
                                " is out of range");
  }
  std::string bytes;
  bytes.push_back(static_cast<char>(kVersion));
  append_varint(bytes, static_cast<std::uint64_t>(grant.admin_id));
  append_varint(bytes, static_cast<std::uint64_t>(grant.issued_ms));
  append_varint(bytes, static_cast<std::uint64_t>(expiry));
  const std::string tag = mac(bytes);
  if (tag.empty()) throw std::runtime_error("HMAC-SHA256 failed while signing a dashboard grant");
  bytes += tag;
  return base64url_encode(bytes);
}

DashboardGrantCheck DashboardTokenCodec::decode(std::string_view token, SystemTime now) const {
  DashboardGrantCheck result;
  if (token.empty() || token.size() > kMaxTokenLength) return result;
  const std::optional<std::string> body =
      unsealed_body(token, kMacBytes, [this](std::string_view bytes) { return mac(bytes); });
  const std::optional<DashboardGrant> grant = body ? parse_grant_body(*body) : std::nullopt;
  if (!grant) return result;
  result.grant = *grant;
  result.status = now >= grant->expires_at ? LinkStatus::Expired : LinkStatus::Valid;
  return result;
}

std::string DashboardTokenCodec::mac(std::string_view body) const {
  return truncated_hmac(key_, body, kMacBytes);
}

}  // namespace tglink
