#include "telegram/bot_pool.hpp"

#include <map>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "config/config.hpp"
#include "logging/log.hpp"
#include "telegram/bot_settings.hpp"
#include "telegram/td_client.hpp"
#include "telegram/td_json_library.hpp"
#include "telegram/td_receiver.hpp"

namespace tglink {

struct BotPool::Impl : std::enable_shared_from_this<Impl> {
  Impl(boost::asio::any_io_executor executor, Log& log, std::shared_ptr<TdJsonLibrary> library)
      : executor(std::move(executor)), log(log), library(std::move(library)) {}

  void add_bot(BotSettings settings);
  void start();
  void deliver(std::int32_t client_id, boost::json::object message);
  void on_bot_changed(const BotSession& bot);
  [[nodiscard]] bool all_closed() const;
  void close(std::chrono::milliseconds timeout, CloseHandler done);
  void finish_close(bool all_closed);

  boost::asio::any_io_executor executor;
  Log& log;
  std::shared_ptr<TdJsonLibrary> library;
  std::vector<std::unique_ptr<BotSession>> bots;
  std::unordered_map<std::int32_t, TdClient*> clients;    // owned by the sessions in bots
  std::unordered_map<std::int32_t, std::size_t> indexes;  // client id -> index in bots
  MessageWatcher watcher;
  std::unique_ptr<TdReceiver> receiver;
  std::map<ListenerId, std::shared_ptr<StateListener>> listeners;
  ListenerId next_listener_id = 1;
  bool started = false;
  std::vector<CloseHandler> close_handlers;  // non-empty while a close is in progress
  std::optional<boost::asio::steady_timer> close_timer;
};

void BotPool::Impl::add_bot(BotSettings settings) {
  auto client = std::make_unique<TdClient>(library, executor);
  clients.emplace(client->id(), client.get());
  indexes.emplace(client->id(), bots.size());
  auto bot = std::make_unique<BotSession>(std::move(settings), std::move(client), log);
  bot->set_change_listener([this](const BotSession& changed) { on_bot_changed(changed); });
  bots.push_back(std::move(bot));
}

void BotPool::Impl::start() {
  if (started) {
    throw std::logic_error("BotPool::start called twice");
  }
  started = true;
  // The thread only posts; the weak pointer drops messages that arrive after the pool is gone.
  receiver = std::make_unique<TdReceiver>(
      library, log,
      [weak = weak_from_this(), executor = executor](std::int32_t id, boost::json::object message) {
        boost::asio::post(executor, [weak, id, message = std::move(message)]() mutable {
          if (const std::shared_ptr<Impl> self = weak.lock()) {
            self->deliver(id, std::move(message));
          }
        });
      });
  receiver->start();
  for (const std::unique_ptr<BotSession>& bot : bots) {
    bot->start();
  }
}

void BotPool::Impl::deliver(std::int32_t client_id, boost::json::object message) {
  const auto client = clients.find(client_id);
  if (client == clients.end()) {
    log.debug("TDLib message for unknown client {} ignored", client_id);
    return;
  }
  if (watcher) watcher(indexes.at(client_id), message);
  client->second->deliver(std::move(message));
}

void BotPool::Impl::on_bot_changed(const BotSession& bot) {
  std::vector<std::pair<ListenerId, std::shared_ptr<StateListener>>> snapshot(listeners.begin(),
                                                                              listeners.end());
  for (const auto& [id, listener] : snapshot) {
    if (listeners.contains(id)) {
      (*listener)(bot);
    }
  }
  if (!close_handlers.empty() && all_closed()) {
    finish_close(true);
  }
}

bool BotPool::Impl::all_closed() const {
  for (const std::unique_ptr<BotSession>& bot : bots) {
    if (bot->auth_state() != BotAuthState::closed) {
      return false;
    }
  }
  return true;
}

void BotPool::Impl::close(std::chrono::milliseconds timeout, CloseHandler done) {
  close_handlers.push_back(std::move(done));
  if (close_handlers.size() > 1) {
    return;  // joins the close already in progress
  }
  if (!started || all_closed()) {
    finish_close(true);
    return;
  }
  close_timer.emplace(executor, timeout);
  close_timer->async_wait([weak = weak_from_this()](boost::system::error_code error) {
    const std::shared_ptr<Impl> self = weak.lock();
    if (!error && self && !self->close_handlers.empty()) {
      self->log.warning("TDLib clients still open after the close timeout; leaving them");
      self->finish_close(false);
    }
  });
  for (const std::unique_ptr<BotSession>& bot : bots) {
    bot->close();
  }
}

void BotPool::Impl::finish_close(bool closed) {
  if (close_timer) {
    close_timer->cancel();
  }
  // Every closed client has said its last word, so the thread has nothing left to read.
  if (receiver) {
    receiver->stop();
  }
  std::vector<CloseHandler> handlers = std::move(close_handlers);
  close_handlers.clear();
  for (CloseHandler& handler : handlers) {
    boost::asio::post(executor, [handler = std::move(handler), closed] { handler(closed); });
  }
}

BotPool::BotPool(boost::asio::any_io_executor executor, const Config& config, Log& log,
                 std::shared_ptr<TdJsonLibrary> library)
    : impl_(std::make_shared<Impl>(std::move(executor), log, std::move(library))) {
  for (BotSettings& settings : bot_settings_from_config(config)) {
    log.add_secret(settings.token);
    impl_->add_bot(std::move(settings));
  }
  if (!config.api_hash.empty()) {
    log.add_secret(config.api_hash);
  }
  if (config.telegram_proxy) {
    for (const std::string& secret : proxy_secrets(*config.telegram_proxy)) log.add_secret(secret);
    log.info("Telegram proxy for every bot: {}", redacted_proxy_url(*config.telegram_proxy));
  }
}

BotPool::~BotPool() {
  if (impl_->receiver) {
    impl_->receiver->stop();
  }
}

void BotPool::start() { impl_->start(); }

std::size_t BotPool::size() const { return impl_->bots.size(); }

BotSession& BotPool::bot(std::size_t index) { return *impl_->bots.at(index); }

const BotSession& BotPool::bot(std::size_t index) const { return *impl_->bots.at(index); }

std::vector<BotStatus> BotPool::statuses() const {
  std::vector<BotStatus> result;
  result.reserve(impl_->bots.size());
  for (const std::unique_ptr<BotSession>& bot : impl_->bots) {
    result.push_back(status_of(*bot));
  }
  return result;
}

std::size_t BotPool::connected_count() const {
  std::size_t count = 0;
  for (const std::unique_ptr<BotSession>& bot : impl_->bots) {
    count += bot->connected() ? 1 : 0;
  }
  return count;
}

bool BotPool::all_closed() const { return impl_->all_closed(); }

BotPool::ListenerId BotPool::subscribe_state(StateListener listener) {
  const ListenerId id = impl_->next_listener_id++;
  impl_->listeners.emplace(id, std::make_shared<StateListener>(std::move(listener)));
  return id;
}

void BotPool::unsubscribe_state(ListenerId id) { impl_->listeners.erase(id); }

void BotPool::watch_messages(MessageWatcher watcher) { impl_->watcher = std::move(watcher); }

void BotPool::close(std::chrono::milliseconds timeout, CloseHandler done) {
  impl_->close(timeout, std::move(done));
}

boost::asio::awaitable<bool> BotPool::async_close(std::chrono::milliseconds timeout) {
  auto initiate = [this](auto handler, std::chrono::milliseconds timeout) {
    auto shared = std::make_shared<decltype(handler)>(std::move(handler));
    close(timeout, [shared](bool all_closed) { (*shared)(all_closed); });
  };
  co_return co_await boost::asio::async_initiate<const boost::asio::use_awaitable_t<>&, void(bool)>(
      initiate, boost::asio::use_awaitable, timeout);
}

BotStatus status_of(const BotSession& bot) {
  BotStatus status;
  status.index = bot.index();
  status.bot_id = bot.bot_id();
  status.auth_state = bot.auth_state();
  status.connection = bot.connection();
  status.connected = bot.connected();
  status.me = bot.me();
  return status;
}

}  // namespace tglink
