#include "http/socket_writer.hpp"

#include <algorithm>
#include <cerrno>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/socket.h>

namespace tglink {

namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using Steady = std::chrono::steady_clock;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);
// One turn of a connection on the I/O thread: after each chunk the writer yields, so that with
// hundreds of fast readers a new request (/api/info, a seek) waits for hundreds of 256 KiB
// turns, not of whole 1 MiB ranges (issue 20: /api/info p99 with 500 ranges under way).
constexpr std::uint64_t kSendfileChunk = 256 << 10;
// How often a full socket is looked at: a fraction of the timeout, without a wake-up per byte.
// Progress is seen at the next look after it happens, and the timeout is checked at each look, so
// a stalled client is dropped between 1 and 1.5 write timeouts after it last read.
constexpr int kChecksPerTimeout = 4;
constexpr std::chrono::milliseconds kShortestCheck{50};

// Bytes the client has not acknowledged yet (Linux SIOCOUTQ on a TCP socket); -1 if unknown.
int unacknowledged_bytes(int fd) {
  int queued = 0;
  return ::ioctl(fd, SIOCOUTQ, &queued) == 0 ? queued : -1;
}

enum class Step { kSent, kWouldBlock, kBroken };

Step classify(ssize_t result) {
  if (result > 0) return Step::kSent;
  if (result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
    return Step::kWouldBlock;
  }
  return Step::kBroken;  // the client went away, or (sendfile returning 0) the file shrank
}

}  // namespace

SocketWriter::SocketWriter(tcp::socket& socket, std::chrono::milliseconds write_timeout)
    : socket_(socket), write_timeout_(write_timeout) {
  socket_.native_non_blocking(true);
}

asio::awaitable<std::uint64_t> SocketWriter::write(std::span<const char> bytes) {
  std::uint64_t written = 0;
  while (written < bytes.size()) {
    const ssize_t sent = ::send(socket_.native_handle(), bytes.data() + written,
                                bytes.size() - written, MSG_NOSIGNAL);
    const Step step = classify(sent);
    if (step == Step::kSent) {
      written += static_cast<std::uint64_t>(sent);
    } else if (step == Step::kBroken || !co_await wait_for_reader()) {
      break;
    }
  }
  co_return written;
}

asio::awaitable<std::uint64_t> SocketWriter::write_file(int fd, ByteRange bytes) {
  auto position = static_cast<off_t>(bytes.begin);
  std::uint64_t written = 0;
  while (written < bytes.length()) {
    const ssize_t sent = ::sendfile(socket_.native_handle(), fd, &position,
                                    std::min(bytes.length() - written, kSendfileChunk));
    const Step step = classify(sent);
    if (step == Step::kSent) {
      written += static_cast<std::uint64_t>(sent);
      if (written < bytes.length())
        co_await asio::post(socket_.get_executor(), asio::use_awaitable);
    } else if (step == Step::kBroken || !co_await wait_for_reader()) {
      break;
    }
  }
  co_return written;
}

asio::awaitable<bool> SocketWriter::wait_for_reader() {
  using namespace asio::experimental::awaitable_operators;
  const std::chrono::milliseconds check =
      std::max(kShortestCheck, write_timeout_ / kChecksPerTimeout);
  asio::steady_timer timer{socket_.get_executor()};
  int queued = unacknowledged_bytes(socket_.native_handle());
  Steady::time_point last_progress = Steady::now();
  for (;;) {
    timer.expires_after(check);
    auto result =
        co_await (socket_.async_wait(tcp::socket::wait_write, kTuple) || timer.async_wait(kTuple));
    if (result.index() == 0) {
      auto [ec] = std::get<0>(result);
      co_return !ec;
    }
    const int now_queued = unacknowledged_bytes(socket_.native_handle());
    if (now_queued < queued) {
      queued = now_queued;
      last_progress = Steady::now();
    } else if (Steady::now() - last_progress >= write_timeout_) {
      stalled_ = true;
      co_return false;
    }
  }
}

}  // namespace tglink
