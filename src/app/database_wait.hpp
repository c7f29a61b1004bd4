#pragma once
// At start, a PostgreSQL server that is not up yet is waited for, DATABASE_WAIT seconds at most,
// instead of exiting at once: compose without health-gated start (podman-compose), pods and
// PaaS start the database and tglink in no fixed order. Each failed try is logged with the
// time left; mistakes that waiting cannot mend (a wrong password, a missing database) end the
// wait at once.

#include <chrono>
#include <functional>
#include <string_view>

#include "app/open_store.hpp"
#include "core/clock.hpp"

namespace tglink {

class Log;

struct DatabaseWait {
  std::chrono::seconds total{60};  // DATABASE_WAIT
  std::chrono::seconds pause{2};   // between tries
};

// Whether a store error may go away by itself: the server refuses or cannot be found yet, or
// is still starting up. Not for refused credentials or a database that does not exist.
[[nodiscard]] bool may_come_up_later(std::string_view error);

// Calls `open` until it succeeds, fails for good, or `wait.total` has passed by `clock`; then
// rethrows the last StoreError. `sleep` waits (std::this_thread::sleep_for; a fake in tests).
[[nodiscard]] OpenedStore open_store_waiting(const std::function<OpenedStore()>& open,
                                             const DatabaseWait& wait, const Clock& clock,
                                             const std::function<void(std::chrono::seconds)>& sleep,
                                             Log& log);

}  // namespace tglink
