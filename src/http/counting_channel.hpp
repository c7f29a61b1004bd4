#pragma once
// A ResponseChannel that passes everything through to another one and reports each body chunk
// that was written successfully, so bytes count toward the monthly bandwidth as they are sent
// rather than when the transfer ends. Internal to the file handlers.

#include <functional>

#include "http/response_channel.hpp"

namespace tglink {

class CountingChannel final : public ResponseChannel {
 public:
  using OnSent = std::function<void(std::uint64_t bytes)>;

  CountingChannel(ResponseChannel& inner, OnSent on_sent)
      : inner_(inner), on_sent_(std::move(on_sent)) {}

  void add_common_header(std::string name, std::string value) override {
    inner_.add_common_header(std::move(name), std::move(value));
  }
  boost::asio::awaitable<void> send(HttpResponse response) override;
  boost::asio::awaitable<void> begin_body(HttpResponse head, std::uint64_t content_length) override;
  boost::asio::awaitable<bool> write(std::span<const char> bytes) override;
  boost::asio::awaitable<bool> write_file(int fd, std::uint64_t offset,
                                          std::uint64_t length) override;
  void abort() override { inner_.abort(); }
  [[nodiscard]] bool started() const override { return inner_.started(); }

  [[nodiscard]] std::uint64_t body_bytes_sent() const { return sent_; }

 private:
  void count(std::uint64_t bytes);

  ResponseChannel& inner_;
  OnSent on_sent_;
  std::uint64_t sent_ = 0;
};

}  // namespace tglink
