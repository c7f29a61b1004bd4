#pragma once
// Replaces registered secrets (bot tokens, API hashes, keys, the database password) with "***"
// in log text. Safe to use from several threads: TDLib's receive thread logs while the app may
// register secrets.
//
// Only whole values are masked, so a short secret cannot garble ordinary words: with the
// database password "p", libpq's "port 1 failed" must not read "***ort 1 failed".
//   - A secret shorter than kMinimumSecretLength is not masked at all: hiding it would hide
//     every word that contains it, and a value that short protects nothing anyway.
//   - A secret is masked where it stands as a value of its own: no letter or digit touches it
//     on either side.
//   - A secret of kGluedSecretLength or more is masked wherever it occurs, also glued to other
//     text (".../bot123456:ABC.../getMe"): a random value that long never occurs by chance
//     inside another word.

#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace tglink {

constexpr std::size_t kMinimumSecretLength = 6;
constexpr std::size_t kGluedSecretLength = 16;

// Replaces in `text` every whole occurrence of `secret` by "***", by the rules above; a secret
// shorter than kMinimumSecretLength changes nothing. Also for messages that never reach the log
// (libpq's errors quoting DATABASE_URL).
void mask_whole_values(std::string& text, std::string_view secret);

class SecretMasker {
 public:
  // Secrets shorter than kMinimumSecretLength are ignored (see above).
  void add(std::string secret);

  // `text` with every whole occurrence of every secret replaced by "***".
  [[nodiscard]] std::string mask(std::string_view text) const;

 private:
  mutable std::mutex mutex_;
  std::vector<std::string>
      secrets_;  // longest first, so a secret containing another is hidden whole
};

}  // namespace tglink
