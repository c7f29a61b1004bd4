#pragma once
// Runs an io_context until a condition holds. The limit only turns a hang into a failure; it is
// generous on purpose (kHangLimit, support/eventually.hpp) and no test asserts how long anything
// took.

#include <chrono>
#include <functional>

#include <boost/asio/io_context.hpp>

#include "support/eventually.hpp"

namespace tglink::testing {

// True when condition() became true; false when the limit passed first.
inline bool run_until(boost::asio::io_context& io, const std::function<bool()>& condition,
                      std::chrono::steady_clock::duration limit = kHangLimit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    io.restart();
    io.run_for(std::chrono::milliseconds(20));
  }
  return true;
}

// Runs the handlers that are ready, and those they make ready, until none is: every piece of
// work started so far then waits on something outside the io_context (a timer not yet due, an
// answer not yet given, the next update). That is the point to check that something was not
// done; a fixed few milliseconds would pass on a machine too slow to have done it yet. False
// when work kept coming until the limit.
inline bool run_until_idle(boost::asio::io_context& io,
                           std::chrono::steady_clock::duration limit = kHangLimit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  io.restart();
  while (io.poll() > 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    io.restart();
  }
  return true;
}

}  // namespace tglink::testing
