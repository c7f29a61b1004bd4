#include "http/internal_request.hpp"

#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/rand.h>

namespace tglink {

InternalRequestKey InternalRequestKey::generate() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1) {
    throw std::runtime_error("OpenSSL's RAND_bytes failed for the internal request key");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string secret;
  for (const unsigned char byte : bytes) {
    secret.push_back(kHex[byte >> 4]);
    secret.push_back(kHex[byte & 0xF]);
  }
  return InternalRequestKey(std::move(secret));
}

bool InternalRequestKey::accepts(const HttpRequest& request) const {
  if (secret_.empty() || !is_loopback_address(request.peer_address)) return false;
  const std::optional<std::string_view> given = request.header(kInternalRequestHeader);
  return given && given->size() == secret_.size() &&
         CRYPTO_memcmp(given->data(), secret_.data(), secret_.size()) == 0;
}

std::string InternalRequestKey::header_line() const {
  return std::string(kInternalRequestHeader) + ": " + secret_;
}

bool is_loopback_address(std::string_view address) {
  if (address.starts_with("::ffff:")) address.remove_prefix(7);
  return address == "::1" || address.starts_with("127.");
}

}  // namespace tglink
