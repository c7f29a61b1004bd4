#pragma once
// What each link served: downloads and body bytes per link, for /mylinks and the admin
// /stats <user>. The file routes count on every body write, so counting only adds in memory;
// flush() writes everything pending in one store transaction (Store::add_link_traffic), and the
// service calls it every few seconds and once more at shutdown, like the bandwidth counter.
//
// A download is a body that starts at byte 0 (a 200, or a 206 from the first byte): a player
// that seeks asks for later ranges, which add bytes but not downloads.
//
// Thread-safe, though the service calls it from its one I/O thread.

#include <cstdint>
#include <map>
#include <mutex>

#include "store/store.hpp"

namespace tglink {

class LinkTrafficMeter {
 public:
  explicit LinkTrafficMeter(Store& store) : store_(store) {}

  // `message_id` names the link (LinkRecord::message_id).
  void count_download(std::int64_t message_id);
  void count_bytes(std::int64_t message_id, std::uint64_t bytes);

  // Writes the pending counts to the store. On StoreError they stay pending (nothing is lost or
  // counted twice) and the error is rethrown for the caller to log.
  void flush();

  // What is counted for the link and not flushed yet.
  [[nodiscard]] LinkTraffic pending(std::int64_t message_id);

 private:
  Store& store_;
  std::mutex mutex_;
  std::map<std::int64_t, LinkTraffic> pending_;
};

}  // namespace tglink
