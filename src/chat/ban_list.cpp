#include "chat/ban_list.hpp"

namespace tglink {

void BanList::load(Store& store) {
  const std::vector<BanRecord> bans = store.list_bans();
  std::unordered_set<std::int64_t> loaded;
  loaded.reserve(bans.size());
  for (const BanRecord& ban : bans) loaded.insert(ban.user_id);
  banned_ = std::move(loaded);
}

}  // namespace tglink
