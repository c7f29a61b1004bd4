#pragma once
// The simulator's control socket: a Unix domain socket that reads one JSON request per line and
// writes one JSON answer per line. Each connection has its own thread, so a request that waits
// (wait_messages) blocks only its own connection.

#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <thread>

#include <boost/json.hpp>

namespace tglink::sim {

class ControlServer {
 public:
  using Handler = std::function<boost::json::object(const boost::json::object&)>;

  // Listens on `path` (an old socket file there is replaced). Throws std::runtime_error.
  ControlServer(std::string path, Handler handler);
  ~ControlServer();
  ControlServer(const ControlServer&) = delete;
  ControlServer& operator=(const ControlServer&) = delete;

 private:
  void accept_loop();
  void serve(int fd);

  std::string path_;
  Handler handler_;
  int listen_fd_ = -1;
  std::mutex mutex_;
  std::list<int> client_fds_;
  std::list<std::thread> clients_;
  std::thread acceptor_;
};

}  // namespace tglink::sim
