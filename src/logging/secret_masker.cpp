#include "logging/secret_masker.hpp"

#include <algorithm>
#include <cctype>

namespace tglink {

namespace {

constexpr std::string_view kMask = "***";

bool is_word_character(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Whether the occurrence at [position, position + length) is not part of a longer word.
bool stands_alone(const std::string& text, std::size_t position, std::size_t length) {
  const bool free_before = position == 0 || !is_word_character(text[position - 1]);
  const std::size_t end = position + length;
  const bool free_after = end >= text.size() || !is_word_character(text[end]);
  return free_before && free_after;
}

}  // namespace

void mask_whole_values(std::string& text, std::string_view secret) {
  if (secret.size() < kMinimumSecretLength) return;
  const bool anywhere = secret.size() >= kGluedSecretLength;
  std::size_t position = text.find(secret);
  while (position != std::string::npos) {
    if (anywhere || stands_alone(text, position, secret.size())) {
      text.replace(position, secret.size(), kMask);
      position = text.find(secret, position + kMask.size());
    } else {
      position = text.find(secret, position + 1);
    }
  }
}

void SecretMasker::add(std::string secret) {
  if (secret.size() < kMinimumSecretLength) {
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
    mask_whole_values(masked, secret);
  }
  return masked;
}

}  // namespace tglink
