#pragma once
// Two seats per bot, shared by every stream and granted in the order the streams asked: the
// lead downloads its slice with the bot's whole budget; the seat behind it starts its slice's
// download at once, one priority lower, and leads when the lead leaves.
//
// Why one lead: TDLib gives a client's whole download budget to the file it was most recently
// asked for (ResourceManager), so a bot asked for slices of several files at once would bring
// the newest and starve the others. Taking turns per bot, first come first served, shares each
// bot among the streams slice by slice, and every stream keeps moving.
//
// Why a seat behind it: ResourceManager::loop (Baseline mode) serves downloads in priority
// order and passes on to the next one as soon as a download needs no more budget, which is the
// case once its last parts are in flight. The download behind the lead is then given the parts
// the lead frees, so the bot's link carries the next slice while the lead's last parts arrive
// instead of standing idle for a round trip between slices. A third seat would get nothing
// until the second's last parts were in flight too, so two are enough.
//
// Runs on the io_context thread.

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

namespace tglink {

class BotTurns {
 public:
  struct Seat;
  using SeatPtr = std::shared_ptr<Seat>;

  BotTurns(boost::asio::any_io_executor executor, std::size_t bots);

  // Waits for a seat at the bot: the lead when the bot is free, else the one behind it. Null
  // (no seat held) when `give_up` turned true while waiting.
  [[nodiscard]] boost::asio::awaitable<SeatPtr> acquire(std::size_t bot,
                                                        std::function<bool()> give_up);
  // Whether the seat is the bot's lead.
  [[nodiscard]] bool leads(const SeatPtr& seat) const;
  // Waits until the seat leads. False when `give_up` turned true first (the seat is still held).
  [[nodiscard]] boost::asio::awaitable<bool> wait_lead(SeatPtr seat, std::function<bool()> give_up);
  // Leaves the seat: the seat behind leads, and the next waiter of that bot sits behind it.
  void release(const SeatPtr& seat);
  // Makes every waiter of `bot` look at its give_up now (a stream stopped).
  void recheck(std::size_t bot);

  // Streams waiting for a seat at `bot` (tests, logs).
  [[nodiscard]] std::size_t waiting(std::size_t bot) const;
  // No stream holds or waits for a seat at `bot`.
  [[nodiscard]] bool idle(std::size_t bot) const;

 private:
  struct Queue {
    std::deque<SeatPtr> seated;  // the lead first
    std::deque<SeatPtr> waiters;
  };

  void seat_waiters(Queue& queue);

  boost::asio::any_io_executor executor_;
  std::vector<Queue> queues_;
};

// Holds a seat until it goes out of scope.
class BotTurn {
 public:
  BotTurn(BotTurns& turns, BotTurns::SeatPtr seat) : turns_(turns), seat_(std::move(seat)) {}
  ~BotTurn() { turns_.release(seat_); }
  BotTurn(const BotTurn&) = delete;
  BotTurn& operator=(const BotTurn&) = delete;

 private:
  BotTurns& turns_;
  BotTurns::SeatPtr seat_;
};

}  // namespace tglink
