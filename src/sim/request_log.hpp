#pragma once
// Records one example of every distinct request shape the simulator receives, as JSON lines in
// the file named by TGLINK_SIM_REQUEST_LOG. The contract test replays them into the real
// libtdjson, so "every request tglink sends parses in TDLib" is checked against what tglink
// really sent, not a hand-kept list.

#include <mutex>
#include <set>
#include <string>

#include <boost/json.hpp>

namespace tglink::sim {

class RequestLog {
 public:
  // Logging is off when `path` is empty.
  explicit RequestLog(std::string path) : path_(std::move(path)) {}

  // TGLINK_SIM_REQUEST_LOG, or "" when unset.
  [[nodiscard]] static std::string path_from_environment();

  // Thread-safe. Appends `request` (without "@extra") when its shape is new.
  void record(const boost::json::object& request);

 private:
  std::string path_;
  std::mutex mutex_;
  std::set<std::string> shapes_;
};

}  // namespace tglink::sim
