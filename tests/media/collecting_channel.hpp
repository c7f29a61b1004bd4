#pragma once
// A ResponseChannel that keeps the body bytes it is given, reading write_file's bytes with
// pread as sendfile would. It can play a client that goes away after some bytes.

#include <cstdint>
#include <limits>
#include <string>

#include <unistd.h>

#include "http/response_channel.hpp"

namespace tglink::testing {

class CollectingChannel final : public ResponseChannel {
 public:
  void add_common_header(std::string, std::string) override {}
  boost::asio::awaitable<void> send(HttpResponse) override {
    started_ = true;
    co_return;
  }
  boost::asio::awaitable<void> begin_body(HttpResponse, std::uint64_t) override {
    started_ = true;
    co_return;
  }
  boost::asio::awaitable<bool> write(std::span<const char> bytes) override {
    co_return take(std::string(bytes.data(), bytes.size()));
  }
  boost::asio::awaitable<bool> write_file(int fd, ByteRange range) override {
    std::string bytes(range.length(), '\0');
    const ssize_t got = ::pread(fd, bytes.data(), range.length(), static_cast<off_t>(range.begin));
    if (got != static_cast<ssize_t>(range.length())) {
      short_reads_++;
      co_return false;
    }
    ++file_writes_;
    co_return take(std::move(bytes));
  }
  void abort() override { aborted_ = true; }
  [[nodiscard]] bool started() const override { return started_; }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return body_.size(); }

  // The client goes away once it has received this many bytes.
  void close_after(std::uint64_t bytes) { close_after_ = bytes; }
  [[nodiscard]] const std::string& body() const { return body_; }
  [[nodiscard]] int file_writes() const { return file_writes_; }
  [[nodiscard]] int short_reads() const { return short_reads_; }

 private:
  bool take(std::string bytes) {
    if (body_.size() >= close_after_) return false;
    body_ += bytes;
    return true;
  }

  std::string body_;
  std::uint64_t close_after_ = std::numeric_limits<std::uint64_t>::max();
  int file_writes_ = 0;
  int short_reads_ = 0;
  bool started_ = false;
  bool aborted_ = false;
};

}  // namespace tglink::testing
