#pragma once
// The wire between a process's libtdjson (the proxy, world_proxy.*) and the world server
// (world_server.*) over `<world dir>/tdjson.sock`: frames of a fixed header and a payload, so a
// request may hold any bytes, newlines included. One connection per process; the sessions it
// created live as long as it does.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tglink::sim {

enum class FrameKind : std::uint32_t {
  kCreateClient = 1,  // proxy → server: td_create_client_id
  kClientCreated,     // server → proxy: the new client's id
  kSend,              // proxy → server: td_send(client_id, payload)
  kOutput,            // server → proxy: an answer or update for client_id (payload)
};

struct Frame {
  FrameKind kind = FrameKind::kOutput;
  std::int32_t client_id = 0;
  std::string payload;
};

// The names of the files in a world directory.
struct WorldPaths {
  std::string dir;
  std::string tdjson_socket;   // dir/tdjson.sock: the proxies' connections
  std::string control_socket;  // dir/control.sock: the control protocol (README.md)
  std::string pid_file;        // dir/world.pid: the running server's pid
  std::string server_lock;     // dir/world.lock: held by the running server for its whole life
  std::string start_lock;      // dir/start.lock: held by a process while it starts the server
  std::string log_file;        // dir/world.log: the server's stderr
  explicit WorldPaths(std::string world_dir);
};

// Writes one whole frame; false when the peer is gone.
bool write_frame(int fd, const Frame& frame);
// Reads one whole frame; nothing at end of stream, on error or on a malformed header.
std::optional<Frame> read_frame(int fd);

// A connected Unix stream socket to `path`, or -1 with errno set.
int connect_unix(const std::string& path);
// A listening Unix stream socket on `path` (an old socket file there is replaced); throws
// std::runtime_error naming `what` and the path.
int listen_unix(const std::string& path, std::string_view what);

}  // namespace tglink::sim
