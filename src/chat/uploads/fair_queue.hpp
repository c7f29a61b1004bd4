#pragma once
// Uploads waiting for their turn, served round-robin between users: each user's files keep
// their order, and the next upload is the first of the user served least recently (never
// served counts as longest ago), so a user who sent many files waits behind one file of
// everyone else, not the other way round (first come first served across everyone would let one
// user's batch hold back every other user for minutes at LOG_CHANNEL's 20 posts a minute).
// Pure bookkeeping; chat/uploads/upload_queue.hpp decides when the next one may go.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <optional>

namespace tglink {

class FairQueue {
 public:
  struct Entry {
    std::int64_t user_id = 0;
    std::int64_t upload_id = 0;
  };

  // Adds the upload behind the user's others.
  void push(std::int64_t user_id, std::int64_t upload_id);

  // Takes the first waiting upload of the least recently served user for whom `ready(user_id)`
  // holds (a user at their own flood limit is passed over, not blocking the others); ties go to
  // the older upload. nullopt when no user is ready.
  [[nodiscard]] std::optional<Entry> pop(const std::function<bool(std::int64_t)>& ready);

  // How many uploads will go before one the user pushed now, if every user stays ready.
  [[nodiscard]] std::size_t ahead_of_new(std::int64_t user_id) const;

  // The user's waiting uploads.
  [[nodiscard]] std::size_t count(std::int64_t user_id) const;
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }

 private:
  // Who was served when; beyond kMaxRemembered users, those with nothing waiting are forgotten
  // (they then count as never served, which only lets them go first once).
  static constexpr std::size_t kMaxRemembered = 4096;
  void forget_served_if_idle();
  [[nodiscard]] std::uint64_t served(std::int64_t user_id) const;  // 0 = never

  std::map<std::int64_t, std::deque<std::int64_t>> waiting_;  // user -> upload ids, oldest first
  std::map<std::int64_t, std::uint64_t> last_served_;         // user -> serial of their last turn
  std::uint64_t serial_ = 0;
  std::size_t size_ = 0;
};

}  // namespace tglink
