#include "serving/counting_channel.hpp"

#include <algorithm>

namespace tglink {

namespace {

// What a transfer may send in slices that begin with the limit reached: the slice that was in
// flight when the limit was reached may already have carried up to kCountingSlice past it.
constexpr std::uint64_t kAllowancePastLimit = kLimitOverrunBound - kCountingSlice;

}  // namespace

boost::asio::awaitable<void> CountingChannel::send(HttpResponse response) {
  co_await inner_.send(std::move(response));
}

boost::asio::awaitable<void> CountingChannel::begin_body(HttpResponse head,
                                                         std::uint64_t content_length) {
  co_await inner_.begin_body(std::move(head), content_length);
}

boost::asio::awaitable<bool> CountingChannel::write(std::span<const char> bytes) {
  while (!bytes.empty()) {
    const std::uint64_t slice = next_slice(bytes.size());
    if (slice == 0) co_return false;
    const std::uint64_t before = inner_.body_bytes_sent();
    const bool ok = co_await inner_.write(bytes.first(slice));
    count_since(before);
    if (!ok) co_return false;
    bytes = bytes.subspan(slice);
  }
  co_return true;
}

boost::asio::awaitable<bool> CountingChannel::write_file(int fd, ByteRange bytes) {
  while (!bytes.empty()) {
    const std::uint64_t slice = next_slice(bytes.length());
    if (slice == 0) co_return false;
    const std::uint64_t before = inner_.body_bytes_sent();
    const ByteRange piece = ByteRange::starting_at(bytes.begin, slice);
    const bool ok = co_await inner_.write_file(fd, piece);
    count_since(before);
    if (!ok) co_return false;
    bytes = bytes.without_first(slice);
  }
  co_return true;
}

std::uint64_t CountingChannel::next_slice(std::uint64_t wanted) {
  std::uint64_t slice = std::min(wanted, kCountingSlice);
  slice_past_limit_ = limit_reached_ && limit_reached_();
  if (slice_past_limit_) {
    slice = std::min(slice, kAllowancePastLimit - past_limit_);
    stopped_by_limit_ = slice == 0;
  }
  return slice;
}

void CountingChannel::count_since(std::uint64_t before) {
  const std::uint64_t bytes = inner_.body_bytes_sent() - before;
  if (bytes == 0) return;
  sent_ += bytes;
  if (slice_past_limit_) past_limit_ += bytes;
  if (on_sent_) on_sent_(bytes);
}

}  // namespace tglink
