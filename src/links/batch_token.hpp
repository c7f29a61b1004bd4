#pragma once
// Signed batch tokens: the {token} in /b/{token}, one link for many files (/batch, /done).
//
// A batch token is a link token (links/link_token.hpp: same layout, signature and expiry) whose
// id is a batch id from the Store instead of a log-channel message id, signed with a key derived
// from the link key for batches only. So a file token never opens a batch page, a batch token
// never downloads a file, and revoking or expiring a batch works as it does for a link.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "links/link_token.hpp"

namespace tglink {

struct BatchClaims {
  std::int64_t batch_id = 0;             // Store's batch id; > 0
  std::optional<SystemTime> expires_at;  // whole seconds; none = permanent

  bool operator==(const BatchClaims&) const = default;
};

struct BatchDecodeResult {
  LinkStatus status = LinkStatus::Invalid;
  BatchClaims claims;  // filled for Valid and Expired
};

class BatchTokenCodec {
 public:
  // Derives the batch key from `links`' key; `links` need not outlive this codec.
  explicit BatchTokenCodec(const LinkTokenCodec& links);

  // Throws std::invalid_argument as LinkTokenCodec::encode does (batch_id <= 0, bad expiry).
  [[nodiscard]] std::string encode(const BatchClaims& claims) const;
  // Never throws; Invalid for anything not signed with the batch key (file tokens included).
  [[nodiscard]] BatchDecodeResult decode(std::string_view token, SystemTime now) const;

 private:
  LinkTokenCodec codec_;
};

// "{base_url}/b/{token}": the batch page, its JSON and its URL list.
[[nodiscard]] std::string batch_url(std::string_view base_url, std::string_view token);

// The token after "/b/" in a batch link ("https://host/b/TOKEN?format=urls"); empty when the
// text holds no "/b/".
[[nodiscard]] std::string batch_token_from_link(std::string_view link);

}  // namespace tglink
