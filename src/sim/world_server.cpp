#include "sim/world_server.hpp"

#include <cerrno>
#include <utility>

#include <sys/socket.h>
#include <unistd.h>

namespace tglink::sim {

WorldServer::WorldServer(Simulator& simulator, const std::string& tdjson_socket)
    : simulator_(simulator), path_(tdjson_socket) {
  listen_fd_ = listen_unix(path_, "the world's TDLib socket");
  router_ = std::thread([this] { route_loop(); });
  acceptor_ = std::thread([this] { accept_loop(); });
}

WorldServer::~WorldServer() {
  stopping_ = true;
  ::shutdown(listen_fd_, SHUT_RDWR);
  if (acceptor_.joinable()) acceptor_.join();
  ::close(listen_fd_);
  ::unlink(path_.c_str());
  std::set<std::shared_ptr<Connection>> open;
  {
    std::lock_guard<std::mutex> lock(connections_mutex_);
    open = connections_;
  }
  // Each reader sees the end of its stream and closes its connection.
  for (const auto& connection : open) ::shutdown(connection->fd, SHUT_RDWR);
  for (const auto& connection : open) {
    if (connection->reader.joinable()) connection->reader.join();
  }
  join_finished();
  if (router_.joinable()) router_.join();
}

void WorldServer::accept_loop() {
  while (!stopping_) {
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      return;  // the listening socket was shut down
    }
    join_finished();
    auto connection = std::make_shared<Connection>();
    connection->fd = fd;
    std::lock_guard<std::mutex> lock(connections_mutex_);
    connections_.insert(connection);
    connection->writer = std::thread([this, raw = connection.get()] { write_loop(*raw); });
    connection->reader = std::thread([this, connection] { read_loop(connection); });
  }
}

void WorldServer::read_loop(const std::shared_ptr<Connection>& connection) {
  while (std::optional<Frame> frame = read_frame(connection->fd)) {
    if (frame->kind == FrameKind::kCreateClient) {
      create_client(connection);
    } else if (frame->kind == FrameKind::kSend) {
      bool owned = false;
      {
        std::lock_guard<std::mutex> lock(routing_mutex_);
        owned = connection->clients.count(frame->client_id) > 0;
      }
      // A process reaches only its own clients, as each TDLib has only its own.
      if (owned) simulator_.send(frame->client_id, frame->payload);
    } else {
      break;  // only the server sends the other kinds: a broken peer
    }
  }
  close_connection(connection);
}

void WorldServer::create_client(const std::shared_ptr<Connection>& connection) {
  int client_id = 0;
  {
    std::lock_guard<std::mutex> lock(routing_mutex_);
    client_id = simulator_.create_client();
    owners_[client_id] = connection;
    connection->clients.insert(client_id);
  }
  enqueue(*connection, Frame{FrameKind::kClientCreated, client_id, {}});
}

void WorldServer::close_connection(const std::shared_ptr<Connection>& connection) {
  std::set<int> clients;
  {
    std::lock_guard<std::mutex> lock(routing_mutex_);
    clients = std::move(connection->clients);
    connection->clients.clear();
    for (int client_id : clients) {
      owners_.erase(client_id);
      simulator_.end_client(client_id);
    }
  }
  {
    std::lock_guard<std::mutex> lock(connection->mutex);
    connection->closing = true;
  }
  connection->ready.notify_all();
  ::shutdown(connection->fd, SHUT_RDWR);
  std::lock_guard<std::mutex> lock(connections_mutex_);
  connections_.erase(connection);
  finished_.push_back(connection);
}

void WorldServer::join_finished() {
  std::deque<std::shared_ptr<Connection>> finished;
  {
    std::lock_guard<std::mutex> lock(connections_mutex_);
    finished.swap(finished_);
  }
  for (const auto& connection : finished) {
    // A reader may be the caller's own thread only through close_connection, which never joins.
    if (connection->reader.joinable() &&
        connection->reader.get_id() != std::this_thread::get_id()) {
      connection->reader.join();
    }
    if (connection->writer.joinable()) connection->writer.join();
    ::close(connection->fd);
  }
}

void WorldServer::enqueue(Connection& connection, Frame frame) {
  {
    std::lock_guard<std::mutex> lock(connection.mutex);
    if (connection.closing) return;
    connection.outgoing.push_back(std::move(frame));
  }
  connection.ready.notify_one();
}

void WorldServer::write_loop(Connection& connection) {
  for (;;) {
    Frame frame;
    {
      std::unique_lock<std::mutex> lock(connection.mutex);
      connection.ready.wait(lock,
                            [&] { return connection.closing || !connection.outgoing.empty(); });
      if (connection.closing) return;
      frame = std::move(connection.outgoing.front());
      connection.outgoing.pop_front();
    }
    if (!write_frame(connection.fd, frame)) return;  // the reader sees the end too
  }
}

void WorldServer::route_loop() {
  while (!stopping_) {
    std::optional<Output> output = simulator_.receive(0.1);
    if (!output) continue;
    std::lock_guard<std::mutex> lock(routing_mutex_);
    auto owner = owners_.find(output->client_id);
    // A client whose process is gone: nobody reads its updates any more.
    if (owner == owners_.end()) continue;
    enqueue(*owner->second, Frame{FrameKind::kOutput, output->client_id, std::move(output->text)});
  }
}

}  // namespace tglink::sim
