#pragma once
// The banned users, kept in memory so that a user's message does not read the store to learn
// whether they are banned (chat/access_control.hpp asks here for every message, button and
// queued file).
//
// The store stays the record: /ban and /unban write it first and then this list. Only the node
// that leads the chat side answers users (docs/scaling.md), and it reloads the list from the
// store when it starts and whenever it takes over, so a ban another node made while leading is
// in force here from the takeover on. While a node follows, its list may lag; it answers nobody.

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "store/store.hpp"

namespace tglink {

class BanList {
 public:
  // Replaces the whole list with these bans (the store's, read on its executor).
  void replace(const std::vector<BanRecord>& bans);

  void add(std::int64_t user_id) { banned_.insert(user_id); }
  void remove(std::int64_t user_id) { banned_.erase(user_id); }
  [[nodiscard]] bool contains(std::int64_t user_id) const { return banned_.contains(user_id); }
  [[nodiscard]] std::size_t size() const { return banned_.size(); }

 private:
  std::unordered_set<std::int64_t> banned_;
};

}  // namespace tglink
