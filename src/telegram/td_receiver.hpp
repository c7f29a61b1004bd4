#pragma once
// The one thread that calls td_receive. TDLib delivers the answers and updates of ALL its
// clients through td_receive, which must never be called from two threads at once, so a
// process has exactly one running TdReceiver per loaded library.
//
// Each message is parsed here, off the io_context thread, and handed with its "@client_id" to
// the sink. The sink runs on the receive thread; the one BotPool gives it posts the message into
// the io_context, so everything after that runs on the io_context thread without locks.
//
// Shutdown order: send "close" to every client, wait until each reports
// authorizationStateClosed (that update arrives through this thread), then stop() the thread.
// Stopping first would leave the close answers unread. stop() returns within one receive
// timeout: the loop checks its stop flag between td_receive calls.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>

#include <boost/json/object.hpp>

namespace tglink {

class Log;
class TdJsonLibrary;

class TdReceiver {
 public:
  // Called on the receive thread with each message TDLib delivered and the client it is for.
  using Sink = std::function<void(std::int32_t client_id, boost::json::object message)>;

  TdReceiver(std::shared_ptr<TdJsonLibrary> library, Log& log, Sink sink,
             std::chrono::milliseconds receive_timeout = std::chrono::milliseconds(200));
  // Stops and joins the thread if it still runs.
  ~TdReceiver();
  TdReceiver(const TdReceiver&) = delete;
  TdReceiver& operator=(const TdReceiver&) = delete;

  void start();
  // Asks the loop to end and joins it. Safe to call twice, and before start().
  void stop();
  [[nodiscard]] bool running() const { return thread_.joinable(); }

 private:
  void loop();
  void handle(const char* text);

  std::shared_ptr<TdJsonLibrary> library_;
  Log& log_;
  Sink sink_;
  double timeout_seconds_;
  std::atomic<bool> stop_requested_{false};
  std::thread thread_;
};

}  // namespace tglink
