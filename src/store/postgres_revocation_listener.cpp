#include "store/postgres_revocation_listener.hpp"

#include <charconv>
#include <optional>

#include <poll.h>

#include "logging/log.hpp"
#include "store/postgres_connection.hpp"

namespace tglink {

namespace {

// How long one wait for a notification lasts: how soon the thread notices it should stop.
constexpr int kPollMilliseconds = 200;
constexpr std::chrono::milliseconds kRetryEvery{1000};

std::optional<std::int64_t> parse_message_id(const std::string& payload) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(payload.data(), payload.data() + payload.size(), id);
  if (error != std::errc{} || end != payload.data() + payload.size()) return std::nullopt;
  return id;
}

void sleep_unless_stopped(const std::stop_token& stop, std::chrono::milliseconds duration) {
  const auto until = std::chrono::steady_clock::now() + duration;
  while (!stop.stop_requested() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds{kPollMilliseconds});
  }
}

}  // namespace

PostgresRevocationListener::PostgresRevocationListener(std::string url, RevokedCallback on_revoked,
                                                       Log& log)
    : url_(std::move(url)),
      on_revoked_(std::move(on_revoked)),
      log_(log),
      thread_([this](const std::stop_token& stop) { run(stop); }) {}

PostgresRevocationListener::~PostgresRevocationListener() {
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
}

void PostgresRevocationListener::run(const std::stop_token& stop) {
  bool reported_loss = false;
  while (!stop.stop_requested()) {
    try {
      listen_until_lost(stop);
    } catch (const StoreError& e) {
      listening_ = false;
      if (!reported_loss) {
        log_.warning("Revocation listener: {}; re-reading revocations every {} s until it is back",
                     e.what(), kRevocationRefreshEvery.count());
        reported_loss = true;
      }
      sleep_unless_stopped(stop, kRetryEvery);
      continue;
    }
    reported_loss = false;
  }
}

void PostgresRevocationListener::listen_until_lost(const std::stop_token& stop) {
  PgConnection connection(url_);
  connection.exec(std::string("LISTEN ") + kRevocationChannel);
  read_everything(connection);
  listening_ = true;
  while (!stop.stop_requested()) {
    pollfd watched{connection.socket(), POLLIN, 0};
    if (::poll(&watched, 1, kPollMilliseconds) > 0) pass_on(connection.take_notifications());
  }
  listening_ = false;
}

void PostgresRevocationListener::read_everything(PgConnection& connection) {
  const PgResult result = connection.query("SELECT message_id FROM revoked_links", {});
  std::vector<std::int64_t> ids;
  ids.reserve(static_cast<std::size_t>(result.rows()));
  for (int row = 0; row < result.rows(); ++row) ids.push_back(result.int_at(row, 0));
  on_revoked_(ids);
}

void PostgresRevocationListener::pass_on(const std::vector<std::string>& payloads) {
  std::vector<std::int64_t> ids;
  for (const std::string& payload : payloads) {
    if (const std::optional<std::int64_t> id = parse_message_id(payload)) {
      ids.push_back(*id);
    } else {
      log_.warning("Revocation listener: ignored a notification that is no message id: '{}'",
                   payload);
    }
  }
  if (!ids.empty()) on_revoked_(ids);
}

}  // namespace tglink
