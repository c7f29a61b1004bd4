#pragma once
// The response bodies in progress: what /api/info reports as streaming_info.active_streams.
//
// A handler holds an ActiveStreams::Ticket for as long as it sends a body; the ticket removes
// its entry when it goes out of scope, whichever way the transfer ended. sweep() drops entries
// older than a maximum age, so a transfer stuck for hours (a client that stopped reading, a
// connection that never closed) no longer counts. A swept ticket's later release is harmless.
//
// Thread-safe.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

class ActiveStreams {
 public:
  // The spec's maximum age of a tracked stream.
  static constexpr std::chrono::hours kMaxAge{4};

  class Ticket {
   public:
    Ticket(Ticket&& other) noexcept;
    Ticket& operator=(Ticket&&) = delete;
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;
    ~Ticket();

   private:
    friend class ActiveStreams;
    Ticket(ActiveStreams* owner, std::uint64_t id) : owner_(owner), id_(id) {}
    ActiveStreams* owner_;
    std::uint64_t id_;
  };

  // A body being sent, as the operator's dashboard lists it.
  struct Entry {
    std::string client;  // the client's address (after trusted proxies)
    std::string file;    // the file's name
    SteadyTime started;
  };

  explicit ActiveStreams(const Clock& clock) : clock_(clock) {}

  // Starts tracking one body; the ActiveStreams must outlive the ticket.
  [[nodiscard]] Ticket start(std::string client = {}, std::string file = {});
  // The bodies being sent, oldest first.
  [[nodiscard]] std::vector<Entry> entries() const;

  [[nodiscard]] std::size_t count() const;

  // Drops entries started more than `max_age` ago; returns how many went.
  std::size_t sweep(std::chrono::steady_clock::duration max_age = kMaxAge);

 private:
  void release(std::uint64_t id);

  const Clock& clock_;
  mutable std::mutex mutex_;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, Entry> started_;  // by id; ids grow, so oldest first
};

}  // namespace tglink
