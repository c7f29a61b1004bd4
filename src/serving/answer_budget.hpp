#pragma once
// How many of the player's answers (/hls) may be waiting on their clients at once, and how many
// bytes of those that were built in memory. A client that does not read keeps its answer until
// WRITE_TIMEOUT; one address within the rate limit could otherwise hold thousands of them, and
// every answer built in memory (a playlist, a WebVTT segment) as many bytes as it asked for.
// Files (segments, fonts, drawn subtitles) are sent from disk, zero-copy: they cost a descriptor
// and count as answers only. Past a bound the request gets 503 PLAYER_BUSY with Retry-After
// instead (the player asks again, as it does while a job works). One client (the rate limit's key:
// an IPv4 address, an IPv6 /64) holds a share only, so that it cannot take every other viewer's
// answers.
//
// Used on the I/O thread only (no lock); a ticket must be given back on that thread.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tglink {

struct AnswerBudgetLimits {
  std::size_t answers = 4096;                 // answers under way at once, all clients
  std::size_t answers_per_client = 128;       // of which one client's
  std::uint64_t memory_bytes = 128ULL << 20;  // bytes of bodies built in memory, all clients
  std::uint64_t memory_bytes_per_client = 32ULL << 20;
};

// Seconds a refused client is told to wait.
inline constexpr std::int64_t kPlayerBusyRetryAfter = 2;

class AnswerBudget {
  struct Held {
    std::size_t answers = 0;
    std::uint64_t memory_bytes = 0;
  };
  struct State {
    AnswerBudgetLimits limits;
    Held total;
    std::map<std::string, Held> clients;
  };

 public:
  // One answer's share of the budget, given back when it is destroyed (the answer is sent or
  // its client gone).
  class Ticket {
   public:
    Ticket(std::shared_ptr<State> state, std::string client, std::uint64_t memory_bytes);
    ~Ticket();
    Ticket(Ticket&& other) noexcept;
    Ticket& operator=(Ticket&&) = delete;
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    std::shared_ptr<State> state_;
    std::string client_;
    std::uint64_t memory_bytes_;
  };

  explicit AnswerBudget(AnswerBudgetLimits limits = {});

  // A ticket for one more answer of `client` with `memory_bytes` built in memory (0 for a
  // file), or nullopt when that would pass a bound.
  [[nodiscard]] std::optional<Ticket> take(const std::string& client,
                                           std::uint64_t memory_bytes = 0);

  // Under way now, all clients.
  [[nodiscard]] std::size_t answers() const { return state_->total.answers; }
  [[nodiscard]] std::uint64_t memory_bytes() const { return state_->total.memory_bytes; }

 private:
  std::shared_ptr<State> state_;
};

}  // namespace tglink
