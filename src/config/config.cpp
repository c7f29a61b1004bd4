#include "config/config.hpp"

#include <algorithm>

namespace tglink {

bool Config::is_admin(std::int64_t user_id) const {
  return std::find(admins.begin(), admins.end(), user_id) != admins.end();
}

bool Config::may_make_links(std::int64_t user_id) const {
  if (allowed_users.empty() || is_admin(user_id)) return true;
  return std::find(allowed_users.begin(), allowed_users.end(), user_id) != allowed_users.end();
}

bool Config::serves_channel(std::int64_t chat_id) const {
  if (chat_id == log_channel) return false;
  return any_channel || std::find(channels.begin(), channels.end(), chat_id) != channels.end();
}

std::string Config::player_url() const {
  if (!video_frontend_url.empty()) {
    return video_frontend_url;
  }
  return base_url + "/player";
}

}  // namespace tglink
