#pragma once
// libtdjson in a process on a shared world (TGLINK_SIM_WORLD=<dir>): td_create_client_id, td_send
// and td_receive go to the world server (world_server.*) over one connection, made (and the
// server started, world_starter.hpp) at the first td_create_client_id; td_execute is answered
// here, as the real library answers it without a client.
//
// If the server goes away, every client of this process sees connectionStateConnecting and its
// requests go unanswered, as TDLib's do while Telegram cannot be reached.

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "sim/output_queue.hpp"
#include "sim/request_log.hpp"
#include "sim/world_protocol.hpp"

namespace tglink::sim {

class WorldProxy {
 public:
  // The process's proxy, or nullptr when TGLINK_SIM_WORLD is unset or empty (the simulator then
  // runs inside the process).
  static WorldProxy* instance();

  explicit WorldProxy(std::string world_dir);
  WorldProxy(const WorldProxy&) = delete;
  WorldProxy& operator=(const WorldProxy&) = delete;

  // Aborts the process with a message naming the world when no server can be reached: the
  // C API has no way to report it, and a client that silently never answers would hang tglink.
  int create_client();
  void send(int client_id, std::string_view request);
  std::optional<std::string> receive(double timeout_seconds);
  std::string execute(std::string_view request);

 private:
  void connect();
  void read_loop();
  void connection_lost();
  bool write(const Frame& frame);

  WorldPaths paths_;
  RequestLog request_log_{RequestLog::path_from_environment()};
  OutputQueue output_;
  std::mutex create_mutex_;  // one td_create_client_id at a time: answers come in order
  std::mutex write_mutex_;   // one frame at a time on the connection
  std::mutex mutex_;         // guards what follows
  std::condition_variable created_ready_;
  int fd_ = -1;
  bool lost_ = false;
  std::deque<int> created_;  // client ids answered and not yet returned
  std::set<int> clients_;
  std::thread reader_;
};

}  // namespace tglink::sim
