#pragma once
// Replaces registered secrets (bot tokens, API hashes, keys) with "***" in log text. Safe to
// use from several threads: TDLib's receive thread logs while the app may register secrets.

#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

class SecretMasker {
 public:
  // Empty secrets are ignored: masking "" would be meaningless.
  void add(std::string secret);

  // `text` with every occurrence of every secret replaced by "***".
  [[nodiscard]] std::string mask(std::string_view text) const;

 private:
  mutable std::mutex mutex_;
  std::vector<std::string>
      secrets_;  // longest first, so a secret containing another is hidden whole
};

}  // namespace tglink
