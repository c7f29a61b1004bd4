#pragma once
// A raw TCP client for the connection tests: the test decides when, how much and
// whether to read, so a slow, stalled or vanishing client is played exactly. A small receive
// buffer can be fixed before connecting, so that what the client has not read yet stays small
// and known (the kernel would otherwise grow it to megabytes).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tglink::testing {

struct ResponseHead {
  int status = 0;  // 0 when no complete head came
  std::int64_t content_length = -1;
  std::string text;  // the head as received, up to the empty line
};

class RawClient {
 public:
  // Connects to 127.0.0.1:port. `receive_buffer` > 0 sets SO_RCVBUF before connecting. From
  // `source` (another loopback address, "127.0.0.7") when given: a client of its own to the
  // server's per-address limits.
  explicit RawClient(std::uint16_t port, int receive_buffer = 0, std::string_view source = {});
  ~RawClient();
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  [[nodiscard]] bool connected() const { return fd_ >= 0; }
  // SO_RCVBUF as the kernel applied it (it doubles what was asked for).
  [[nodiscard]] std::size_t receive_buffer() const;

  bool send(std::string_view bytes);
  // Reads until the empty line that ends the response head (body bytes after it are kept for
  // the next reads).
  ResponseHead read_head(std::chrono::milliseconds limit = std::chrono::seconds(30));
  // Up to `max` bytes; empty when the server closed the connection or `limit` passed.
  std::string read_some(std::size_t max,
                        std::chrono::milliseconds limit = std::chrono::seconds(30));
  // Reads and counts bytes until the server closes the connection, at most `max` of them or
  // until `limit` passes; returns how many were read.
  std::uint64_t drain(std::uint64_t max,
                      std::chrono::milliseconds limit = std::chrono::seconds(60));
  // True when the server has closed the connection (EOF or reset) within `limit`, reading and
  // discarding anything before that.
  bool closed_by_server(std::chrono::milliseconds limit = std::chrono::seconds(30));
  void close();

 private:
  int fd_ = -1;
  std::string pending_;  // read past the head, not yet handed out
};

// "GET <target> HTTP/1.1" with a Host header; "Connection: close" unless keep_alive.
[[nodiscard]] std::string get_request(std::string_view target, bool keep_alive = true);

// The largest send buffer TCP may grow to (net.ipv4.tcp_wmem, third field): how many bytes
// the server may have handed to the kernel that never reach a client that goes away.
[[nodiscard]] std::uint64_t tcp_send_buffer_max();

}  // namespace tglink::testing
