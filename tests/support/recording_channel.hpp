#pragma once
// A ResponseChannel that records what a handler sends: the head (from send() or begin_body()),
// the announced length, the size of every write, and the body bytes, reading write_file's bytes
// with pread as sendfile would. It can play a client that goes away after `capacity` body
// bytes, part-way through a write as a real one does. With keep_bytes off it only counts, for
// tests that push more bytes than are worth keeping, or write_file with a descriptor that is no
// file.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/awaitable.hpp>
#include <sys/types.h>
#include <unistd.h>

#include "http/response_channel.hpp"

namespace tglink::testing {

class RecordingChannel final : public ResponseChannel {
 public:
  struct Options {
    std::uint64_t capacity = std::numeric_limits<std::uint64_t>::max();
    bool keep_bytes = true;
  };

  RecordingChannel() = default;
  explicit RecordingChannel(Options options) : options_(options) {}

  void add_common_header(std::string, std::string) override {}

  boost::asio::awaitable<void> send(HttpResponse response) override {
    content_length_ = response.body.size();
    const std::string body = response.body;
    response_ = std::move(response);
    take(body);
    co_return;
  }

  boost::asio::awaitable<void> begin_body(HttpResponse head,
                                          std::uint64_t content_length) override {
    response_ = std::move(head);
    content_length_ = content_length;
    co_return;
  }

  boost::asio::awaitable<bool> write(std::span<const char> bytes) override {
    co_return take(std::string_view(bytes.data(), bytes.size()));
  }

  boost::asio::awaitable<bool> write_file(int fd, ByteRange range) override {
    if (!options_.keep_bytes) co_return take_count(range.length());
    std::string bytes(range.length(), '\0');
    const ssize_t got = ::pread(fd, bytes.data(), bytes.size(), static_cast<off_t>(range.begin));
    if (got != static_cast<ssize_t>(bytes.size())) co_return false;
    co_return take(bytes);
  }

  void abort() override { aborted_ = true; }
  [[nodiscard]] bool started() const override { return response_.has_value(); }
  [[nodiscard]] std::uint64_t body_bytes_sent() const override { return sent_; }

  [[nodiscard]] const std::optional<HttpResponse>& response() const { return response_; }
  [[nodiscard]] int status() const { return response_ ? response_->status : 0; }
  [[nodiscard]] std::string header(std::string_view name) const {
    return std::string(response_ ? response_->header(name).value_or("") : "");
  }
  [[nodiscard]] const std::optional<std::uint64_t>& content_length() const {
    return content_length_;
  }
  [[nodiscard]] const std::string& body() const { return body_; }
  // The length of every body write asked for, taken whole or not.
  [[nodiscard]] const std::vector<std::uint64_t>& writes() const { return writes_; }
  [[nodiscard]] bool aborted() const { return aborted_; }

 private:
  // Takes what the client still accepts; true when it took all of `bytes`.
  bool take(std::string_view bytes) {
    const std::uint64_t before = sent_;
    const bool whole = take_count(bytes.size());
    if (options_.keep_bytes) body_.append(bytes.substr(0, sent_ - before));
    return whole;
  }

  bool take_count(std::uint64_t length) {
    writes_.push_back(length);
    const std::uint64_t taken = std::min(length, options_.capacity - sent_);
    sent_ += taken;
    return taken == length;
  }

  Options options_;
  std::optional<HttpResponse> response_;
  std::optional<std::uint64_t> content_length_;
  std::string body_;
  std::vector<std::uint64_t> writes_;
  std::uint64_t sent_ = 0;
  bool aborted_ = false;
};

}  // namespace tglink::testing
