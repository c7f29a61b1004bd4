#pragma once
// A ResponseChannel that passes everything through to another one and counts the body bytes
// that reached the connection toward the monthly bandwidth, as they go. Internal to the file
// handlers.
//
// Counting: bodies are written in slices of at most kCountingSlice bytes, and after each slice
// the bytes the inner channel took are counted, whether the slice completed or the client went
// away halfway through it. So a client that leaves early is counted exactly (to within the TCP
// buffers the kernel had already accepted), and /api/info sees a long transfer grow.
//
// Bound: once the month's limit is reached, a transfer under way sends at most
// kLimitOverrunBound more bytes, counted from the moment the limit was reached: the slice in
// flight at that moment (at most kCountingSlice) plus kLimitOverrunBound - kCountingSlice more.
// Then write() answers false and stopped_by_limit() is true; the handler closes the connection.
// New transfers are refused with 429 before they start (file_handler.hpp).

#include <cstdint>
#include <functional>

#include "http/response_channel.hpp"

namespace tglink {

// How many bytes a transfer under way may still send once the month's limit is reached.
inline constexpr std::uint64_t kLimitOverrunBound = 16ULL * 1024 * 1024;
// The largest body write handed on at once: the step at which bytes are counted.
inline constexpr std::uint64_t kCountingSlice = 1024ULL * 1024;

class CountingChannel final : public ResponseChannel {
 public:
  using OnSent = std::function<void(std::uint64_t bytes)>;
  using LimitReached = std::function<bool()>;

  // `limit_reached` empty = no monthly limit.
  CountingChannel(ResponseChannel& inner, OnSent on_sent, LimitReached limit_reached = {})
      : inner_(inner), on_sent_(std::move(on_sent)), limit_reached_(std::move(limit_reached)) {}

  void add_common_header(std::string name, std::string value) override {
    inner_.add_common_header(std::move(name), std::move(value));
  }
  boost::asio::awaitable<void> send(HttpResponse response) override;
  boost::asio::awaitable<void> begin_body(HttpResponse head, std::uint64_t content_length) override;
  boost::asio::awaitable<bool> write(std::span<const char> bytes) override;
  boost::asio::awaitable<bool> write_file(int fd, ByteRange bytes) override;
  void abort() override { inner_.abort(); }
  [[nodiscard]] bool started() const override { return inner_.started(); }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return sent_; }

  // True when a write was refused because the month's limit was reached and this transfer had
  // used its overrun allowance.
  [[nodiscard]] bool stopped_by_limit() const { return stopped_by_limit_; }

 private:
  // The size of the next slice of a write of `wanted` bytes; 0 when the limit allows none.
  std::uint64_t next_slice(std::uint64_t wanted);
  // Counts what the inner channel took since `before`.
  void count_since(std::uint64_t before);

  ResponseChannel& inner_;
  OnSent on_sent_;
  LimitReached limit_reached_;
  std::uint64_t sent_ = 0;
  bool slice_past_limit_ = false;  // the slice under way began with the limit reached
  std::uint64_t past_limit_ = 0;   // bytes of slices that began with the limit reached
  bool stopped_by_limit_ = false;
};

}  // namespace tglink
