#pragma once
// A raw TCP connection to the server under test, for conformance tests: bytes go out exactly as
// written and responses are split by hand, so no client library can tidy up what the server
// really sent (a duplicate header, a missing Content-Length, an extra response after a
// smuggled request).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tglink::testing {

struct RawResponse {
  int status = 0;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased, in order
  std::string body;

  // The value of the only line of `lower_name`, or nullopt when there is none. A field sent
  // twice fails the calling test (a conformance test always wants to know).
  [[nodiscard]] std::optional<std::string> header(std::string_view lower_name) const;
  [[nodiscard]] std::size_t count(std::string_view lower_name) const;
};

class RawHttpSocket {
 public:
  // Connects to 127.0.0.1:port. Reads give up after `read_limit_seconds` of silence, so a
  // server that never answers fails the test instead of hanging it.
  explicit RawHttpSocket(std::uint16_t port, int read_limit_seconds = 20);
  ~RawHttpSocket();
  RawHttpSocket(const RawHttpSocket&) = delete;
  RawHttpSocket& operator=(const RawHttpSocket&) = delete;

  void send(std::string_view bytes);

  // The next response. Its body is read by Content-Length, or up to the close when there is
  // none; 1xx, 204 and 304 answers and answers to HEAD (`to_head`) have none. nullopt when
  // the connection closes (or falls silent) before a whole head arrives.
  [[nodiscard]] std::optional<RawResponse> read_response(bool to_head = false);

  // True when the server closes the connection with nothing more sent.
  [[nodiscard]] bool closed_by_server();

 private:
  // Reads more into buffer_; false at close or silence.
  bool fill();

  int fd_ = -1;
  std::string buffer_;
};

}  // namespace tglink::testing
