#pragma once
// The HMAC key that signs link tokens (links/link_token.hpp).
//
// Where it comes from, in order:
//  1. SECRET_KEY, when set: used exactly as given (its bytes are the key). At least 16
//     characters. Set the same SECRET_KEY on every node that serves the same links.
//  2. Otherwise <DATA_DIR>/secret.key, made on first start: 32 bytes from OpenSSL's CSPRNG,
//     written as 64 hex characters and a newline. The key is those 64 characters, so pasting the
//     file's content into SECRET_KEY elsewhere gives the very same tokens.
//
// The file is created atomically with mode 0600 (a crash never leaves a half-written key, and
// two processes starting together agree on one key). An existing key file that group or others
// may read or write is refused, not repaired: such a key may already have leaked, and whether to
// keep it (chmod 600) or replace it (delete the file: all old links stop working) is the
// operator's call.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tglink {

class SecretKeyError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SecretKey {
  std::string bytes;     // the HMAC key; never log it
  std::string origin;    // "SECRET_KEY" or the key file's path, for a start-up log line
  bool created = false;  // true if this call generated a new key file
};

inline constexpr std::size_t kMinSecretKeyLength = 16;
inline constexpr std::string_view kSecretKeyFileName = "secret.key";

// `configured` is SECRET_KEY's value ("" when unset). Throws SecretKeyError with a message that
// names the setting or file and never contains the key.
[[nodiscard]] SecretKey load_secret_key(std::string_view configured,
                                        const std::filesystem::path& data_dir);

}  // namespace tglink
