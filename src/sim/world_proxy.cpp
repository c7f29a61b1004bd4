#include "sim/world_proxy.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>

#include <boost/json.hpp>
#include <dlfcn.h>
#include <sys/socket.h>

#include "sim/sync_requests.hpp"
#include "sim/world_starter.hpp"

namespace tglink::sim {
namespace json = boost::json;

namespace {

// tglink-sim-world lies next to this library (build/sim/).
std::string server_binary() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&server_binary), &info) == 0 || info.dli_fname == nullptr) {
    return "tglink-sim-world";
  }
  return (std::filesystem::absolute(info.dli_fname).parent_path() / "tglink-sim-world").string();
}

std::string connecting_update(int client_id) {
  return json::serialize(
      json::object{{"@type", "updateConnectionState"},
                   {"state", json::object{{"@type", "connectionStateConnecting"}}},
                   {"@client_id", client_id}});
}

}  // namespace

WorldProxy* WorldProxy::instance() {
  // Never destroyed, like Simulator::instance(): tglink's receive thread may still be inside
  // td_receive while the process exits.
  static WorldProxy* proxy = []() -> WorldProxy* {
    const char* dir = std::getenv("TGLINK_SIM_WORLD");
    if (dir == nullptr || *dir == 0) return nullptr;
    return new WorldProxy(std::filesystem::absolute(dir).lexically_normal().string());
  }();
  return proxy;
}

WorldProxy::WorldProxy(std::string world_dir) : paths_(std::move(world_dir)) {}

void WorldProxy::connect() {
  try {
    fd_ = connect_to_world(paths_, server_binary());
  } catch (const std::exception& error) {
    std::fprintf(stderr, "TDLib simulator: no world server for TGLINK_SIM_WORLD=%s: %s\n",
                 paths_.dir.c_str(), error.what());
    std::abort();
  }
  reader_ = std::thread([this] { read_loop(); });
  reader_.detach();  // lives as long as the process, like the proxy
}

int WorldProxy::create_client() {
  std::lock_guard<std::mutex> creating(create_mutex_);
  if (fd_ < 0) connect();
  if (!write(Frame{FrameKind::kCreateClient, 0, {}})) ::shutdown(fd_, SHUT_RDWR);
  std::unique_lock<std::mutex> lock(mutex_);
  created_ready_.wait(lock, [this] { return lost_ || !created_.empty(); });
  if (created_.empty()) {
    std::fprintf(stderr, "TDLib simulator: the world server for TGLINK_SIM_WORLD=%s went away\n",
                 paths_.dir.c_str());
    std::abort();
  }
  const int client_id = created_.front();
  created_.pop_front();
  clients_.insert(client_id);
  return client_id;
}

void WorldProxy::send(int client_id, std::string_view request) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Unknown clients are ignored, as TDLib ignores them; a lost world answers nothing.
    if (lost_ || clients_.count(client_id) == 0) return;
  }
  // On failure the reader sees the end of the stream too, and reports it.
  if (!write(Frame{FrameKind::kSend, client_id, std::string(request)})) ::shutdown(fd_, SHUT_RDWR);
}

bool WorldProxy::write(const Frame& frame) {
  std::lock_guard<std::mutex> lock(write_mutex_);
  return write_frame(fd_, frame);
}

std::optional<std::string> WorldProxy::receive(double timeout_seconds) {
  std::optional<Output> output = output_.pop(std::chrono::duration<double>(timeout_seconds));
  if (!output) return std::nullopt;
  return std::move(output->text);
}

std::string WorldProxy::execute(std::string_view request) {
  return execute_request(request, request_log_);
}

void WorldProxy::read_loop() {
  while (std::optional<Frame> frame = read_frame(fd_)) {
    if (frame->kind == FrameKind::kClientCreated) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        created_.push_back(frame->client_id);
      }
      created_ready_.notify_all();
    } else if (frame->kind == FrameKind::kOutput) {
      output_.push(Output{frame->client_id, std::move(frame->payload)});
    }
  }
  connection_lost();
}

void WorldProxy::connection_lost() {
  std::set<int> clients;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    lost_ = true;
    clients = clients_;
  }
  created_ready_.notify_all();
  std::fprintf(stderr, "TDLib simulator: lost the world server of TGLINK_SIM_WORLD=%s\n",
               paths_.dir.c_str());
  for (int client_id : clients) output_.push(Output{client_id, connecting_update(client_id)});
}

}  // namespace tglink::sim
