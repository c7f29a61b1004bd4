#pragma once
// Waiting in a test for what the code under test does in its own time (a reply, a button, a
// post, a leader, a byte count): the one poll loop of the test tree, with named defaults. A
// limit only turns a hang into a failure, never a timing assertion; it is generous (a loaded
// two-core machine under ASan) and only a failing test ever waits it out.

#include <chrono>
#include <thread>

namespace tglink::testing {

// How long a wait lasts before it counts as a hang.
inline constexpr std::chrono::seconds kHangLimit{60};
// How often a wait looks again: often enough that a passing test loses little time, seldom
// enough that the looking (an HTTP request, a control-socket call) is no load.
inline constexpr std::chrono::milliseconds kPollEvery{50};
// How long a chat scenario waits for a bot's answer, in the milliseconds the simulator's
// wait_messages takes.
inline constexpr int kBotReplyWaitMs = 60000;

// Polls `condition` every `poll` until it holds; false once `limit` has passed (it is looked at
// once more at the limit, so a condition that came true meanwhile still counts).
template <typename Condition>
bool eventually(Condition condition, std::chrono::steady_clock::duration limit = kHangLimit,
                std::chrono::steady_clock::duration poll = kPollEvery) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(poll);
  }
  return condition();
}

}  // namespace tglink::testing
