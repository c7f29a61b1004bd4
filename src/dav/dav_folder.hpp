#pragma once
// What a user's WebDAV folder holds (/davlink, dav/dav_routes.hpp): the user's files, the
// /mylinks set, newest first, and one sub-folder per batch (/batch ... /done) with its files in
// the order they were sent. Only what still works is listed: a link revoked (by the user, an
// admin, or every link of a banned user) or expired is left out, and so is a batch that is
// revoked, expired or still open. Names are the real names made safe and unique
// (dav/folder_names.hpp); a batch's folder is named after when it was made ("Batch 2026-11-29
// 06h50", UTC; no dot, so nothing in it reads as an extension).
//
// Pure: the records come from the store (dav/dav_folder_source.hpp reads them), and which links
// are revoked from the revoked links in memory.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "store/store.hpp"

namespace tglink {

// At most this many of the user's newest links, and of their newest batches, are listed.
inline constexpr int kDavFolderFiles = 1000;
inline constexpr int kDavFolderBatches = 100;

struct DavFileEntry {
  std::string name;  // unique within its folder
  std::int64_t message_id = 0;
  std::int64_t size = 0;
  std::string content_type;
  std::int64_t created_unix = 0;
  std::optional<SystemTime> expires_at;
};

struct DavBatchEntry {
  std::string name;  // unique among the root's names
  std::int64_t batch_id = 0;
  std::int64_t created_unix = 0;
  std::optional<SystemTime> expires_at;
  std::vector<DavFileEntry> files;  // in the order sent
};

struct DavFolder {
  std::vector<DavFileEntry> files;     // newest first
  std::vector<DavBatchEntry> batches;  // newest first
};

// A batch and its files as the store keeps them.
struct BatchContents {
  BatchRecord batch;
  std::vector<BatchFile> files;
};

// `links` newest first (Store::user_links), `batches` newest first.
[[nodiscard]] DavFolder build_dav_folder(const std::vector<LinkRecord>& links,
                                         const std::vector<BatchContents>& batches, SystemTime now,
                                         const std::function<bool(std::int64_t)>& revoked);

// What a path inside the folder names: the folder itself, a batch's folder, or a file.
struct DavTarget {
  const DavBatchEntry* batch = nullptr;  // set for a batch's folder and a file in it
  const DavFileEntry* file = nullptr;    // set for a file
  [[nodiscard]] bool is_collection() const { return file == nullptr; }
};

// `path` is the decoded segments after the folder's root; nullopt when nothing has that path.
[[nodiscard]] std::optional<DavTarget> find_in_folder(const DavFolder& folder,
                                                      const std::vector<std::string>& path);

}  // namespace tglink
