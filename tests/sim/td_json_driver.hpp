#pragma once
// Drives a libtdjson (the simulator or the real one) through dlopen, as tglink does, and lets a
// test wait for the answer to one request or for an update that matches, keeping everything
// else that arrived in order.

#include <chrono>
#include <deque>
#include <functional>
#include <string>

#include <boost/json.hpp>

namespace tglink::testing {

class TdJsonDriver {
 public:
  using Match = std::function<bool(const boost::json::object&)>;

  // Loads the library at `path`; throws std::runtime_error with dlerror() when it cannot.
  explicit TdJsonDriver(const std::string& path);
  TdJsonDriver(const TdJsonDriver&) = delete;
  TdJsonDriver& operator=(const TdJsonDriver&) = delete;

  int create_client();
  void send(int client_id, const std::string& request);
  void send(int client_id, boost::json::object request);
  boost::json::object execute(const std::string& request);

  // Sends `request` with a fresh @extra and answers its answer (without @extra/@client_id).
  // Throws std::runtime_error on timeout.
  boost::json::object request(int client_id, boost::json::object request,
                              std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The first message (queued or new) for which `match` holds; throws on timeout.
  boost::json::object wait_for(const Match& match,
                               std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // The first update of @type `type` for `client_id`.
  boost::json::object wait_update(int client_id, const std::string& type,
                                  std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Everything that arrives within `period`, plus what was queued.
  std::deque<boost::json::object> drain(std::chrono::milliseconds period);

 private:
  using CreateClient = int (*)();
  using Send = void (*)(int, const char*);
  using Receive = const char* (*)(double);
  using Execute = const char* (*)(const char*);

  CreateClient create_client_ = nullptr;
  Send send_ = nullptr;
  Receive receive_ = nullptr;
  Execute execute_ = nullptr;
  std::deque<boost::json::object> inbox_;
  long next_extra_ = 1;
};

}  // namespace tglink::testing
