#include "sim/output_queue.hpp"

#include <utility>

namespace tglink::sim {

void OutputQueue::push(Output message) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    messages_.push_back(std::move(message));
  }
  ready_.notify_one();
}

std::optional<Output> OutputQueue::pop(std::chrono::duration<double> timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!ready_.wait_for(lock, timeout, [this] { return !messages_.empty(); })) {
    return std::nullopt;
  }
  Output message = std::move(messages_.front());
  messages_.pop_front();
  return message;
}

}  // namespace tglink::sim
