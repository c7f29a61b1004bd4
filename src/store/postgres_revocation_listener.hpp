#pragma once
// Tells a node of every link revoked on any node sharing its PostgreSQL, so its file routes can
// check links in memory (links/revoked_links.hpp) and still refuse a revoked link everywhere.
//
// A thread of its own holds a dedicated connection that LISTENs on "tglink_revocations", the
// channel PostgresStore's revocations NOTIFY when they commit (one notification per link, its
// message id as payload). On every (re)connection it first LISTENs, then reads every revocation,
// so nothing revoked while it was away is missed. A lost connection is retried every second;
// while it is down listening() is false, and the service re-reads all revocations every
// kRevocationRefreshEvery through the store instead (app/service.cpp), which bounds the lag.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace tglink {

class Log;
class PgConnection;

inline constexpr const char* kRevocationChannel = "tglink_revocations";
// How often a node whose listener is down re-reads every revocation: the longest a revocation
// made on another node may take to stop a link here (README, settings: DATABASE_URL).
inline constexpr std::chrono::seconds kRevocationRefreshEvery{5};

class PostgresRevocationListener {
 public:
  // Called on the listener's thread with the message ids it learned of.
  using RevokedCallback = std::function<void(const std::vector<std::int64_t>& message_ids)>;

  // Starts listening at once; `url` as for PostgresStore.
  PostgresRevocationListener(std::string url, RevokedCallback on_revoked, Log& log);
  // Stops within one poll interval and joins the thread.
  ~PostgresRevocationListener();
  PostgresRevocationListener(const PostgresRevocationListener&) = delete;
  PostgresRevocationListener& operator=(const PostgresRevocationListener&) = delete;

  // True while the connection is up and every revocation before now has been passed on.
  [[nodiscard]] bool listening() const { return listening_.load(); }

 private:
  void run(const std::stop_token& stop);
  // One connection's life: returns when `stop` is requested; throws StoreError when it is lost.
  void listen_until_lost(const std::stop_token& stop);
  void read_everything(PgConnection& connection);
  void pass_on(const std::vector<std::string>& payloads);

  std::string url_;
  RevokedCallback on_revoked_;
  Log& log_;
  std::atomic<bool> listening_{false};
  std::jthread thread_;  // last: started once everything it uses is made
};

}  // namespace tglink
