#include "http/counting_channel.hpp"

namespace tglink {

boost::asio::awaitable<void> CountingChannel::send(HttpResponse response) {
  co_await inner_.send(std::move(response));
}

boost::asio::awaitable<void> CountingChannel::begin_body(HttpResponse head,
                                                         std::uint64_t content_length) {
  co_await inner_.begin_body(std::move(head), content_length);
}

boost::asio::awaitable<bool> CountingChannel::write(std::span<const char> bytes) {
  const bool ok = co_await inner_.write(bytes);
  if (ok) count(bytes.size());
  co_return ok;
}

boost::asio::awaitable<bool> CountingChannel::write_file(int fd, std::uint64_t offset,
                                                         std::uint64_t length) {
  const bool ok = co_await inner_.write_file(fd, offset, length);
  if (ok) count(length);
  co_return ok;
}

void CountingChannel::count(std::uint64_t bytes) {
  sent_ += bytes;
  if (on_sent_) on_sent_(bytes);
}

}  // namespace tglink
