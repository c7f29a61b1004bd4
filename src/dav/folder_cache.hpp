#pragma once
// The WebDAV folders lately read, per folder token, for the GET and HEAD of a file in them.
//
// A player or a download manager reads one file of a folder as many ranges. Reading the user's
// whole folder from the store (every link, every batch and its files) to find the file a name
// stands for cost 0.2-0.4 ms a request with one file in the folder, more with a full one, where
// /dl costs none of it. So for a file's GET and HEAD, which name stands for which file may be up
// to kDavFolderCacheLifetime old; nothing else is taken from here:
//   - whether the folder still opens (/davlink off, a ban, ALLOWED_USERS) is read from the store
//     on every request, so a closed folder is closed on every node at once;
//   - a file's revocation and expiry are checked on every request as /dl checks them;
//   - every listing (PROPFIND, the HTML index, the play queue) reads the store afresh, and what
//     it read replaces what is kept here.
// A file sent a moment ago is found by name once its folder is listed, or within the lifetime.
//
// Used on the I/O thread only. At most kDavFolderCacheFolders folders; the oldest goes first.

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <utility>

#include "core/clock.hpp"
#include "dav/dav_folder.hpp"
#include "links/dav_token.hpp"

namespace tglink {

inline constexpr std::chrono::seconds kDavFolderCacheLifetime{10};
inline constexpr std::size_t kDavFolderCacheFolders = 256;

class DavFolderCache {
 public:
  // `clock` must outlive the cache.
  explicit DavFolderCache(const Clock& clock) : clock_(clock) {}

  // The folder `grant` opened when it was read, at most kDavFolderCacheLifetime ago; or null.
  [[nodiscard]] std::shared_ptr<const DavFolder> find(const DavGrant& grant) const;

  // Keeps `folder`, just read for `grant`, in place of what was kept for it; answers it.
  std::shared_ptr<const DavFolder> keep(const DavGrant& grant, DavFolder folder);

 private:
  using Key = std::pair<std::int64_t, std::int64_t>;  // user id, token issued (ms)
  struct Kept {
    std::shared_ptr<const DavFolder> folder;
    SteadyTime read_at;
  };

  void drop_oldest();

  const Clock& clock_;
  std::map<Key, Kept> kept_;
};

}  // namespace tglink
