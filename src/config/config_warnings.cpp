#include "config/config_warnings.hpp"

#include "core/telegram_button_urls.hpp"

namespace tglink {

namespace {

// One warning about the addresses in `setting`, or "" when there is nothing to say. `sample`
// is a URL built on it, as tglink would send it.
std::string address_warning(const std::string& setting, const std::string& url,
                            const std::string& sample, const std::string& fix) {
  const bool local = is_loopback_url(url);
  const bool no_buttons = !telegram_accepts_link(sample);
  if (!local && !no_buttons) return {};
  std::string warning = setting + " is " + url + ": ";
  if (local) warning += "links built on it work only on this machine";
  if (local && no_buttons) warning += ", and ";
  if (no_buttons) {
    warning +=
        "Telegram will not show buttons to them (its host has no dot), so users get the links as "
        "plain text without the Play Video button";
  }
  return warning + ". Set " + fix + ".";
}

}  // namespace

std::vector<std::string> config_warnings(const Config& config, ConfigMode mode) {
  std::vector<std::string> warnings;
  if (mode == ConfigMode::Demo) return warnings;
  std::string base = address_warning("BASE_URL", config.base_url, config.base_url + "/dl/x",
                                     "BASE_URL to this server's public address, e.g. "
                                     "BASE_URL=https://files.example.com");
  if (!base.empty()) warnings.push_back(std::move(base));
  // Without VIDEO_FRONTEND_URL the player is on BASE_URL, which the warning above covers.
  if (config.video_frontend_enabled && !config.video_frontend_url.empty()) {
    std::string player = address_warning(
        "VIDEO_FRONTEND_URL", config.video_frontend_url, config.player_url() + "?stream=x",
        "VIDEO_FRONTEND_URL to a public address, or leave it unset for the built-in player");
    if (!player.empty()) warnings.push_back(std::move(player));
  }
  return warnings;
}

}  // namespace tglink
