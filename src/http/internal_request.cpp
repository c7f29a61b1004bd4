#include "http/internal_request.hpp"

#include <array>
#include <stdexcept>

#include <openssl/rand.h>

namespace tglink {

namespace {

constexpr std::size_t kCapabilityBytes = 32;

// Headers a forwarding proxy adds: a request carrying one came from outside, whatever its peer.
constexpr std::array<std::string_view, 4> kForwardingHeaders{"X-Forwarded-For", "Forwarded",
                                                             "X-Real-IP", "Via"};

std::string random_hex(std::size_t bytes) {
  std::string raw(bytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1) {
    throw std::runtime_error("OpenSSL's RAND_bytes failed for a source capability");
  }
  static constexpr std::string_view kHex = "0123456789abcdef";
  std::string out;
  out.reserve(bytes * 2);
  for (const char c : raw) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 0xF]);
  }
  return out;
}

bool forwarded(const HttpRequest& request) {
  for (const std::string_view name : kForwardingHeaders) {
    if (request.header(name)) return true;
  }
  return false;
}

}  // namespace

std::string SourceGrants::grant(std::int64_t message_id) {
  std::string capability = random_hex(kCapabilityBytes);
  const std::lock_guard lock(mutex_);
  grants_[capability] = message_id;
  return capability;
}

void SourceGrants::revoke(const std::string& capability) {
  const std::lock_guard lock(mutex_);
  grants_.erase(capability);
}

std::optional<std::int64_t> SourceGrants::accepts(const HttpRequest& request) const {
  if (request.rejection || (request.method != "GET" && !request.is_head())) return std::nullopt;
  if (!is_loopback_address(request.peer_address) || forwarded(request)) return std::nullopt;
  std::string_view path = request.path();
  if (!path.starts_with(kSourcePrefix)) return std::nullopt;
  path.remove_prefix(kSourcePrefix.size());
  const std::lock_guard lock(mutex_);
  const auto found = grants_.find(path);
  if (found == grants_.end()) return std::nullopt;
  return found->second;
}

std::size_t SourceGrants::live() const {
  const std::lock_guard lock(mutex_);
  return grants_.size();
}

bool is_loopback_address(std::string_view address) {
  if (address.starts_with("::ffff:")) address.remove_prefix(7);
  return address == "::1" || address.starts_with("127.");
}

}  // namespace tglink
