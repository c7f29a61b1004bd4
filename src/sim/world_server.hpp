#pragma once
// The shared world's server side (run by tglink-sim-world): serves the TDLib clients of several
// processes from one Simulator. Each process's libtdjson holds one connection to
// `<dir>/tdjson.sock` (world_protocol.hpp); the clients it creates belong to that connection, and
// when it closes (the process exited or was killed) they end as TDLib would
// (Simulator::end_client).
//
// Threads: one acceptor; per connection a reader (requests, in order) and a writer (its outgoing
// frames, so that a process that stops reading holds up no one else); one router that takes the
// Simulator's output and hands each message to the connection that owns its client.

#include <atomic>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "sim/simulator.hpp"
#include "sim/world_protocol.hpp"

namespace tglink::sim {

class WorldServer {
 public:
  // Listens on `tdjson_socket`; throws std::runtime_error when it cannot.
  WorldServer(Simulator& simulator, const std::string& tdjson_socket);
  ~WorldServer();
  WorldServer(const WorldServer&) = delete;
  WorldServer& operator=(const WorldServer&) = delete;

 private:
  struct Connection {
    int fd = -1;
    std::set<int> clients;  // created over this connection, guarded by routing_mutex_
    std::mutex mutex;
    std::condition_variable ready;
    std::deque<Frame> outgoing;
    bool closing = false;
    std::thread reader;
    std::thread writer;
  };

  void accept_loop();
  void read_loop(const std::shared_ptr<Connection>& connection);
  void write_loop(Connection& connection);
  void route_loop();
  static void enqueue(Connection& connection, Frame frame);
  void create_client(const std::shared_ptr<Connection>& connection);
  // Ends the connection's clients and stops its writer; the threads are joined later.
  void close_connection(const std::shared_ptr<Connection>& connection);
  void join_finished();

  Simulator& simulator_;
  std::string path_;
  int listen_fd_ = -1;
  std::atomic<bool> stopping_{false};
  // Who owns which client: taken around create_client, so the router never sees a new client's
  // first updates before it knows where they go.
  std::mutex routing_mutex_;
  std::map<int, std::shared_ptr<Connection>> owners_;
  std::mutex connections_mutex_;
  std::set<std::shared_ptr<Connection>> connections_;
  std::deque<std::shared_ptr<Connection>> finished_;  // closed, threads to join
  std::thread acceptor_;
  std::thread router_;
};

}  // namespace tglink::sim
