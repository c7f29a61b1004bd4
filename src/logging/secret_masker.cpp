#include "logging/secret_masker.hpp"

#include <algorithm>

namespace tglink {

namespace {

constexpr std::string_view kMask = "***";

void replace_all(std::string& text, std::string_view secret) {
  std::size_t position = text.find(secret);
  while (position != std::string::npos) {
    text.replace(position, secret.size(), kMask);
    position = text.find(secret, position + kMask.size());
  }
}

}  // namespace

void SecretMasker::add(std::string secret) {
  if (secret.empty()) {
    return;
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  if (std::find(secrets_.begin(), secrets_.end(), secret) != secrets_.end()) {
    return;
  }
  secrets_.push_back(std::move(secret));
  std::stable_sort(secrets_.begin(), secrets_.end(),
                   [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
}

std::string SecretMasker::mask(std::string_view text) const {
  std::string masked(text);
  const std::lock_guard<std::mutex> lock(mutex_);
  for (const std::string& secret : secrets_) {
    replace_all(masked, secret);
  }
  return masked;
}

}  // namespace tglink
