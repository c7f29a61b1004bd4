#pragma once
// The one stream td_receive reads: answers and updates of every client, in the order they were
// produced, as serialized JSON with the client they are for (the world server routes them by it).
// Any thread may push; td_receive waits on it.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>

namespace tglink::sim {

struct Output {
  int client_id = 0;
  std::string text;
};

class OutputQueue {
 public:
  void push(Output message);
  // The oldest message, or nothing when none arrives within `timeout`.
  std::optional<Output> pop(std::chrono::duration<double> timeout);

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Output> messages_;
};

}  // namespace tglink::sim
