#include "links/token_seal.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.hpp"

namespace tglink {

std::string truncated_hmac(std::string_view key, std::string_view message, std::size_t size) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_size = 0;
  const unsigned char* done = HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
                                   reinterpret_cast<const unsigned char*>(message.data()),
                                   message.size(), digest, &digest_size);
  if (done == nullptr || digest_size < size) return {};
  return {reinterpret_cast<const char*>(digest), size};
}

std::optional<std::string> unsealed_body(
    std::string_view token, std::size_t mac_size,
    const std::function<std::string(std::string_view body)>& mac) {
  std::optional<std::string> bytes = base64url_decode(token);
  if (!bytes || bytes->size() <= mac_size) return std::nullopt;
  const std::string_view body = std::string_view(*bytes).substr(0, bytes->size() - mac_size);
  const std::string_view given = std::string_view(*bytes).substr(body.size());
  const std::string expected = mac(body);
  if (expected.size() != mac_size || CRYPTO_memcmp(expected.data(), given.data(), mac_size) != 0) {
    return std::nullopt;
  }
  bytes->resize(body.size());
  return bytes;
}

}  // namespace tglink
