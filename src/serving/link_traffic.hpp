#pragma once
// What each link served: downloads and body bytes per link, for /mylinks and the admin
// /stats <user>. The file routes count on every body write, so counting only adds in memory;
// flush() writes everything pending in one store transaction (Store::add_link_traffic), and the
// service calls it every few seconds and once more at shutdown, like the bandwidth counter.
//
// A download is a body that starts at byte 0 (a 200, or a 206 from the first byte): a player
// that seeks asks for later ranges, which add bytes but not downloads.
//
// Thread-safe: the file routes count on the I/O thread while flush() may run on the store
// executor's worker (store/store_executor.hpp); the store is called without the counting lock
// held, so a slow database never holds up a body write. One flush at a time.

#include <cstdint>
#include <map>
#include <mutex>

#include "core/clock.hpp"
#include "store/store.hpp"

namespace tglink {

class LinkTrafficMeter {
 public:
  // With `clock`, each flush also counts the bytes on that UTC day (Store::add_link_traffic_on_day:
  // the dashboard's top files of the week).
  explicit LinkTrafficMeter(Store& store, const Clock* clock = nullptr)
      : store_(store), clock_(clock) {}

  // `message_id` names the link (LinkRecord::message_id).
  void count_download(std::int64_t message_id);
  void count_bytes(std::int64_t message_id, std::uint64_t bytes);

  // Writes the pending counts to the store. On StoreError they stay pending (nothing is lost or
  // counted twice) and the error is rethrown for the caller to log.
  void flush();

  // What is counted for the link and not stored yet (a flush under way included).
  [[nodiscard]] LinkTraffic pending(std::int64_t message_id);

 private:
  // After a failed flush: adds what was taken back to what was counted meanwhile.
  void give_back(const std::map<std::int64_t, LinkTraffic>& taken);

  Store& store_;
  const Clock* clock_;
  std::mutex mutex_;
  std::map<std::int64_t, LinkTraffic> pending_;
  std::map<std::int64_t, LinkTraffic> flushing_;  // taken by a flush under way, not stored yet
};

}  // namespace tglink
