#pragma once
// One slice download at a time per bot, across every stream, in the order the streams asked.
//
// Why: TDLib gives a client's whole download budget to the file it was most recently asked for
// (ResourceManager), so a bot asked for slices of several files at once would bring the newest
// and starve the others. Taking turns per bot, first come first served, shares each bot among
// the streams slice by slice, and every stream keeps moving.
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
  BotTurns(boost::asio::any_io_executor executor, std::size_t bots);

  // Waits for the bot's turn. False (no turn held) when `give_up` turned true while waiting.
  [[nodiscard]] boost::asio::awaitable<bool> acquire(std::size_t bot,
                                                     std::function<bool()> give_up);
  // Ends the turn: the next waiter of that bot gets it.
  void release(std::size_t bot);
  // Makes every waiter of `bot` look at its give_up now (a stream stopped).
  void recheck(std::size_t bot);

  // Streams waiting for a turn of `bot` (tests, logs).
  [[nodiscard]] std::size_t waiting(std::size_t bot) const;

 private:
  struct Waiter;
  struct Queue {
    bool busy = false;
    std::deque<std::shared_ptr<Waiter>> waiters;
  };

  boost::asio::any_io_executor executor_;
  std::vector<Queue> queues_;
};

// Holds a turn until it goes out of scope.
class BotTurn {
 public:
  BotTurn(BotTurns& turns, std::size_t bot) : turns_(turns), bot_(bot) {}
  ~BotTurn() { turns_.release(bot_); }
  BotTurn(const BotTurn&) = delete;
  BotTurn& operator=(const BotTurn&) = delete;

 private:
  BotTurns& turns_;
  std::size_t bot_;
};

}  // namespace tglink
