#include "dav/dav_folder.hpp"

#include <algorithm>

#include <fmt/chrono.h>
#include <fmt/format.h>

#include "dav/folder_names.hpp"
#include "media/mime_types.hpp"

namespace tglink {

namespace {

std::optional<SystemTime> expiry(std::int64_t expires_unix) {
  if (expires_unix == 0) return std::nullopt;
  return SystemTime{std::chrono::seconds{expires_unix}};
}

bool expired(const std::optional<SystemTime>& expires_at, SystemTime now) {
  return expires_at && now >= *expires_at;
}

std::string batch_folder_name(std::int64_t created_unix) {
  return fmt::format("Batch {:%Y-%m-%d %Hh%M}",
                     SystemTime{std::chrono::seconds{std::max<std::int64_t>(created_unix, 0)}});
}

// Gives each entry its unique name, oldest first (entries are listed newest first, so the
// names are assigned from the back), so a file keeps its name as newer ones arrive.
template <typename Entry>
void name_newest_first(std::vector<Entry*>& entries, std::vector<std::string> safe_names) {
  std::reverse(safe_names.begin(), safe_names.end());
  const std::vector<std::string> unique = unique_folder_names(safe_names);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    entries[entries.size() - 1 - i]->name = unique[i];
  }
}

std::vector<DavFileEntry> batch_files(const BatchContents& contents,
                                      const std::optional<SystemTime>& expires_at,
                                      const std::function<bool(std::int64_t)>& revoked) {
  std::vector<DavFileEntry> files;
  std::vector<std::string> safe;
  for (const BatchFile& stored : contents.files) {
    if (revoked(stored.copy_message_id)) continue;
    files.push_back(DavFileEntry{std::string(), stored.copy_message_id, stored.file_size,
                                 effective_mime(stored.mime_type, stored.file_name),
                                 contents.batch.created_unix, expires_at});
    safe.push_back(folder_safe_name(stored.file_name));
  }
  const std::vector<std::string> unique = unique_folder_names(safe);
  for (std::size_t i = 0; i < files.size(); ++i) files[i].name = unique[i];
  return files;
}

}  // namespace

DavFolder build_dav_folder(const std::vector<LinkRecord>& links,
                           const std::vector<BatchContents>& batches, SystemTime now,
                           const std::function<bool(std::int64_t)>& revoked) {
  DavFolder folder;
  for (const LinkRecord& link : links) {
    const std::optional<SystemTime> expires_at = expiry(link.expires_unix);
    if (link.revoked || revoked(link.message_id) || expired(expires_at, now)) continue;
    folder.files.push_back(DavFileEntry{link.file_name, link.message_id, link.file_size,
                                        std::string(mime_type_for_file_name(link.file_name)),
                                        link.created_unix, expires_at});
  }
  for (const BatchContents& contents : batches) {
    const BatchRecord& batch = contents.batch;
    const std::optional<SystemTime> expires_at = expiry(batch.expires_unix);
    if (batch.state != "closed" || batch.revoked || expired(expires_at, now)) continue;
    folder.batches.push_back(DavBatchEntry{batch_folder_name(batch.created_unix), batch.id,
                                           batch.created_unix, expires_at,
                                           batch_files(contents, expires_at, revoked)});
  }
  // Files and batch folders share the root's names; files first, so a file named like a batch
  // keeps its own name.
  std::vector<DavFileEntry*> files;
  std::vector<std::string> safe;
  for (DavFileEntry& file : folder.files) {
    files.push_back(&file);
    safe.push_back(folder_safe_name(file.name));
  }
  const std::size_t file_count = files.size();
  name_newest_first(files, safe);
  std::vector<std::string> names;
  for (const DavFileEntry* file : files) names.push_back(file->name);
  for (const DavBatchEntry& batch : folder.batches) names.push_back(batch.name);
  const std::vector<std::string> unique = unique_folder_names(names);
  for (std::size_t i = 0; i < folder.batches.size(); ++i) {
    folder.batches[i].name = unique[file_count + i];
  }
  return folder;
}

std::optional<DavTarget> find_in_folder(const DavFolder& folder,
                                        const std::vector<std::string>& path) {
  if (path.empty()) return DavTarget{};
  if (path.size() > 2) return std::nullopt;
  const std::string& first = path.front();
  if (path.size() == 1) {
    for (const DavFileEntry& file : folder.files) {
      if (file.name == first) return DavTarget{nullptr, &file};
    }
  }
  for (const DavBatchEntry& batch : folder.batches) {
    if (batch.name != first) continue;
    if (path.size() == 1) return DavTarget{&batch, nullptr};
    for (const DavFileEntry& file : batch.files) {
      if (file.name == path[1]) return DavTarget{&batch, &file};
    }
  }
  return std::nullopt;
}

}  // namespace tglink
