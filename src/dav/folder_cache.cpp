#include "dav/folder_cache.hpp"

#include <algorithm>

namespace tglink {

std::shared_ptr<const DavFolder> DavFolderCache::find(const DavGrant& grant) const {
  const auto found = kept_.find(Key{grant.user_id, grant.issued_ms});
  if (found == kept_.end()) return nullptr;
  if (clock_.steady_now() - found->second.read_at >= kDavFolderCacheLifetime) return nullptr;
  return found->second.folder;
}

std::shared_ptr<const DavFolder> DavFolderCache::keep(const DavGrant& grant, DavFolder folder) {
  const Key key{grant.user_id, grant.issued_ms};
  if (!kept_.contains(key) && kept_.size() >= kDavFolderCacheFolders) drop_oldest();
  auto shared = std::make_shared<const DavFolder>(std::move(folder));
  kept_[key] = Kept{shared, clock_.steady_now()};
  return shared;
}

void DavFolderCache::drop_oldest() {
  const auto oldest = std::min_element(
      kept_.begin(), kept_.end(),
      [](const auto& a, const auto& b) { return a.second.read_at < b.second.read_at; });
  if (oldest != kept_.end()) kept_.erase(oldest);
}

}  // namespace tglink
