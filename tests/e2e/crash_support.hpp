#pragma once
// Helpers of the crash tests: reading what the bot answered and what tglink's store
// holds while it runs or after it was killed.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "links/link_token.hpp"
#include "sim/control_client.hpp"
#include "store/sqlite_handle.hpp"
#include "store/store.hpp"
#include "support/eventually.hpp"
#include "support/sim_harness.hpp"

namespace tglink::testing {

// The limit of a crash test's waits (eventually): a restart after SIGKILL first replays what the
// store holds, so twice kHangLimit. Turns a hang into a failure; never a timing assert.
inline constexpr std::chrono::seconds kCrashTestPatience{120};

// The LOG_CHANNEL message id a /dl/ link in `text` points at; nullopt when there is none.
inline std::optional<std::int64_t> linked_message(const std::string& text) {
  std::string path = link_path_in(text, "/dl/");
  if (path.empty()) return std::nullopt;
  path = path.substr(std::string("/dl/").size());
  const std::string token = path.substr(0, path.find_first_of("/?"));
  const LinkTokenCodec codec{SimHarness::kSecretKey};
  const DecodeResult decoded = codec.decode(token, std::chrono::system_clock::now());
  if (decoded.status == LinkStatus::Invalid) return std::nullopt;
  return decoded.claims.message_id;
}

// The /dl/ links the main bot sent into `user`'s chat, as the LOG_CHANNEL ids they point at.
inline std::vector<std::int64_t> links_to(sim::ControlClient& sim, std::int64_t user) {
  std::vector<std::int64_t> ids;
  for (const sim::SimMessage& message : sim.messages(user, SimHarness::kMainBotId)) {
    if (auto id = linked_message(message.text)) ids.push_back(*id);
  }
  return ids;
}

// The LOG_CHANNEL posts of the file named `file_name`.
inline std::vector<std::int64_t> posts_named(sim::ControlClient& sim,
                                             const std::string& file_name) {
  std::vector<std::int64_t> ids;
  for (const sim::SimMessage& post :
       sim.messages(SimHarness::kLogChannel, SimHarness::kMainBotId)) {
    if (post.file_name == file_name && !post.deleted) ids.push_back(post.message_id);
  }
  return ids;
}

// One number from tglink's store, read while it runs (SQLite in WAL mode lets a reader in at
// any time); nullopt when the store was busy, to be read again at the next poll.
inline std::optional<std::int64_t> store_count(const std::filesystem::path& db,
                                               const std::string& sql) {
  try {
    SqliteDatabase reader{db.string()};
    return reader.query_int(sql);
  } catch (const StoreError&) {
    return std::nullopt;
  }
}

}  // namespace tglink::testing
