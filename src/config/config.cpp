#include "config/config.hpp"

#include <algorithm>

namespace tglink {

bool Config::is_admin(std::int64_t user_id) const {
  return std::find(admins.begin(), admins.end(), user_id) != admins.end();
}

std::string Config::player_url() const {
  if (!video_frontend_url.empty()) {
    return video_frontend_url;
  }
  return base_url + "/player";
}

}  // namespace tglink
