#include "app/database_wait.hpp"

#include <array>

#include "logging/log.hpp"
#include "store/store.hpp"

namespace tglink {

bool may_come_up_later(std::string_view error) {
  constexpr std::array<std::string_view, 4> kFinal = {"authentication failed", "does not exist",
                                                      "no pg_hba.conf entry", "SSL is not enabled"};
  for (const std::string_view word : kFinal) {
    if (error.find(word) != std::string_view::npos) return false;
  }
  return error.find("cannot connect") != std::string_view::npos;
}

OpenedStore open_store_waiting(const std::function<OpenedStore()>& open, const DatabaseWait& wait,
                               const Clock& clock,
                               const std::function<void(std::chrono::seconds)>& sleep, Log& log) {
  const SteadyTime deadline = clock.steady_now() + wait.total;
  for (int attempt = 1;; ++attempt) {
    try {
      OpenedStore opened = open();
      if (attempt > 1) log.info("The database answered at try {}", attempt);
      return opened;
    } catch (const StoreError& e) {
      const auto left =
          std::chrono::duration_cast<std::chrono::seconds>(deadline - clock.steady_now());
      if (!may_come_up_later(e.what()) || left < wait.pause) {
        if (attempt > 1) {
          log.error("Gave up waiting for the database after {} tries (DATABASE_WAIT={})", attempt,
                    wait.total.count());
        }
        throw;
      }
      log.warning("{}; trying again in {} s ({} s left of DATABASE_WAIT={})", e.what(),
                  wait.pause.count(), left.count(), wait.total.count());
      sleep(wait.pause);
    }
  }
}

}  // namespace tglink
