#pragma once
// Waiting in a scenario for what tglink does in its own time (a reply, a button, a post): the
// limit only turns a hang into a failure, never a timing assertion.

#include <chrono>
#include <thread>

namespace tglink::testing {

// Polls `condition` every `poll` until it holds; false once `limit` has passed.
template <typename Condition>
bool eventually(Condition condition,
                std::chrono::steady_clock::duration limit = std::chrono::seconds(30),
                std::chrono::milliseconds poll = std::chrono::milliseconds(100)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(poll);
  }
  return condition();
}

}  // namespace tglink::testing
