#pragma once
// What every part of the chat side works with: the settings, the store, the clock, the link
// codec, the log, and the main bot's client to answer through. Passed by reference; owned by
// ChatService.
//
// The store is only ever called through on_store(), which runs the call on the store executor
// (store/store_executor.hpp) as the HTTP side's calls run: a database that stops answering
// pauses the command or upload waiting for it, never the I/O thread with every download on it.

#include <cstdint>
#include <functional>
#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>

#include "chat/ban_list.hpp"
#include "chat/messages/reply.hpp"
#include "chat/service_status.hpp"

namespace tglink {

struct Config;
class Clock;
class Log;
class LinkTokenCodec;
class Store;
class TelegramClient;
class Broadcaster;
class ChatEvents;
class DashboardAccess;
class StoreExecutor;

struct ChatContext {
  const Config& config;
  Log& log;
  Store& store;  // used on store_work only: through on_store()
  const Clock& clock;
  const LinkTokenCodec& links;
  TelegramClient& client;  // the main bot: the one users talk to
  boost::asio::any_io_executor executor;
  // For /info and the admin /stats; empty in tests that do not need it.
  ServiceStatusSource status = {};
  // Runs /broadcast jobs (chat/commands/broadcast_jobs.hpp); null when broadcasts are not wired.
  Broadcaster* broadcaster = nullptr;
  // Whether this node leads the chat side now (cluster/leadership.hpp); empty = always, as a
  // single node does. While it answers false, updates are ignored and no upload or broadcast
  // message is sent: another node is answering users.
  std::function<bool()> leading = {};

  [[nodiscard]] bool leads() const { return !leading || leading(); }
  // Receives each user's message or button press dropped because this node does not lead, to
  // relay it to the leader (chat/message_relay.hpp); empty on a single node.
  std::function<void(const boost::json::object& update)> pass_on = {};

  // Signs /dashboard links and ends dashboard sessions (dashboard/dashboard_access.hpp); null
  // when the service has no dashboard wired (tests).
  DashboardAccess* dashboard = nullptr;

  // Told of links made, uploads refused and broadcast deliveries (the metrics); may be null.
  ChatEvents* events = nullptr;

  // The banned users (chat/ban_list.hpp), loaded by ChatService at start and on takeover. Shared,
  // so every copy of this context (the broadcaster's too) sees one list.
  std::shared_ptr<BanList> bans = std::make_shared<BanList>();

  // Where the store's calls run: the service's store executor; null runs them inline, on the
  // calling thread (unit tests; a node on SQLite has an inline executor too).
  StoreExecutor* store_work = nullptr;

  // Runs `work` with the store on store_work; the coroutine resumes on its own executor once it
  // is done, and an exception from it (StoreError) is rethrown here. `work` touches the store
  // and its own captures only: it may run on another thread.
  [[nodiscard]] boost::asio::awaitable<void> on_store(std::function<void(Store&)> work) const;

  // Sends the reply into chat_id, over several messages when it is longer than Telegram allows
  // (split_reply); a refusal from Telegram (user blocked the bot, ...) is logged and answered as
  // false, never thrown.
  [[nodiscard]] boost::asio::awaitable<bool> reply(std::int64_t chat_id, Reply reply) const;
};

}  // namespace tglink
