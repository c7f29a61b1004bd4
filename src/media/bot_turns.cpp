#include "media/bot_turns.hpp"

#include <algorithm>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {

namespace asio = boost::asio;

namespace {
// How often a waiter looks whether its stream still wants the seat.
constexpr std::chrono::milliseconds kGiveUpCheck{250};
// The lead and the one behind it (see the header for why no more).
constexpr std::size_t kSeats = 2;
}  // namespace

struct BotTurns::Seat {
  Seat(const asio::any_io_executor& executor, std::size_t bot_in) : timer(executor), bot(bot_in) {}
  asio::steady_timer timer;  // cancelled when the seat is granted or comes to lead
  std::size_t bot;
  bool seated = false;
};

BotTurns::BotTurns(asio::any_io_executor executor, std::size_t bots)
    : executor_(std::move(executor)), queues_(bots) {}

asio::awaitable<BotTurns::SeatPtr> BotTurns::acquire(std::size_t bot,
                                                     std::function<bool()> give_up) {
  Queue& queue = queues_.at(bot);
  auto seat = std::make_shared<Seat>(executor_, bot);
  queue.waiters.push_back(seat);
  seat_waiters(queue);
  while (!seat->seated) {
    if (give_up()) {
      std::erase(queue.waiters, seat);
      co_return nullptr;
    }
    seat->timer.expires_after(kGiveUpCheck);
    co_await seat->timer.async_wait(asio::as_tuple(asio::use_awaitable));
  }
  co_return seat;
}

bool BotTurns::leads(const SeatPtr& seat) const {
  const Queue& queue = queues_.at(seat->bot);
  return !queue.seated.empty() && queue.seated.front() == seat;
}

asio::awaitable<bool> BotTurns::wait_lead(SeatPtr seat, std::function<bool()> give_up) {
  while (!leads(seat)) {
    if (give_up()) co_return false;
    seat->timer.expires_after(kGiveUpCheck);
    co_await seat->timer.async_wait(asio::as_tuple(asio::use_awaitable));
  }
  co_return true;
}

void BotTurns::release(const SeatPtr& seat) {
  Queue& queue = queues_.at(seat->bot);
  const bool was_lead = leads(seat);
  std::erase(queue.seated, seat);
  if (was_lead && !queue.seated.empty()) queue.seated.front()->timer.cancel();
  seat_waiters(queue);
}

void BotTurns::seat_waiters(Queue& queue) {
  while (queue.seated.size() < kSeats && !queue.waiters.empty()) {
    SeatPtr next = queue.waiters.front();
    queue.waiters.pop_front();
    next->seated = true;
    next->timer.cancel();
    queue.seated.push_back(next);
  }
}

void BotTurns::recheck(std::size_t bot) {
  const Queue& queue = queues_.at(bot);
  for (const SeatPtr& seat : queue.waiters) seat->timer.cancel();
  for (const SeatPtr& seat : queue.seated) seat->timer.cancel();
}

std::size_t BotTurns::waiting(std::size_t bot) const { return queues_.at(bot).waiters.size(); }

bool BotTurns::idle(std::size_t bot) const {
  const Queue& queue = queues_.at(bot);
  return queue.seated.empty() && queue.waiters.empty();
}

}  // namespace tglink
