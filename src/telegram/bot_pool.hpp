#pragma once
// All of tglink's bots: the main bot (BOT_TOKEN) first, then ADDITIONAL_BOT_TOKENS in order.
// Each is a BotSession over its own TdClient and its own data directory. The pool owns the one
// TdReceiver thread and hands every TDLib message to the client it is for, on the io_context.
//
// Every method is called on the io_context thread, and every listener and completion runs there.
// The library is passed in already loaded, so the same pool runs against the real libtdjson or
// the simulator: only the path given to TdJsonLibrary::load differs.
//
// Shutdown: close() sends "close" to every client, waits until each reports
// authorizationStateClosed (or the timeout passes), then stops the receive thread and completes.
// Bots still open at the timeout are left to the process exit. Destroying the pool without
// close() only stops the thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include "telegram/bot_session.hpp"
#include "telegram/bot_state.hpp"

namespace tglink {

struct Config;
class Log;
class TdJsonLibrary;

// One bot as the rest of the program (e.g. /api/info) sees it.
struct BotStatus {
  std::size_t index = 0;
  std::int64_t bot_id = 0;
  BotAuthState auth_state = BotAuthState::starting;
  ConnectionState connection = ConnectionState::unknown;
  bool connected = false;
  std::optional<BotInfo> me;
};

class BotPool {
 public:
  // Called with the bot whose state changed.
  using StateListener = std::function<void(const BotSession&)>;
  using ListenerId = std::uint64_t;
  // true when every client reached authorizationStateClosed before the timeout.
  using CloseHandler = std::function<void(bool all_closed)>;
  // Sees every answer and update TDLib delivers, with the index of the bot it is for, before
  // the bot's client does (the metrics count 429 answers through it). Must not block.
  using MessageWatcher = std::function<void(std::size_t bot, const boost::json::object& message)>;

  // Throws std::invalid_argument when a token is malformed (see bot_settings_from_config).
  BotPool(boost::asio::any_io_executor executor, const Config& config, Log& log,
          std::shared_ptr<TdJsonLibrary> library);
  ~BotPool();
  BotPool(const BotPool&) = delete;
  BotPool& operator=(const BotPool&) = delete;

  // Starts the receive thread and every bot's login. Call once.
  void start();

  [[nodiscard]] std::size_t size() const;
  [[nodiscard]] BotSession& bot(std::size_t index);  // throws std::out_of_range
  [[nodiscard]] const BotSession& bot(std::size_t index) const;
  [[nodiscard]] BotSession& main_bot() { return bot(0); }
  [[nodiscard]] std::vector<BotStatus> statuses() const;
  [[nodiscard]] std::size_t connected_count() const;
  [[nodiscard]] bool all_closed() const;

  // One watcher; a later call replaces it.
  void watch_messages(MessageWatcher watcher);

  ListenerId subscribe_state(StateListener listener);
  void unsubscribe_state(ListenerId id);

  // Closes every bot; done runs once, on the io_context, when all are closed or at the timeout.
  void close(std::chrono::milliseconds timeout, CloseHandler done);
  [[nodiscard]] boost::asio::awaitable<bool> async_close(std::chrono::milliseconds timeout);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

[[nodiscard]] BotStatus status_of(const BotSession& bot);

}  // namespace tglink
