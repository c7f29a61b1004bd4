#pragma once
// What the streaming engine tells whoever watches it (the metrics, service_metrics.hpp): the
// few narrow points at which bytes arrive from Telegram, bytes leave for clients, a download
// stalls and a range moves to another bot. Bots are named by their index in the pool.
// Every call is made on the io_context thread; an observer must not block.

#include <cstddef>
#include <cstdint>

namespace tglink {

class MediaObserver {
 public:
  virtual ~MediaObserver() = default;
  // `bytes` more of some file reached this bot's disk from Telegram (updateFile growth).
  virtual void downloaded(std::size_t bot, std::uint64_t bytes) = 0;
  // Body bytes sent from TDLib's files: `cached` when they were already on disk when the reader
  // asked for them, otherwise the reader waited for Telegram.
  virtual void served(std::uint64_t bytes, bool cached) = 0;
  // A reader saw no progress for the stall timeout; the download window is sent again.
  virtual void stalled(std::size_t bot) = 0;
  // This bot could not supply a range; the rest goes to another bot if one is left.
  virtual void handed_over(std::size_t from_bot) = 0;
  // This bot downloaded `bytes` that another bot downloads too: the tail of its slice was stolen
  // by an idle bot (media/slice_plan.hpp) while those bytes were in flight.
  virtual void downloaded_twice(std::size_t /*bot*/, std::uint64_t /*bytes*/) {}
};

}  // namespace tglink
