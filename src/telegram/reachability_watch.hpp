#pragma once
// Notices a bot that has not reached Telegram within a grace period of start (60 s), or has
// lost it for that long, so the service can log one WARNING per such spell that says what to
// check. Pure bookkeeping on the steady clock: the service feeds it every state change and asks
// overdue() now and then (a periodic job), so tests drive it with a fake clock.
//
// "Reached" means TDLib reports its connection ready (or updating): the login itself is
// checked elsewhere, and a refused token is logged as such.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"

namespace tglink {

struct UnreachedBot {
  std::size_t index = 0;
  bool ever_reached = false;  // false: not since start; true: it had, and lost it
};

class ReachabilityWatch {
 public:
  static constexpr std::chrono::seconds kGrace{60};

  ReachabilityWatch(std::size_t bots, SteadyTime start, std::chrono::seconds grace = kGrace);

  void update(std::size_t bot, bool reached, SteadyTime now);

  // Bots unreached for the grace period and not yet reported in this spell; each is reported
  // once until it reaches Telegram again.
  [[nodiscard]] std::vector<UnreachedBot> overdue(SteadyTime now);

 private:
  struct BotWatch {
    std::optional<SteadyTime> unreached_since;
    bool ever_reached = false;
    bool reported = false;
  };
  std::vector<BotWatch> bots_;
  std::chrono::seconds grace_;
};

// The WARNING for one bot: what happened and what to check (network, DNS, TELEGRAM_PROXY).
// `proxy` is the redacted TELEGRAM_PROXY, or empty when none is set.
[[nodiscard]] std::string unreached_warning(const std::string& bot_label, const UnreachedBot& bot,
                                            std::chrono::seconds grace, std::string_view connection,
                                            const std::string& proxy);

}  // namespace tglink
