#include "http/socket_writer.hpp"

#include <algorithm>
#include <cerrno>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
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
// A chunk of a large body: one turn in the SendLane. With 500 fast readers and 4 turns a round,
// short work waits for about 1 MiB of sends instead of a pass over every connection.
constexpr std::uint64_t kChunk = 256 << 10;
// A body at most this long is sent without waiting for a turn: it costs the I/O thread no more
// than the lane's bookkeeping would.
constexpr std::uint64_t kStraightOut = 64 << 10;
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

SocketWriter::SocketWriter(tcp::socket& socket, SendLane& lane,
                           std::chrono::milliseconds write_timeout)
    : socket_(socket), lane_(lane), write_timeout_(write_timeout) {
  // Asio keeps the mode it set, so asking costs no system call; setting it costs one.
  if (!socket_.native_non_blocking()) socket_.native_non_blocking(true);
}

asio::awaitable<std::uint64_t> SocketWriter::write(std::span<const char> bytes, bool more) {
  const int flags = MSG_NOSIGNAL | (more ? MSG_MORE : 0);
  co_return co_await send_all(bytes.size(), [&](std::uint64_t written, std::uint64_t most) {
    return ::send(socket_.native_handle(), bytes.data() + written, std::min(most, kChunk), flags);
  });
}

asio::awaitable<std::uint64_t> SocketWriter::write_file(int fd, ByteRange bytes) {
  auto position = static_cast<off_t>(bytes.begin);
  co_return co_await send_all(bytes.length(), [&](std::uint64_t, std::uint64_t most) {
    return ::sendfile(socket_.native_handle(), fd, &position, std::min(most, kChunk));
  });
}

asio::awaitable<std::uint64_t> SocketWriter::send_all(std::uint64_t length, SendSome send_some) {
  const bool takes_turns = length > kStraightOut;
  std::uint64_t written = 0;
  while (written < length) {
    if (takes_turns) {
      co_await lane_.turn();
    }
    const ssize_t sent = send_some(written, length - written);
    const Step step = classify(sent);
    if (step == Step::kSent) {
      written += static_cast<std::uint64_t>(sent);
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
