#include "media/bot_turns.hpp"

#include <algorithm>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace tglink {

namespace asio = boost::asio;

namespace {
// How often a waiter looks whether its stream still wants the turn.
constexpr std::chrono::milliseconds kGiveUpCheck{250};
}  // namespace

struct BotTurns::Waiter {
  explicit Waiter(const asio::any_io_executor& executor) : timer(executor) {}
  asio::steady_timer timer;
  bool granted = false;
};

BotTurns::BotTurns(asio::any_io_executor executor, std::size_t bots)
    : executor_(std::move(executor)), queues_(bots) {}

asio::awaitable<bool> BotTurns::acquire(std::size_t bot, std::function<bool()> give_up) {
  Queue& queue = queues_.at(bot);
  if (!queue.busy && queue.waiters.empty()) {
    queue.busy = true;
    co_return true;
  }
  auto waiter = std::make_shared<Waiter>(executor_);
  queue.waiters.push_back(waiter);
  while (!waiter->granted) {
    if (give_up()) {
      std::erase(queue.waiters, waiter);
      co_return false;
    }
    waiter->timer.expires_after(kGiveUpCheck);
    co_await waiter->timer.async_wait(asio::as_tuple(asio::use_awaitable));
  }
  co_return true;
}

void BotTurns::release(std::size_t bot) {
  Queue& queue = queues_.at(bot);
  if (queue.waiters.empty()) {
    queue.busy = false;
    return;
  }
  std::shared_ptr<Waiter> next = queue.waiters.front();
  queue.waiters.pop_front();
  next->granted = true;
  next->timer.cancel();
}

void BotTurns::recheck(std::size_t bot) {
  for (const std::shared_ptr<Waiter>& waiter : queues_.at(bot).waiters) waiter->timer.cancel();
}

std::size_t BotTurns::waiting(std::size_t bot) const { return queues_.at(bot).waiters.size(); }

}  // namespace tglink
