#include "telegram/reachability_watch.hpp"

#include <fmt/format.h>

namespace tglink {

ReachabilityWatch::ReachabilityWatch(std::size_t bots, SteadyTime start, std::chrono::seconds grace)
    : bots_(bots, BotWatch{start, false, false}), grace_(grace) {}

void ReachabilityWatch::update(std::size_t bot, bool reached, SteadyTime now) {
  if (bot >= bots_.size()) return;
  BotWatch& watch = bots_[bot];
  if (reached) {
    watch = BotWatch{std::nullopt, true, false};
  } else if (!watch.unreached_since) {
    watch.unreached_since = now;
  }
}

std::vector<UnreachedBot> ReachabilityWatch::overdue(SteadyTime now) {
  std::vector<UnreachedBot> late;
  for (std::size_t i = 0; i < bots_.size(); ++i) {
    BotWatch& watch = bots_[i];
    if (!watch.unreached_since || watch.reported || now - *watch.unreached_since < grace_) {
      continue;
    }
    watch.reported = true;
    late.push_back(UnreachedBot{i, watch.ever_reached});
  }
  return late;
}

std::string unreached_warning(const std::string& bot_label, const UnreachedBot& bot,
                              std::chrono::seconds grace, std::string_view connection,
                              const std::string& proxy) {
  const std::string what =
      bot.ever_reached
          ? fmt::format("{} lost its connection to Telegram {} s ago and has not got it back",
                        bot_label, grace.count())
          : fmt::format("{} has not reached Telegram in the {} s since start", bot_label,
                        grace.count());
  const std::string through =
      proxy.empty() ? std::string(
                          "TELEGRAM_PROXY is not set, so it connects directly; where "
                          "Telegram is blocked, set TELEGRAM_PROXY")
                    : fmt::format(
                          "it goes through TELEGRAM_PROXY={}: check that this proxy is "
                          "up and reachable from here",
                          proxy);
  return fmt::format(
      "{} (connection: {}). Check the network (can this machine reach the internet?), DNS "
      "(does the host name resolve?), and the proxy: {}. Links keep failing with 503 and "
      "/api/info answers 500 until it connects.",
      what, connection, through);
}

}  // namespace tglink
