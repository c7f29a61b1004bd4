#include "links/dav_token.hpp"

#include <stdexcept>

#include <openssl/crypto.h>

#include "core/base64.hpp"
#include "links/token_seal.hpp"
#include "links/varint.hpp"

namespace tglink {

namespace {

constexpr std::string_view kFolderPurpose = "dav folder";

std::optional<DavGrant> parse_folder_grant(std::string_view body) {
  if (body.empty() || static_cast<std::uint8_t>(body[0]) != DavTokenCodec::kVersion) {
    return std::nullopt;
  }
  std::size_t pos = 1;
  const std::optional<std::uint64_t> user = read_varint(body, pos);
  const std::optional<std::uint64_t> issued = user ? read_varint(body, pos) : std::nullopt;
  constexpr auto kMaxId = static_cast<std::uint64_t>(INT64_MAX);
  if (!issued || pos != body.size() || *user == 0 || *user > kMaxId || *issued == 0 ||
      *issued > kMaxId) {
    return std::nullopt;
  }
  return DavGrant{static_cast<std::int64_t>(*user), static_cast<std::int64_t>(*issued)};
}

}  // namespace

DavTokenCodec::DavTokenCodec(const LinkTokenCodec& links)
    : key_(links.derived_key(kFolderPurpose)) {}

DavTokenCodec::~DavTokenCodec() { OPENSSL_cleanse(key_.data(), key_.size()); }

std::string DavTokenCodec::encode(const DavGrant& grant) const {
  if (grant.user_id <= 0 || grant.issued_ms <= 0) {
    throw std::invalid_argument("a folder grant needs a positive user id and issue time");
  }
  std::string bytes;
  bytes.push_back(static_cast<char>(kVersion));
  append_varint(bytes, static_cast<std::uint64_t>(grant.user_id));
  append_varint(bytes, static_cast<std::uint64_t>(grant.issued_ms));
  const std::string tag = mac(bytes);
  if (tag.empty()) throw std::runtime_error("HMAC-SHA256 failed while signing a folder grant");
  bytes += tag;
  return base64url_encode(bytes);
}

std::optional<DavGrant> DavTokenCodec::decode(std::string_view token) const {
  if (token.empty() || token.size() > kMaxTokenLength) return std::nullopt;
  const std::optional<std::string> body =
      unsealed_body(token, kMacBytes, [this](std::string_view bytes) { return mac(bytes); });
  return body ? parse_folder_grant(*body) : std::nullopt;
}

std::string DavTokenCodec::mac(std::string_view body) const {
  return truncated_hmac(key_, body, kMacBytes);
}

}  // namespace tglink
