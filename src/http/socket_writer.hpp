#pragma once
// Writes response bodies to a client's socket without blocking the I/O thread, and waits while
// the client reads them, however slowly. Internal to http/.
//
// A client is judged by whether it reads, not by how fast: while the socket is full, the writer
// watches the kernel's queue of bytes not yet acknowledged by the client (SIOCOUTQ). Any shrink
// is progress. Only a client that has taken nothing for a whole write timeout is given up on.
// Waiting for the socket to become writable again is not that test: Linux reports it writable
// only once a third of a send buffer of megabytes has drained, which a 100 KiB/s reader takes
// longer than any sensible timeout to do.
//
// A large body is sent in chunks, each after a turn in the server's SendLane, so that hundreds
// of busy connections don't keep short answers waiting. A body that fits in one small write
// (an /api/info answer, a page, a playlist) goes straight out.

#include <chrono>
#include <cstdint>
#include <functional>
#include <span>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <sys/types.h>

#include "core/byte_range.hpp"
#include "http/send_lane.hpp"

namespace tglink {

class SocketWriter {
 public:
  // The socket is put in non-blocking mode (once: a writer is made per answer, and the mode
  // stays); it and the lane must outlive the writer.
  SocketWriter(boost::asio::ip::tcp::socket& socket, SendLane& lane,
               std::chrono::milliseconds write_timeout);

  // Bytes handed to the kernel: all of them, or fewer when the client went away or read nothing
  // for the write timeout. With `more`, the kernel may hold them until the next write (MSG_MORE),
  // at most 200 ms.
  boost::asio::awaitable<std::uint64_t> write(std::span<const char> bytes, bool more = false);
  // The same, straight from a file with sendfile.
  boost::asio::awaitable<std::uint64_t> write_file(int fd, ByteRange bytes);

  // True once a write stopped because the client read nothing for the write timeout.
  [[nodiscard]] bool client_stalled() const { return stalled_; }

 private:
  // One send or sendfile call: given the bytes written so far and the most to send now, what the
  // call answered (bytes sent, or 0 or -1 with errno).
  using SendSome = std::function<ssize_t(std::uint64_t written, std::uint64_t most)>;

  // The loop under write and write_file: `length` bytes in chunks, taking turns on the lane when
  // the body is large, waiting while the client reads nothing.
  boost::asio::awaitable<std::uint64_t> send_all(std::uint64_t length, SendSome send_some);
  // Waits until the socket takes bytes again; false when the client is gone or stalled.
  boost::asio::awaitable<bool> wait_for_reader();

  boost::asio::ip::tcp::socket& socket_;
  SendLane& lane_;
  std::chrono::milliseconds write_timeout_;
  bool stalled_ = false;
};

}  // namespace tglink
