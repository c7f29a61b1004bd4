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

#include <chrono>
#include <cstdint>
#include <span>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "core/byte_range.hpp"

namespace tglink {

class SocketWriter {
 public:
  // The socket is put in non-blocking mode; it must outlive the writer.
  SocketWriter(boost::asio::ip::tcp::socket& socket, std::chrono::milliseconds write_timeout);

  // Bytes handed to the kernel: all of them, or fewer when the client went away or read nothing
  // for the write timeout.
  boost::asio::awaitable<std::uint64_t> write(std::span<const char> bytes);
  // The same, straight from a file with sendfile.
  boost::asio::awaitable<std::uint64_t> write_file(int fd, ByteRange bytes);

  // True once a write stopped because the client read nothing for the write timeout.
  [[nodiscard]] bool client_stalled() const { return stalled_; }

 private:
  // Waits until the socket takes bytes again; false when the client is gone or stalled.
  boost::asio::awaitable<bool> wait_for_reader();

  boost::asio::ip::tcp::socket& socket_;
  std::chrono::milliseconds write_timeout_;
  bool stalled_ = false;
};

}  // namespace tglink
