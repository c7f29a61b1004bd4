#include "links/link_token.hpp"

#include <bit>
#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.hpp"
#include "links/token_seal.hpp"
#include "links/varint.hpp"

namespace tglink {

namespace {

constexpr int kIdRotation = 20;  // TDLib: message id = server message id << 20

std::uint64_t pack_message_id(std::int64_t message_id) {
  return std::rotr(static_cast<std::uint64_t>(message_id), kIdRotation);
}

std::int64_t unpack_message_id(std::uint64_t packed) {
  return static_cast<std::int64_t>(std::rotl(packed, kIdRotation));
}

std::int64_t expiry_unix(const LinkClaims& claims) {
  if (!claims.expires_at) {
    return 0;
  }
  const auto since_epoch = claims.expires_at->time_since_epoch();
  const std::int64_t seconds = std::chrono::floor<std::chrono::seconds>(since_epoch).count();
  if (seconds <= 0 || seconds > LinkTokenCodec::kMaxExpiryUnix) {
    throw std::invalid_argument("link expiry " + std::to_string(seconds) +
                                " (unix seconds) is outside 1.." +
                                std::to_string(LinkTokenCodec::kMaxExpiryUnix));
  }
  return seconds;
}

// The claims inside a body whose signature has already been checked.
std::optional<LinkClaims> parse_body(std::string_view body) {
  if (body.empty() || static_cast<std::uint8_t>(body[0]) != LinkTokenCodec::kVersion) {
    return std::nullopt;
  }
  std::size_t pos = 1;
  const std::optional<std::uint64_t> packed_id = read_varint(body, pos);
  if (!packed_id) {
    return std::nullopt;
  }
  const std::optional<std::uint64_t> expiry = read_varint(body, pos);
  if (!expiry || pos != body.size()) {
    return std::nullopt;
  }
  LinkClaims claims;
  claims.message_id = unpack_message_id(*packed_id);
  if (claims.message_id <= 0 || *expiry > LinkTokenCodec::kMaxExpiryUnix) {
    return std::nullopt;
  }
  if (*expiry != 0) {
    claims.expires_at = SystemTime(std::chrono::seconds(static_cast<std::int64_t>(*expiry)));
  }
  return claims;
}

}  // namespace

LinkTokenCodec::LinkTokenCodec(std::string secret) : secret_(std::move(secret)) {
  if (secret_.empty()) {
    throw std::invalid_argument("link token secret is empty");
  }
}

LinkTokenCodec::~LinkTokenCodec() { OPENSSL_cleanse(secret_.data(), secret_.size()); }

std::string LinkTokenCodec::encode(const LinkClaims& claims) const {
  if (claims.message_id <= 0) {
    throw std::invalid_argument("link message id " + std::to_string(claims.message_id) +
                                " is not positive");
  }
  std::string bytes;
  bytes.push_back(static_cast<char>(kVersion));
  append_varint(bytes, pack_message_id(claims.message_id));
  append_varint(bytes, static_cast<std::uint64_t>(expiry_unix(claims)));
  const std::string tag = mac(bytes);
  if (tag.empty()) {
    throw std::runtime_error("HMAC-SHA256 failed while signing a link token");
  }
  bytes += tag;
  return base64url_encode(bytes);
}

DecodeResult LinkTokenCodec::decode(std::string_view token, SystemTime now) const {
  DecodeResult result;
  if (token.empty() || token.size() > kMaxTokenLength) {
    return result;
  }
  const std::optional<std::string> body =
      unsealed_body(token, kMacBytes, [this](std::string_view bytes) { return mac(bytes); });
  const std::optional<LinkClaims> claims = body ? parse_body(*body) : std::nullopt;
  if (!claims) {
    return result;
  }
  result.claims = *claims;
  const bool expired = claims->expires_at && now >= *claims->expires_at;
  result.status = expired ? LinkStatus::Expired : LinkStatus::Valid;
  return result;
}

std::string LinkTokenCodec::derived_key(std::string_view purpose) const {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_size = 0;
  const std::string label = "tglink token key: " + std::string(purpose);
  const unsigned char* done = HMAC(EVP_sha256(), secret_.data(), static_cast<int>(secret_.size()),
                                   reinterpret_cast<const unsigned char*>(label.data()),
                                   label.size(), digest, &digest_size);
  if (done == nullptr || digest_size == 0) {
    throw std::runtime_error("HMAC-SHA256 failed while deriving the " + std::string(purpose) +
                             " token key");
  }
  return {reinterpret_cast<const char*>(digest), digest_size};
}

std::string LinkTokenCodec::mac(std::string_view body) const {
  return truncated_hmac(secret_, body, kMacBytes);
}

}  // namespace tglink
