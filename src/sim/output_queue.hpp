#pragma once
// The one stream td_receive reads: answers and updates of every client, in the order they were
// produced, as serialized JSON. Any thread may push; td_receive waits on it.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace tglink::sim {

class OutputQueue {
 public:
  void push(std::string message);
  // The oldest message, or nothing when none arrives within `timeout`.
  std::optional<std::string> pop(std::chrono::duration<double> timeout);

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::string> messages_;
};

}  // namespace tglink::sim
