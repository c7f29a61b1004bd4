#include "chat/ban_list.hpp"

namespace tglink {

void BanList::replace(const std::vector<BanRecord>& bans) {
  std::unordered_set<std::int64_t> loaded;
  loaded.reserve(bans.size());
  for (const BanRecord& ban : bans) loaded.insert(ban.user_id);
  banned_ = std::move(loaded);
}

}  // namespace tglink
